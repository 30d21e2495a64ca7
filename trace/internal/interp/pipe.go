package interp

import (
	"go/types"
	"io"
	"unsafe"
)

// io.Pipe under the scheduler (goroutine.go): the standard pipe blocks
// native threads, which would stop every interpreted goroutine with the
// one that blocks. Here a pipe is an interpreted *io.PipeWriter whose
// field r is the *io.PipeReader (as io.Pipe lays them out); the run keeps
// its state by the reader's address. As io.Pipe's, it has no buffer: a
// Write waits until Reads have taken all of its bytes or the read end is
// closed, a Read waits for a Write or the write end's close; parallel
// Writes go one after the other. A PipeReader or PipeWriter not made by
// io.Pipe is a *BridgeError.

// pipeState is one pipe of a run.
type pipeState struct {
	pending []byte // what the Write in progress offers and Reads have not taken
	offered bool   // a Write waits for a Read to take pending (even empty)
	writing bool   // a Write is in progress
	rclosed bool
	wclosed bool
	rerr    Value // the read end's close error (io.ErrClosedPipe by default)
	werr    Value // the write end's close error (io.EOF by default)
	sync    syncState
}

// done reports whether either end is closed.
func (st *pipeState) done() bool { return st.rclosed || st.wclosed }

// readErr and writeErr are what Read and Write return once the pipe is
// done, as io's readCloseError and writeCloseError.
func (st *pipeState) readErr(r *run) Value {
	if !st.rclosed && st.wclosed {
		return st.werr
	}
	return r.nativeIface(io.ErrClosedPipe)
}

func (st *pipeState) writeErr(r *run) Value {
	if !st.wclosed && st.rclosed {
		return st.rerr
	}
	return r.nativeIface(io.ErrClosedPipe)
}

type pipeKey struct{}

// pipes returns the run's pipes, by their readers' addresses.
func (r *run) pipes() map[unsafe.Pointer]*pipeState {
	return Call{r: r}.State(pipeKey{}, func() any { return map[unsafe.Pointer]*pipeState{} }).(map[unsafe.Pointer]*pipeState)
}

// pipeOf returns the state of the pipe whose reader p points to (writer:
// p is a *io.PipeWriter).
func (r *run) pipeOf(fr *frame, in *ins, p Value, writer bool, method string) *pipeState {
	if p.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	key := p.p
	if writer {
		c := (*cell)(p.p)
		if c.v.k != KindStruct || len(c.v.cells()) == 0 {
			key = nil
		} else {
			key = unsafe.Pointer(&c.v.cells()[0])
		}
	}
	st := r.pipes()[key]
	if st == nil {
		panic(&BridgeError{Func: method, CallSite: r.pos(in), Reason: "a pipe end not made by io.Pipe"})
	}
	return st
}

// pipeWait blocks the current goroutine until another changes st.
func (r *run) pipeWait(st *pipeState) { r.waitOn(&st.sync) }

func init() {
	bridges["io.Pipe"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		wt := calleeSig(in).Results().At(1).Type().(*types.Pointer).Elem()
		w := newCell(copyVal(r.p.zero(wt)), r.extEv)
		if w.v.k != KindStruct || len(w.v.cells()) == 0 {
			panic(&InternalError{Value: "io.PipeWriter is not a struct holding its PipeReader", Pos: r.pos(in)})
		}
		r.allocCells(1 + len(w.v.cells()))
		rd := unsafe.Pointer(&w.v.cells()[0])
		r.pipes()[rd] = &pipeState{}
		return Tuple(Value{k: KindPointer, p: rd}, Value{k: KindPointer, p: ptrOf(w)})
	}
	bridges["(*io.PipeReader).Read"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.pipeOf(fr, in, args[0], false, "(*io.PipeReader).Read")
		for !st.done() && !st.offered {
			r.pipeWait(st)
		}
		if st.done() {
			return Tuple(Int(0), st.readErr(r))
		}
		cs := args[1].slice()
		n := min(len(cs), len(st.pending))
		for i := range n {
			cs[i] = cell{v: Uint(uint64(st.pending[i])), st: r.extEv}
		}
		st.pending, st.offered = st.pending[n:], false
		r.wakeAll(&st.sync)
		return Tuple(Int(int64(n)), Value{k: KindInterface})
	}
	write := func(r *run, st *pipeState, b []byte) Value {
		for st.writing && !st.done() {
			r.pipeWait(st)
		}
		if st.done() {
			return Tuple(Int(0), st.writeErr(r))
		}
		st.writing = true
		defer func() { st.writing, st.pending, st.offered = false, nil, false; r.wakeAll(&st.sync) }()
		n := 0
		for once := true; once || len(b) > 0; once = false {
			st.pending, st.offered = b, true
			r.wakeAll(&st.sync)
			for st.offered && !st.done() {
				r.pipeWait(st)
			}
			if st.offered {
				return Tuple(Int(int64(n)), st.writeErr(r))
			}
			n += len(b) - len(st.pending)
			b = st.pending
		}
		return Tuple(Int(int64(n)), Value{k: KindInterface})
	}
	bridges["(*io.PipeWriter).Write"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.pipeOf(fr, in, args[0], true, "(*io.PipeWriter).Write")
		cs := args[1].slice()
		b := make([]byte, len(cs))
		for i := range cs {
			b[i] = byte(cs[i].v.n)
		}
		return write(r, st, b)
	}
	closeEnd := func(writer bool, method string, withErr bool) extFunc {
		return func(r *run, fr *frame, in *ins, args []Value) Value {
			st := r.pipeOf(fr, in, args[0], writer, method)
			var err Value
			if withErr {
				err = args[1]
			}
			// As io's onceError: an end's first close stays.
			switch {
			case writer && !st.wclosed:
				if err.p == nil {
					err = r.nativeIface(io.EOF)
				}
				st.wclosed, st.werr = true, err
			case !writer && !st.rclosed:
				if err.p == nil {
					err = r.nativeIface(io.ErrClosedPipe)
				}
				st.rclosed, st.rerr = true, err
			}
			r.wakeAll(&st.sync)
			return Value{k: KindInterface}
		}
	}
	bridges["(*io.PipeReader).Close"] = closeEnd(false, "(*io.PipeReader).Close", false)
	bridges["(*io.PipeReader).CloseWithError"] = closeEnd(false, "(*io.PipeReader).CloseWithError", true)
	bridges["(*io.PipeWriter).Close"] = closeEnd(true, "(*io.PipeWriter).Close", false)
	bridges["(*io.PipeWriter).CloseWithError"] = closeEnd(true, "(*io.PipeWriter).CloseWithError", true)
}
