package trace

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"sync"
	"unicode/utf8"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/internal/cfg"
)

// branchDeps returns, per block of fn, the distinct If blocks it is control
// dependent on (internal/cfg computes post-dominators and the dependence
// edges; the trace needs only the branch blocks).
func branchDeps(fn *ssa.Function) [][]int32 {
	deps := cfg.ControlDeps(fn)
	out := make([][]int32, len(deps))
	for b, ds := range deps {
		for _, d := range ds {
			if !containsInt32(out[b], int32(d.Block)) {
				out[b] = append(out[b], int32(d.Block))
			}
		}
	}
	return out
}

func containsInt32(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

type opcode uint8

const (
	opNop opcode = iota
	opAlloc
	opBinOp
	opUnOp
	opLoad
	opStore
	opIf
	opJump
	opReturn
	opPanic
	opPhi
	opCall
	opDefer
	opConvert
	opChangeType
	opMakeInterface
	opTypeAssert
	opExtract
	opField
	opFieldAddr
	opIndex
	opIndexAddr
	opSlice
	opSliceToArrayPtr
	opMakeSlice
	opMakeMap
	opMapUpdate
	opLookup
	opRange
	opNext
	opMakeClosure
	opRunDefers
	opGo
	opMakeChan
	opSend
	opRecv
	opSelect
	opUnsupported
	opLoadNative  // *p where p may point to a value that lives natively (bridge_gen.go)
	opStoreNative // *p = v, likewise
	// Specialised BinOps on integer words (see specialise).
	opAddW // 64-bit + (result kind in ins.rk)
	opSubW // 64-bit -
	opMulW // 64-bit *
	opEqlW // == on integers or booleans of any width
	opNeqW // !=
	opLssI // < on signed integers of any width (sign-extended words)
	opLeqI // <=
	opGtrI // >
	opGeqI // >=
)

// numClass classifies the operand type of arithmetic and comparisons.
type numClass uint8

const (
	clsOther numClass = iota
	clsInt
	clsUint
	clsFloat
	clsComplex
	clsString
	clsBool
)

// intInfo describes an integer or float type's width and signedness.
type intInfo struct {
	bits   uint8
	signed bool
}

func (ii intInfo) norm(u uint64) uint64 {
	if ii.bits == 0 || ii.bits >= 64 {
		return u
	}
	sh := 64 - ii.bits
	if ii.signed {
		return uint64(int64(u<<sh) >> sh)
	}
	return u << sh >> sh
}

// ins is a compiled instruction.
type ins struct {
	op      opcode
	sub     token.Token
	cls     numClass
	ii      intInfo
	commaOk bool
	rk      Kind // result kind of specialised BinOps
	dst     int32
	n       int32 // field index, tuple index
	loc     int32 // the instruction's block: its occurrence count (frame.occ[loc]) counts the block's instances, the current one included
	sid     StaticID
	a       []int32
	a0, a1  int32 // a[0] and a[1] when present, for the interpreter's loop
	succ    [2]int32
	// sc: the instruction defines a scalar (scalarIns), or a Store stores
	// one (scalarStore): the pointer word of its register, or of the
	// cell stored into, is always nil, so recorded runs write the word
	// and kind only, without a write barrier (see setWord).
	sc bool
	// rrun: the number of instructions from this one on that recRun
	// runs (see recSimple), up to the end of the block and at most segCap.
	rrun int32
	// sdmin: the first of the static instructions that define operands
	// of this one earlier in its block, whose dependences a recorded
	// event leaves implied if they are in its segment (see sd and
	// setStaticDeps); entryOnly if the implied ones are all on Allocs of
	// the entry block; -1 if there are none. sdyn: the register of the
	// one other operand that can have a defining event, if any, else -1
	// (for recRun, whose instructions have two operands at most).
	sdmin StaticID
	sdyn  int32
	// fl: a Load or Store of a value that is neither a scalar (sc) nor
	// an aggregate or native value (see flatType): recRun runs it.
	fl bool
	// rops: bit 0 (1), a0 is a register operand; bit 1 (2), a1 is (for
	// recRun's dependences).
	rops  uint8
	z     Value // zero template (Alloc, Lookup, MakeSlice, TypeAssert)
	x     any
	instr ssa.Instruction
	// sd, sdr: the register operands that can have a defining event, in
	// order (see Static.sd): sd[i] is the distance back to the static
	// instruction defining the operand earlier in the block, minus the
	// distance back to the entry block's Alloc defining it, or 0 if it
	// is defined elsewhere (its register is sdr[i]). nil if sdmin is -1.
	sd, sdr []int32
}

type callKind uint8

const (
	callStatic callKind = iota
	callBuiltin
	callDynamic
	callInvoke
)

type callInfo struct {
	kind    callKind
	code    *fnCode
	builtin string
	method  *types.Func
	sig     *types.Signature
	args    []types.Type // static argument types
	res     types.Type
	ez      Value // element zero for append
	ecls    numClass
	esize   int64 // element size for append's growth
	noscan  bool  // elements hold no pointers
	ptrRes  bool  // the result's Value may hold a pointer (see Trace.reserveRef)
	name    string
}

type convInfo struct {
	from, to       types.Type
	fcls, tcls     numClass
	fii, tii       intInfo
	toBytes, toRun bool // string -> []byte / []rune
	fromBytes      bool // []byte or []rune -> string
	fromRunes      bool
}

type assertInfo struct {
	t        typeRef
	isIface  bool
	from     types.Type // the static interface type asserted from
	nilCheck bool       // go/ssa's nil check of an interface method value
}

type globalSlot struct {
	slot int32
	gid  int
	g    *ssa.Global
}

type blockCode struct {
	instrs []ins
	preds  []int32
	nphi   int
}

// fnCode is a compiled function. It is created as a shell and compiled on
// first use.
type fnCode struct {
	fn      *ssa.Function
	cov     int32 // the global index of its first block, for coverage-only runs (cover.go)
	once    sync.Once
	nregs   int
	tmpl    []Value
	globals []globalSlot
	np, nfv int
	psid    []StaticID
	blocks  []blockCode
	nloc    int
	cdeps   [][]int32
	hasIf   bool
	defers  bool
	hasGo   bool      // contains a go statement (its frames may outlive their return)
	id      int32     // index of the function's free list of frames in a run
	pool    sync.Pool // *frameMem of frames returned in finished runs
	nslab   int       // variables whose cells live in the frame's slab
	// varReg gives, per slab variable, the register that holds it in the
	// fast form (fast.go), or -1 if it stays in the slab there.
	varReg   []int32
	fastOnce sync.Once
	fast     *fastCode
	hotOnce  sync.Once
	hot      []*hotBlock // see hotForm
	recover  int
	results  int
	zres     []Value
	ext      extFunc // non-nil for bridged functions (no body)
	extName  string
}

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
	p     *Program
	c     *fnCode
	slots map[ssa.Value]int32
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
	cp := &compiler{p: p, c: c, slots: map[ssa.Value]int32{}}
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

// setStaticDeps sets the sd, sdr and sdmin of c's instructions and the
// sd of their statics: an event's dependence on an operand defined by an
// earlier instruction of its block (not a call, whose result's event is
// the callee's Return) is implied when that instruction's event is in the
// event's segment (its static ID is at least the segment's first), so the
// recorder stores only the dependences on operands defined elsewhere.
// p.mu is held.
func (p *Program) setStaticDeps(c *fnCode) {
	type def struct {
		block, index int
		sid          StaticID
		call, alloc  bool
	}
	defs := map[int32]def{}
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			if in := &c.blocks[bi].instrs[ii]; in.dst >= 0 {
				defs[in.dst] = def{bi, ii, in.sid, in.op == opCall, in.op == opAlloc}
			}
		}
	}
	// The entry block runs once per frame, before any other: its
	// variables' Allocs have one event in the frame, which Deps finds
	// (entryEvent).
	entryOnce := len(c.fn.Blocks) > 0 && len(c.fn.Blocks[0].Preds) == 0
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			in := &c.blocks[bi].instrs[ii]
			in.sdmin, in.sdyn = -1, -1
			if in.op == opPhi { // recorded by phis, with its edge's value and gate
				continue
			}
			var sd, sdr []int32
			inBlock, inEntry := false, false
			sdmin := in.sid
			for _, s := range in.a {
				if s < 0 {
					continue
				}
				d, ok := defs[s]
				switch {
				case ok && d.block == bi && d.index < ii && !d.call:
					sd, sdr = append(sd, int32(in.sid-d.sid)), append(sdr, -1)
					inBlock = true
					sdmin = min(sdmin, d.sid)
				case ok && d.block == 0 && d.alloc && entryOnce:
					sd, sdr = append(sd, -int32(in.sid-d.sid)), append(sdr, -1)
					inEntry = true
				case ok || int(s) < c.np+c.nfv:
					// Defined elsewhere: a parameter, a free variable, a
					// call's result or another block's instruction.
					sd, sdr = append(sd, 0), append(sdr, s)
				}
				// Else a constant, global or function: no event.
			}
			if inBlock || inEntry {
				in.sd, in.sdr, in.sdmin = sd, sdr, sdmin
				if !inBlock {
					in.sdmin = entryOnly
				}
				p.statics[in.sid].sd = sd
				for _, r := range sdr {
					if r >= 0 {
						in.sdyn = r
					}
				}
			}
		}
	}
}

// entryOnly is the sdmin of an instruction whose implied dependences are
// all on Allocs of the entry block: above every static ID, so that they
// are implied in any segment, and below those offset by
// RunOptions.noStaticDeps (1<<30).
const entryOnly = 1<<30 - 1

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
			in.op = opEqlW
		case token.NEQ:
			in.op = opNeqW
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
	if s, ok := cp.slots[v]; ok {
		return s
	}
	s := cp.newSlot(v)
	switch v := v.(type) {
	case *ssa.Const:
		cp.c.tmpl[s] = cp.p.constValue(v)
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
			if isNativeType(deref(i.X.Type())) {
				in.op = opLoadNative
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
		if isNativeType(deref(i.Addr.Type())) {
			in.op = opStoreNative
		}
		in.a = []int32{cp.slot(i.Addr), cp.slot(i.Val)}
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
			return unsupported("conversion through unsafe.Pointer", instr)
		}
		in.op = opConvert
		in.x = cp.convInfo(i.X.Type(), i.Type())
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.ChangeType:
		in.op = opChangeType
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
		if isNativeType(i.X.Type()) {
			return unsupported("field of "+i.X.Type().String()+", whose values live natively", instr)
		}
		in.op = opField
		in.n = int32(i.Field)
		in.a = []int32{cp.slot(i.X)}
		in.dst = cp.dst(i)
	case *ssa.FieldAddr:
		if isNativeType(deref(i.X.Type())) {
			return unsupported("field of "+deref(i.X.Type()).String()+", whose values live natively", instr)
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
		in.op = opIndexAddr
		in.a = []int32{cp.slot(i.X), cp.slot(i.Index)}
		in.dst = cp.dst(i)
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
		in.x = p.shell(i.Fn.(*ssa.Function))
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

// classify returns the numeric class and width of t.
func classify(t types.Type) (numClass, intInfo) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return clsOther, intInfo{}
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return clsBool, intInfo{}
	case types.Int, types.Int64, types.UntypedInt:
		return clsInt, intInfo{64, true}
	case types.Int8:
		return clsInt, intInfo{8, true}
	case types.Int16:
		return clsInt, intInfo{16, true}
	case types.Int32, types.UntypedRune:
		return clsInt, intInfo{32, true}
	case types.Uint, types.Uint64, types.Uintptr:
		return clsUint, intInfo{64, false}
	case types.Uint8:
		return clsUint, intInfo{8, false}
	case types.Uint16:
		return clsUint, intInfo{16, false}
	case types.Uint32:
		return clsUint, intInfo{32, false}
	case types.Float32:
		return clsFloat, intInfo{32, true}
	case types.Float64, types.UntypedFloat:
		return clsFloat, intInfo{64, true}
	case types.Complex64:
		return clsComplex, intInfo{32, true}
	case types.Complex128, types.UntypedComplex:
		return clsComplex, intInfo{64, true}
	case types.String, types.UntypedString:
		return clsString, intInfo{}
	}
	return clsOther, intInfo{}
}

// zero returns the zero value of t (a template: copy aggregates before
// putting them in memory).
func (p *Program) zero(t types.Type) Value {
	if v, ok := nativeZero(t); ok {
		return v
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch cls, _ := classify(u); cls {
		case clsBool:
			return Bool(false)
		case clsInt:
			return Int(0)
		case clsUint:
			return Uint(0)
		case clsFloat:
			return Float(0)
		case clsComplex:
			return Complex(0)
		case clsString:
			return String("")
		}
		if u.Kind() == types.UnsafePointer {
			return Value{k: KindPointer}
		}
		return Value{k: KindInterface}
	case *types.Struct:
		cs := make([]cell, u.NumFields())
		for i := range cs {
			cs[i] = cell{v: p.zero(u.Field(i).Type()), st: -1}
		}
		return aggOf(KindStruct, cs)
	case *types.Array:
		if u.Len() > 1<<24 {
			return Value{k: KindArray}
		}
		cs := make([]cell, u.Len())
		ez := p.zero(u.Elem())
		for i := range cs {
			cs[i] = cell{v: copyVal(ez), st: -1}
		}
		return aggOf(KindArray, cs)
	case *types.Pointer:
		return Value{k: KindPointer}
	case *types.Chan:
		return Value{k: KindChan}
	case *types.Slice:
		return Value{k: KindSlice}
	case *types.Map:
		return Value{k: KindMap}
	case *types.Signature:
		return Value{k: KindFunc}
	case *types.Interface:
		return Value{k: KindInterface}
	case *types.Tuple:
		vs := make([]Value, u.Len())
		for i := range vs {
			vs[i] = p.zero(u.At(i).Type())
		}
		return Tuple(vs...)
	}
	return Value{}
}

// Const returns the value of SSA constant c of p, as the interpreter
// computes it (a nil constant is its type's zero value).
func (p *Program) Const(c *ssa.Const) Value { return p.constValue(c) }

// constValue converts an SSA constant.
func (p *Program) constValue(c *ssa.Const) Value {
	if c.Value == nil {
		return p.zero(c.Type())
	}
	cls, ii := classify(c.Type())
	switch cls {
	case clsBool:
		return Bool(constant.BoolVal(c.Value))
	case clsInt:
		if v, ok := constant.Int64Val(constant.ToInt(c.Value)); ok {
			return Int(int64(ii.norm(uint64(v))))
		}
	case clsUint:
		if v, ok := constant.Uint64Val(constant.ToInt(c.Value)); ok {
			return Uint(v)
		}
		if v, ok := constant.Int64Val(constant.ToInt(c.Value)); ok {
			return Uint(ii.norm(uint64(v)))
		}
	case clsFloat:
		f, _ := constant.Float64Val(constant.ToFloat(c.Value))
		if ii.bits == 32 {
			f = float64(float32(f))
		}
		return Float(f)
	case clsComplex:
		re, _ := constant.Float64Val(constant.Real(c.Value))
		im, _ := constant.Float64Val(constant.Imag(c.Value))
		return Complex(complex(re, im))
	case clsString:
		if c.Value.Kind() == constant.Int { // T(0) in an instantiation with T = string
			if v, ok := constant.Int64Val(c.Value); ok && v >= 0 && v <= utf8.MaxRune {
				return String(string(rune(v)))
			}
			return String("\uFFFD")
		}
		return String(constant.StringVal(c.Value))
	}
	if c.Value.Kind() == constant.Float {
		f, _ := constant.Float64Val(c.Value)
		return Float(f)
	}
	return Float(math.NaN())
}

func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// bridgedSource reports whether fn, which may have a body, is run by its
// hand-written bridge instead (see handBridgedStd).
func bridgedSource(fn *ssa.Function) bool {
	fp := funcPackage(fn)
	return fp != nil && handBridgedStd[fp.Path()] && bridges[externalName(fn)] != nil
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
