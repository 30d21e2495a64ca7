package interp

import (
	"go/types"
	"strings"
)

// runtime.Callers, runtime.FuncForPC, runtime.CallersFrames and the
// methods of runtime.Func and runtime.Frames over the interpreted stack
// (pkg/errors records stack traces with them; loggers name functions).
// A program counter is made up: pcOf(s) for static instruction s, the
// call in progress in a frame, such that pc-1 and pc+1 (which callers
// use to land inside the call) name the same instruction; runtime.Caller
// uses the same ones. A *runtime.Func or *runtime.Frames is an
// interpreted variable of its (opaque) type that the run maps to what it
// stands for.

// pcOf returns the program counter of static instruction s.
func pcOf(s StaticID) uint64 { return 4*uint64(s) + 6 }

// staticOfPC returns the static instruction of program counter pc, or
// false if pc is not one pcOf makes.
func (r *run) staticOfPC(pc uint64) (StaticID, bool) {
	if pc < 4 || pc/4-1 >= uint64(r.p.NumStatics()) {
		return 0, false
	}
	return StaticID(pc/4 - 1), true
}

// callerPCs returns the program counters of the calls in progress in the
// current goroutine's frames, innermost first, from the caller of the
// bridged function on.
func (r *run) callerPCs(fr *frame, in *ins) []uint64 {
	var pcs []uint64
	for f, at := fr, in; f != nil && at != nil; f = f.caller {
		pcs = append(pcs, pcOf(at.sid))
		if f.caller != nil {
			at = f.caller.at
		}
	}
	return pcs
}

// runtimeName names function fn as the runtime does: pkg.F, pkg.(*T).M,
// pkg.T.M, pkg.F.func1.
func runtimeName(fn string) string {
	if strings.HasPrefix(fn, "(") {
		if end := strings.Index(fn, ")"); end > 0 {
			recv, rest := fn[1:end], fn[end+1:]
			star := strings.HasPrefix(recv, "*")
			recv = strings.TrimPrefix(recv, "*")
			if dot := strings.LastIndex(recv, "."); dot > 0 {
				if star {
					fn = recv[:dot] + ".(*" + recv[dot+1:] + ")" + rest
				} else {
					fn = recv + rest
				}
			}
		}
	}
	return runtimeFuncName(fn)
}

// funcs holds, per run, what the interpreted *runtime.Func and
// *runtime.Frames values stand for.
type callerState struct {
	funcs  map[*cell]StaticID
	frames map[*cell][]uint64
}

func (r *run) callers() *callerState {
	if r.cs == nil {
		r.cs = &callerState{funcs: map[*cell]StaticID{}, frames: map[*cell][]uint64{}}
	}
	return r.cs
}

// funcValue returns a *runtime.Func (type pt) for the function of static
// instruction s (nil if ok is false).
func (r *run) funcValue(pt types.Type, s StaticID, ok bool) Value {
	if !ok {
		return Value{k: KindPointer}
	}
	r.allocCells(1)
	c := newCell(r.p.zero(pt.(*types.Pointer).Elem()), NoEvent)
	r.callers().funcs[c] = s
	return Value{k: KindPointer, p: ptrOf(c)}
}

// funcOf returns the static instruction a *runtime.Func stands for.
func (r *run) funcOf(fr *frame, in *ins, v Value, name string) (StaticID, bool) {
	if v.p == nil {
		return 0, false // a nil *Func: its methods answer zero values
	}
	s, ok := r.callers().funcs[(*cell)(v.p)]
	if !ok {
		panic(&BridgeError{Func: name, CallSite: r.pos(in), Reason: "a runtime.Func not made by runtime.FuncForPC"})
	}
	return s, true
}

// staticFuncName returns the runtime name of the function of static s.
func (r *run) staticFuncName(s StaticID) string {
	st, _ := r.p.StaticInfo(s)
	if st.Func == nil {
		return ""
	}
	return runtimeName(st.Func.String())
}

func init() {
	bridges["runtime.Callers"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		skip := int(args[0].Int())
		pcs := r.callerPCs(fr, in)
		if skip == 0 {
			pcs = append([]uint64{2}, pcs...) // runtime.Callers itself (no static instruction)
		} else {
			pcs = pcs[min(skip-1, len(pcs)):]
		}
		cs := args[1].slice()
		n := min(len(cs), len(pcs))
		for i := range n {
			cs[i].v = Value{k: KindUint, n: pcs[i]}
		}
		return Int(int64(n))
	}
	bridges["runtime.FuncForPC"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		s, ok := r.staticOfPC(args[0].n)
		return r.funcValue(calleeSig(in).Results().At(0).Type(), s, ok)
	}
	bridges["(*runtime.Func).Name"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if s, ok := r.funcOf(fr, in, args[0], "(*runtime.Func).Name"); ok {
			return String(r.staticFuncName(s))
		}
		return String("")
	}
	bridges["(*runtime.Func).FileLine"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if _, ok := r.funcOf(fr, in, args[0], "(*runtime.Func).FileLine"); ok {
			if s, ok := r.staticOfPC(args[1].n); ok {
				st, _ := r.p.StaticInfo(s)
				return Tuple(String(st.Position.Filename), Int(int64(st.Position.Line)))
			}
		}
		return Tuple(String("?"), Int(0))
	}
	bridges["(*runtime.Func).Entry"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		// Not the function's first instruction: a counter at or before
		// every one the Func was made from.
		if s, ok := r.funcOf(fr, in, args[0], "(*runtime.Func).Entry"); ok {
			return Value{k: KindUint, n: pcOf(s) - 2}
		}
		return Value{k: KindUint}
	}
	bridges["runtime.CallersFrames"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		var pcs []uint64
		for _, c := range args[0].slice() {
			pcs = append(pcs, c.v.n)
		}
		pt := calleeSig(in).Results().At(0).Type().(*types.Pointer)
		r.allocCells(1)
		c := newCell(r.p.zero(pt.Elem()), NoEvent)
		r.callers().frames[c] = pcs
		return Value{k: KindPointer, p: ptrOf(c)}
	}
	bridges["(*runtime.Frames).Next"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		if args[0].p == nil {
			r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
		}
		c := (*cell)(args[0].p)
		pcs, ok := r.callers().frames[c]
		if !ok {
			panic(&BridgeError{Func: "(*runtime.Frames).Next", CallSite: r.pos(in), Reason: "a runtime.Frames not made by runtime.CallersFrames"})
		}
		frameT := calleeSig(in).Results().At(0).Type()
		frame := copyVal(r.p.zero(frameT))
		for len(pcs) > 0 {
			pc := pcs[0]
			pcs = pcs[1:]
			s, ok := r.staticOfPC(pc)
			if !ok {
				continue // runtime.Callers' own frame
			}
			st, _ := r.p.StaticInfo(s)
			set := func(name string, v Value) {
				fs := frameT.Underlying().(*types.Struct)
				for i := range fs.NumFields() {
					if fs.Field(i).Name() == name {
						frame.cells()[i].v = v
					}
				}
			}
			set("PC", Value{k: KindUint, n: pc})
			set("Function", String(r.staticFuncName(s)))
			set("File", String(st.Position.Filename))
			set("Line", Int(int64(st.Position.Line)))
			set("Entry", Value{k: KindUint, n: pcOf(s) - 2})
			fs := frameT.Underlying().(*types.Struct)
			for i := range fs.NumFields() {
				if fs.Field(i).Name() == "Func" {
					frame.cells()[i].v = r.funcValue(fs.Field(i).Type(), s, true)
				}
			}
			break
		}
		r.callers().frames[c] = pcs
		return Tuple(frame, Bool(len(pcs) > 0))
	}
}
