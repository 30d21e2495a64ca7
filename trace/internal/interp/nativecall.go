package interp

import (
	"runtime"
	"slices"
	"strings"
	"sync"
)

// Native frames between interpreted ones. When a native function the
// program calls (a bridged one of the standard library, such as
// bytes.(*Buffer).WriteTo) calls back into interpreted code (the
// program's io.Writer), Go's stack holds the native function's frames
// between the callback and its interpreted caller, and runtime.Caller and
// the position t.Log prints see them (zerolog's TestWriter counts them).
// enterFromNative marks the interpreted caller's frame; when asked
// ([Call.Stack], [Call.CallerPos]), the interpreter reads the native
// frames from its own Go stack, where they are while the callback runs.
// A standard-library function the interpreter emulates in its own Go
// code (fmt's printing, sort) shows no frame: its frames are the
// interpreter's.

// A NativeFrame is a frame of a native function on an interpreted
// goroutine's stack, as the Go runtime names it.
type NativeFrame struct {
	Function string // pkg.F, pkg.(*T).M
	File     string
	Line     int
}

// A StackCall is a call in progress [Call.Stack] returns: in an
// interpreted frame (Static) or a native frame (Native, not nil).
type StackCall struct {
	Static StaticID
	Native *NativeFrame
}

// noteNativeCaller records that frame fr's call in progress is of a
// native function that calls back into interpreted code, until
// forgetNativeCaller: the native frames are read only when asked for,
// from the Go stack, where they are while the callback runs.
func (r *run) noteNativeCaller(fr *frame) { r.natCallers = append(r.natCallers, fr) }

// forgetNativeCaller ends what noteNativeCaller recorded (callbacks of
// several goroutines may end in any order).
func (r *run) forgetNativeCaller(fr *frame) {
	for i := len(r.natCallers) - 1; i >= 0; i-- {
		if r.natCallers[i] == fr {
			r.natCallers = slices.Delete(r.natCallers, i, i+1)
			return
		}
	}
}

// calledBackFrom reports whether frame f was called back by a native
// function its caller called.
func (r *run) calledBackFrom(f *frame) bool {
	return f.caller != nil && slices.Contains(r.natCallers, f.caller)
}

// nativeStack hands out the native frames of the callbacks on the
// current goroutine's stack, innermost first, one callback's at a time:
// each native function that called back, as the Go stack has it.
type nativeStack struct {
	segs [][]NativeFrame
	read bool
}

// next returns the native frames of the next callback out.
func (ns *nativeStack) next() []NativeFrame {
	if !ns.read {
		ns.segs, ns.read = nativeSegments(), true
	}
	if len(ns.segs) == 0 {
		return nil
	}
	seg := ns.segs[0]
	ns.segs = ns.segs[1:]
	return seg
}

// nativeSegments returns, innermost first, the runs of frames on the
// calling Go goroutine's stack that are not the interpreter's and have
// one of the interpreter's above them: the native functions of the
// program's callbacks in progress. A run with none above it (the frames
// of a goroutine of native code, an http.Server's) is left out.
func nativeSegments() [][]NativeFrame {
	pcs := make([]uintptr, 64)
	for {
		n := runtime.Callers(2, pcs)
		if n < len(pcs) {
			pcs = pcs[:n]
			break
		}
		pcs = make([]uintptr, 4*len(pcs))
	}
	var segs [][]NativeFrame
	first := -1
	for i, pc := range pcs {
		own := interpreterPC(pc)
		switch {
		case !own && first < 0:
			first = i
		case own && first >= 0:
			var seg []NativeFrame
			frames := runtime.CallersFrames(pcs[first:i])
			for {
				f, more := frames.Next()
				if !isInterpreterFunc(f.Function) {
					seg = append(seg, NativeFrame{Function: f.Function, File: f.File, Line: f.Line})
				}
				if !more {
					break
				}
			}
			segs = append(segs, seg)
			first = -1
		}
	}
	return segs
}

// ownPCs caches interpreterPC's answers by program counter.
var ownPCs sync.Map // uintptr -> bool

// interpreterPC reports whether return address pc is in the code that
// runs interpreted code: the interpreter's own, or reflection and the
// runtime under it (reflect.Value.Call, a reflect.MakeFunc stub). The
// outermost function of the ones inlined there decides.
func interpreterPC(pc uintptr) bool {
	if own, ok := ownPCs.Load(pc); ok {
		return own.(bool)
	}
	own := true
	if f := runtime.FuncForPC(pc - 1); f != nil {
		if outer := runtime.FuncForPC(f.Entry()); outer != nil {
			own = isInterpreterFunc(outer.Name())
		}
	}
	ownPCs.Store(pc, own)
	return own
}

// isInterpreterFunc reports whether the function named (as the runtime
// names it) is part of what runs interpreted code.
func isInterpreterFunc(name string) bool {
	return strings.HasPrefix(name, "github.com/faultloc/faultloc/") ||
		strings.HasPrefix(name, "reflect.") || strings.HasPrefix(name, "runtime.")
}
