package interp

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// shell returns fn's fnCode, creating an uncompiled shell. p.mu must be held.
func (p *Program) shell(fn *ssa.Function) *fnCode {
	c := p.codes[fn]
	if c == nil {
		c = &fnCode{fn: fn, id: int32(len(p.codes))}
		p.codes[fn] = c
	}
	return c
}

// code returns fn's compiled code.
func (p *Program) code(fn *ssa.Function) *fnCode {
	p.mu.Lock()
	c := p.shell(fn)
	p.mu.Unlock()
	c.once.Do(func() { p.compile(c) })
	return c
}

func (c *fnCode) ensure(p *Program) *fnCode {
	c.once.Do(func() { p.compile(c) })
	return c
}

type compiler struct {
	p      *Program
	c      *fnCode
	slots  map[ssa.Value]int32
	consts map[constKey]int32           // the slot of each distinct constant (constSlot)
	views  map[*ssa.Alloc]*liveViewInfo // liveView's answers
}

// constKey identifies a constant operand: its type and value. SSA makes a
// Const for each use, and a package's table of thousands of entries
// (a lookup table, Unicode properties) uses the same few values
// thousands of times in its initializer: one slot each keeps its frame,
// which every call copies, the size of its distinct values.
type constKey struct {
	t    types.Type
	kind constant.Kind // constant.Unknown: the zero value (Const.Value nil)
	val  string
}

func (p *Program) compile(c *fnCode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	fn := c.fn
	c.recover = -1
	c.results = fn.Signature.Results().Len()
	for i := 0; i < c.results; i++ {
		c.zres = append(c.zres, p.zero(fn.Signature.Results().At(i).Type()))
	}
	if len(fn.Blocks) == 0 {
		c.extName = externalName(fn)
		c.ext = lookupBridge(p, fn, c.extName)
		c.extTyped = bridges[c.extName] == nil && (typedBridge(c.extName, stdtable.Funcs[c.extName], fn.Signature) != nil || typedMethod(c.extName, fn.Signature))
		return
	}
	if bridgedSource(fn) {
		// A standard package interpreted from source for the rest of
		// its API keeps its hand-written bridges (sort.Slice needs
		// reflection the interpreter lacks).
		c.extName = externalName(fn)
		c.ext = bridges[c.extName]
		return
	}
	n := len(fn.Params) + len(fn.FreeVars)
	for _, b := range fn.Blocks {
		n += len(b.Instrs)
	}
	cp := &compiler{p: p, c: c, slots: make(map[ssa.Value]int32, n), consts: map[constKey]int32{}}
	c.tmpl = make([]Value, 0, n)
	p.statics = slices.Grow(p.statics, n)
	for _, prm := range fn.Params {
		cp.newSlot(prm)
		c.psid = append(c.psid, p.addStatic(Static{Value: prm, Func: fn, Pos: prm.Pos()}, fn))
	}
	for _, fv := range fn.FreeVars {
		cp.newSlot(fv)
	}
	c.np, c.nfv = len(fn.Params), len(fn.FreeVars)
	c.cdeps = branchDeps(fn)
	if fn.Recover != nil {
		c.recover = fn.Recover.Index
	}
	c.blocks = make([]blockCode, len(fn.Blocks))
	c.cov = int32(len(p.covBlocks))
	for bi := range fn.Blocks {
		p.covBlocks = append(p.covBlocks, blockRef{c, int32(bi)})
	}
	for bi, b := range fn.Blocks {
		bc := &c.blocks[bi]
		for _, pr := range b.Preds {
			bc.preds = append(bc.preds, int32(pr.Index))
		}
		bc.instrs = make([]ins, 0, len(b.Instrs))
		for ii, instr := range b.Instrs {
			if _, ok := instr.(*ssa.DebugRef); ok {
				continue
			}
			in := cp.compileInstr(instr)
			if len(in.a) > 0 {
				in.a0 = in.a[0]
			}
			if len(in.a) > 1 {
				in.a1 = in.a[1]
			}
			in.loc = int32(bi)
			in.sc = in.dst >= 0 && scalarIns(&in) || in.op == opStore && scalarStore(&in)
			in.fl = !in.sc && flatMem(&in)
			pos, synth := instrPos(b, ii, instr)
			in.sid = p.addStatic(Static{Instr: instr, Value: valueOf(instr), Func: fn, Pos: pos, Synthetic: synth}, fn)
			if in.op == opPhi {
				bc.nphi++
			}
			if in.op == opIf {
				c.hasIf = true
			}
			if in.op == opDefer {
				c.defers = true
			}
			if in.op == opGo {
				c.hasGo = true
			}
			bc.instrs = append(bc.instrs, in)
		}
	}
	for bi := range c.blocks {
		bc := &c.blocks[bi]
		setRecRuns(c, bc.instrs[bc.nphi:])
		for ii := range bc.instrs {
			if in := &bc.instrs[ii]; in.op != opJump {
				bc.sids = append(bc.sids, in.sid)
			}
		}
	}
	p.setStaticDeps(c)
	c.nloc = len(c.blocks) // occurrence counters: one per block (ins.loc)
	c.varReg = make([]int32, c.nslab)
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			if in := &c.blocks[bi].instrs[ii]; in.op == opAlloc && in.n >= 0 {
				c.varReg[in.n] = -1
				if in.z.k != KindNative {
					c.varReg[in.n] = cp.newSlot(nil)
				}
			}
		}
	}
	c.nregs = len(c.tmpl)
	if !c.defers && defersThroughClosures(fn) {
		c.defers = true
	}
}

// specialise gives a BinOp on integer words a dedicated opcode, which the
// interpreter's loop runs without going through binop's switches. The
// words of integers are normalised to their width (sign-extended for
// signed types), so equality of any width and signed order compare them
// directly; arithmetic needs no normalisation only at 64 bits.
func specialise(in *ins) {
	switch in.cls {
	case clsInt, clsUint:
	case clsBool:
		switch in.sub {
		case token.EQL:
			in.op, in.rk = opEqlW, KindBool
		case token.NEQ:
			in.op, in.rk = opNeqW, KindBool
		}
		return
	default:
		return
	}
	in.rk = KindInt
	if in.cls == clsUint {
		in.rk = KindUint
	}
	w64 := in.ii.bits == 64
	signed := in.cls == clsInt
	switch {
	case in.sub == token.ADD && w64:
		in.op = opAddW
	case in.sub == token.SUB && w64:
		in.op = opSubW
	case in.sub == token.MUL && w64:
		in.op = opMulW
	case in.sub == token.EQL:
		in.op = opEqlW
	case in.sub == token.NEQ:
		in.op = opNeqW
	case in.sub == token.LSS && signed:
		in.op = opLssI
	case in.sub == token.LEQ && signed:
		in.op = opLeqI
	case in.sub == token.GTR && signed:
		in.op = opGtrI
	case in.sub == token.GEQ && signed:
		in.op = opGeqI
	}
	if in.op >= opEqlW {
		in.rk = KindBool // a comparison's
	}
}

// onlyLoadedAndStored reports whether the address a is only loaded from
// and stored into, so that no pointer to the variable outlives its frame:
// its cell can then live in the frame's slab (see frame.slab).
func onlyLoadedAndStored(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if ref.Val == a {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// defersThroughClosures reports whether a closure of fn defers calls onto
// fn's defer stack (the body of a range-over-func loop does).
func defersThroughClosures(fn *ssa.Function) bool {
	for _, anon := range fn.AnonFuncs {
		for _, b := range anon.Blocks {
			for _, instr := range b.Instrs {
				if d, ok := instr.(*ssa.Defer); ok && d.DeferStack != nil {
					return true
				}
			}
		}
		if defersThroughClosures(anon) {
			return true
		}
	}
	return false
}

func valueOf(instr ssa.Instruction) ssa.Value {
	if v, ok := instr.(ssa.Value); ok {
		if _, isCall := instr.(*ssa.Call); isCall {
			return v
		}
		return v
	}
	return nil
}

func (p *Program) addStatic(s Static, fn *ssa.Function) StaticID {
	if !s.Pos.IsValid() {
		s.Pos = fn.Pos()
		s.Synthetic = true
	}
	if s.Pos.IsValid() {
		s.Position = p.Fset.Position(s.Pos)
	}
	s.Library = p.libs[funcPackage(fn)]
	s.Support = p.support[funcPackage(fn)]
	p.statics = append(p.statics, s)
	return StaticID(len(p.statics) - 1)
}

// instrPos returns the position the trace reports for instr (see Static).
func instrPos(b *ssa.BasicBlock, i int, instr ssa.Instruction) (token.Pos, bool) {
	if iff, ok := instr.(*ssa.If); ok {
		if p := iff.Cond.Pos(); p.IsValid() {
			return p, false
		}
		if ci, ok := iff.Cond.(ssa.Instruction); ok && ci.Block() == b {
			// e.g. a load feeding the branch: its position is the condition's
			if p := ci.Pos(); p.IsValid() {
				return p, false
			}
		}
	} else if p := instr.Pos(); p.IsValid() {
		return p, false
	}
	for j := i - 1; j >= 0; j-- {
		if p := b.Instrs[j].Pos(); p.IsValid() {
			return p, true
		}
	}
	for j := i + 1; j < len(b.Instrs); j++ {
		if p := b.Instrs[j].Pos(); p.IsValid() {
			return p, true
		}
	}
	return token.NoPos, true
}

func (cp *compiler) newSlot(v ssa.Value) int32 {
	s := int32(len(cp.c.tmpl))
	cp.c.tmpl = append(cp.c.tmpl, Value{})
	if v != nil {
		cp.slots[v] = s
	}
	return s
}

func (cp *compiler) slot(v ssa.Value) int32 {
	if v == nil {
		return -1
	}
	if k, ok := v.(*ssa.Const); ok {
		return cp.constSlot(k)
	}
	if s, ok := cp.slots[v]; ok {
		return s
	}
	s := cp.newSlot(v)
	switch v := v.(type) {
	case *ssa.Function:
		cp.c.tmpl[s] = Value{k: KindFunc, p: ptrOf(&closure{fn: cp.p.shell(v), name: v.String()})}
	case *ssa.Global:
		gid, ok := cp.p.globals[v]
		if !ok {
			gid = len(cp.p.globals)
			cp.p.globals[v] = gid
		}
		cp.c.globals = append(cp.c.globals, globalSlot{slot: s, gid: gid, g: v})
	case *ssa.Builtin:
		cp.c.tmpl[s] = Value{k: KindFunc, p: ptrOf(&closure{name: v.Name()})}
	}
	return s
}

// constSlot returns the slot of constant k, shared by every operand of
// the same type and value (constKey): constants are only read.
func (cp *compiler) constSlot(k *ssa.Const) int32 {
	key := constKey{t: k.Type()}
	if k.Value != nil {
		key.kind, key.val = k.Value.Kind(), k.Value.ExactString()
	}
	if s, ok := cp.consts[key]; ok {
		return s
	}
	s := cp.newSlot(nil)
	cp.c.tmpl[s] = cp.p.constValue(k)
	cp.consts[key] = s
	return s
}

func (cp *compiler) slots2(vs []ssa.Value) []int32 {
	out := make([]int32, len(vs))
	for i, v := range vs {
		out[i] = cp.slot(v)
	}
	return out
}

func unsupported(construct string, instr ssa.Instruction) ins {
	return ins{op: opUnsupported, dst: -1, x: &UnsupportedError{Construct: construct, pos: instr.Pos(), fn: instr.Parent()}}
}

func (cp *compiler) dst(v ssa.Value) int32 { return cp.slot(v) }

func (cp *compiler) compileInstr(instr ssa.Instruction) ins {
	p := cp.p
	in := ins{dst: -1, instr: instr}
	switch i := instr.(type) {
	case *ssa.Alloc:
		in.op = opAlloc
		in.z = p.zero(deref(i.Type()))
		in.dst = cp.dst(i)
		in.n = -1
		if !i.Heap && !in.z.isAgg() && onlyLoadedAndStored(i) {
			in.n = int32(cp.c.nslab)
			cp.c.nslab++
		}
		p.compileZeroAlloc(&in, i)
	case *ssa.BinOp:
		in.op = opBinOp
		in.sub = i.Op
		in.cls, in.ii = classify(i.X.Type())
		if i.Op == token.SHL || i.Op == token.SHR {
			_, sii := classify(i.Y.Type())
			in.x = sii
		}
		in.a = []int32{cp.slot(i.X), cp.slot(i.Y)}
		in.dst = cp.dst(i)
		specialise(&in)
	case *ssa.UnOp:
		switch i.Op {
		case token.MUL:
			in.op = opLoad
			if isNativeType(deref(i.X.Type())) || nativeField(i.X) {
				in.op = opLoadNative
			} else if lv := cp.liveViewOfAddr(i.X); lv != nil {
				in.op, in.x = opLoadView, lv
			}
		case token.ARROW:
			in.op = opRecv
			in.z = p.zero(i.X.Type().Underlying().(*types.Chan).Elem())
		default:
			in.op = opUnOp
			in.sub = i.Op
			in.cls, in.ii = classify(i.X.Type())
		}
		in.commaOk = i.CommaOk
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.Store:
		in.op = opStore
		if isNativeType(deref(i.Addr.Type())) || nativeField(i.Addr) {
			in.op = opStoreNative
		} else if lv := cp.liveViewOfAddr(i.Addr); lv != nil {
			in.op, in.x = opStoreView, lv
		}
		in.a = []int32{cp.slot(i.Addr), cp.slot(i.Val)}
		if conv, ok := wordStoreOf(i.Addr); ok && in.op == opStore {
			in.op, in.n = opStoreWord, int32(wordSize(deref(conv.Type())))
			in.a = append(in.a, cp.slot(conv.X))
		}
	case *ssa.If:
		in.op = opIf
		in.a = []int32{cp.slot(i.Cond)}
		b := i.Block()
		in.succ = [2]int32{int32(b.Succs[0].Index), int32(b.Succs[1].Index)}
	case *ssa.Jump:
		in.op = opJump
		in.succ[0] = int32(i.Block().Succs[0].Index)
	case *ssa.Return:
		in.op = opReturn
		in.a = cp.slots2(i.Results)
	case *ssa.Panic:
		in.op = opPanic
		in.a = []int32{cp.slot(i.X)}
	case *ssa.Phi:
		in.op = opPhi
		in.a = cp.slots2(i.Edges)
		in.dst = cp.dst(i)
	case *ssa.Call:
		in.op = opCall
		in.x, in.a = cp.compileCall(&i.Call)
		in.dst = cp.dst(i)
	case *ssa.Defer:
		in.op = opDefer
		ci, a := cp.compileCall(&i.Call)
		in.x = ci
		in.a = append(a, cp.slot(i.DeferStack))
	case *ssa.Go:
		in.op = opGo
		in.x, in.a = cp.compileCall(&i.Call)
	case *ssa.Convert:
		if isUnsafePointer(i.X.Type()) || isUnsafePointer(i.Type()) {
			return cp.compileUnsafeConv(i) // unsafe.go
		}
		in.op = opConvert
		in.x = cp.convInfo(i.X.Type(), i.Type())
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.ChangeType:
		in.op = opChangeType
		if cr := changeRepOf(i.X.Type(), i.Type()); cr != nil {
			in.x = cr
		}
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.ChangeInterface:
		in.op = opChangeType
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.MakeInterface:
		in.op = opMakeInterface
		in.x = p.intern(i.X.Type())
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.TypeAssert:
		in.op = opTypeAssert
		_, isIface := i.AssertedType.Underlying().(*types.Interface)
		in.x = &assertInfo{t: p.intern(i.AssertedType), isIface: isIface, from: i.X.Type(), nilCheck: !p.assertPos[i.Pos()]}
		in.z = p.zero(i.AssertedType)
		in.commaOk = i.CommaOk
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.Extract:
		in.op = opExtract
		in.n = int32(i.Index)
		in.a = []int32{cp.slot(i.Tuple)}
		in.dst = cp.dst(i)
	case *ssa.Field:
		in.op = opField
		if isNativeType(i.X.Type()) {
			in.op = opFieldNative // native_field.go
		}
		in.n = int32(i.Field)
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.FieldAddr:
		if nativeField(i) {
			return cp.compileNativeFieldAddr(i) // native_field.go
		}
		in.op = opFieldAddr
		in.n = int32(i.Field)
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.Index:
		in.op = opIndex
		in.a = []int32{cp.slot(i.X), cp.slot(i.Index)}
		in.dst = cp.dst(i)
	case *ssa.IndexAddr:
		return cp.compileIndexAddr(i) // unsafe_elems.go
	case *ssa.Slice:
		in.op = opSlice
		in.a = []int32{cp.slot(i.X), cp.slot(i.Low), cp.slot(i.High), cp.slot(i.Max)}
		in.dst = cp.dst(i)
	case *ssa.SliceToArrayPointer:
		in.op = opSliceToArrayPtr
		in.n = int32(deref(i.Type()).Underlying().(*types.Array).Len())
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.MakeSlice:
		in.op = opMakeSlice
		in.z = p.zero(i.Type().Underlying().(*types.Slice).Elem())
		in.a = []int32{cp.slot(i.Len), cp.slot(i.Cap)}
		in.dst = cp.dst(i)
	case *ssa.MakeMap:
		in.op = opMakeMap
		in.dst = cp.dst(i)
	case *ssa.MapUpdate:
		in.op = opMapUpdate
		in.a = []int32{cp.slot(i.Map), cp.slot(i.Key), cp.slot(i.Value)}
	case *ssa.Lookup:
		in.op = opLookup
		in.commaOk = i.CommaOk
		if m, ok := i.X.Type().Underlying().(*types.Map); ok {
			in.z = p.zero(m.Elem())
		} else {
			return unsupported("lookup on "+i.X.Type().String(), instr)
		}
		in.a = []int32{cp.slot(i.X), cp.slot(i.Index)}
		in.dst = cp.dst(i)
	case *ssa.Range:
		in.op = opRange
		switch i.X.Type().Underlying().(type) {
		case *types.Map:
			in.n = 1
		case *types.Basic:
			in.n = 0
		default:
			return unsupported("range over "+i.X.Type().String(), instr)
		}
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.Next:
		in.op = opNext
		if i.IsString {
			in.n = 0
		} else {
			in.n = 1
			tt := i.Type().(*types.Tuple)
			in.z = p.zero(tt.At(2).Type())
		}
		in.a = []int32{cp.slot(i.Iter)}
		in.dst = cp.dst(i)
	case *ssa.MakeClosure:
		in.op = opMakeClosure
		sh := p.shell(i.Fn.(*ssa.Function))
		if sh.closureName == "" { // p.mu is held; runs read it once this compile is done
			sh.closureName = sh.fn.String()
		}
		in.x = sh
		in.a = cp.slots2(i.Bindings)
		in.dst = cp.dst(i)
	case *ssa.RunDefers:
		in.op = opRunDefers
	case *ssa.Send:
		in.op = opSend
		in.a = []int32{cp.slot(i.Chan), cp.slot(i.X)}
	case *ssa.Select:
		in.op = opSelect
		si := &selectInfo{blocking: i.Blocking}
		for _, st := range i.States {
			si.send = append(si.send, st.Dir == types.SendOnly)
			in.a = append(in.a, cp.slot(st.Chan), cp.slot(st.Send))
			if st.Dir != types.SendOnly {
				si.zeros = append(si.zeros, p.zero(st.Chan.Type().Underlying().(*types.Chan).Elem()))
			}
		}
		in.x = si
		in.dst = cp.dst(i)
	case *ssa.MakeChan:
		in.op = opMakeChan
		in.z = p.zero(i.Type().Underlying().(*types.Chan).Elem())
		in.a = []int32{cp.slot(i.Size)}
		in.dst = cp.dst(i)
	case *ssa.MultiConvert:
		return unsupported("conversion of type-parameter values", instr)
	default:
		return unsupported(fmt.Sprintf("instruction %T", instr), instr)
	}
	return in
}

func (cp *compiler) compileCall(call *ssa.CallCommon) (*callInfo, []int32) {
	p := cp.p
	ci := &callInfo{sig: call.Signature()}
	ci.ptrRes = mayHoldPointer(ci.sig.Results())
	for _, a := range call.Args {
		ci.args = append(ci.args, a.Type())
	}
	a := make([]int32, 0, len(call.Args)+1)
	switch {
	case call.IsInvoke():
		ci.kind = callInvoke
		ci.method = call.Method
		ci.name = call.Method.FullName()
		a = append(a, cp.slot(call.Value))
	default:
		switch v := call.Value.(type) {
		case *ssa.Function:
			ci.kind = callStatic
			ci.code = p.shell(v)
			ci.name = v.String()
			a = append(a, -1)
		case *ssa.Builtin:
			ci.kind = callBuiltin
			ci.builtin = v.Name()
			ci.name = v.Name()
			a = append(a, -1)
			if len(call.Args) > 0 {
				t := call.Args[0].Type()
				if s, ok := t.Underlying().(*types.Slice); ok {
					ci.ez = p.zero(s.Elem())
					ci.esize = gcSizes.Sizeof(s.Elem())
					ci.noscan = !hasPointers(s.Elem())
				}
				ci.ecls, _ = classify(t)
			}
		default:
			ci.kind = callDynamic
			ci.name = "func value"
			a = append(a, cp.slot(call.Value))
		}
	}
	for _, arg := range call.Args {
		a = append(a, cp.slot(arg))
	}
	return ci, a
}

// mayHoldPointer reports whether the Value of results (one value, or a
// tuple of several) may have a pointer word.
func mayHoldPointer(results *types.Tuple) bool {
	switch results.Len() {
	case 0:
		return false
	case 1:
		if _, native := nativeZero(results.At(0).Type()); native {
			return true
		}
		switch cls, _ := classify(results.At(0).Type()); cls {
		case clsInt, clsUint, clsFloat, clsBool:
			return false
		}
	}
	return true
}

func (cp *compiler) convInfo(from, to types.Type) *convInfo {
	ci := &convInfo{from: from, to: to}
	ci.fcls, ci.fii = classify(from)
	ci.tcls, ci.tii = classify(to)
	if ci.fcls == clsString {
		if s, ok := to.Underlying().(*types.Slice); ok {
			if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Int32 {
				ci.toRun = true
			} else {
				ci.toBytes = true
			}
		}
	}
	if ci.tcls == clsString {
		if s, ok := from.Underlying().(*types.Slice); ok {
			if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Int32 {
				ci.fromRunes = true
			} else {
				ci.fromBytes = true
			}
		}
	}
	return ci
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// bridgedSource reports whether fn, which may have a body, is run by its
// hand-written bridge instead (see handBridgedSource).
func bridgedSource(fn *ssa.Function) bool {
	fp := funcPackage(fn)
	return fp != nil && handBridgedSource[fp.Path()] && bridges[externalName(fn)] != nil
}

// funcPackage returns the package of fn, or of its generic origin for an
// instance; nil for a wrapper or other synthetic function without one.
func funcPackage(fn *ssa.Function) *types.Package {
	if fn.Pkg == nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg == nil {
		return nil
	}
	return fn.Pkg.Pkg
}
