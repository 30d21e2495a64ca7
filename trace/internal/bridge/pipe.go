package bridge

import (
	"os"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// os.Pipe: a real pipe of the system, whose ends are files the run opened
// (files.go), so that the program reads, writes and closes them as other
// files, and native code (fmt.Fprint to the write end) writes to it as
// natively. A read or write through the ends' methods that would wait
// lets the run's other goroutines go on (interp.Call.YieldWaiting) and
// tries again, so that a goroutine at one end lets the one at the other
// run, in the order the scheduler gives them, from run to run; only when
// no other goroutine can run does it wait natively (for a writer outside
// the run, or for ever, as natively). Native code that reads the read end
// itself (io.ReadAll, a bufio.Reader over it) waits without yielding: a
// goroutine that still has to write then never runs (the run ends at its
// context's deadline).

// pipeEnds are the pipe ends of a run (os.Pipe).
type pipeEnds map[*os.File]bool

type pipeEndsKey struct{}

func pipes(c interp.Call) pipeEnds {
	return c.State(pipeEndsKey{}, func() any { return pipeEnds{} }).(pipeEnds)
}

// fileRead is f.Read(b), yielding while a pipe end has nothing to read.
func fileRead(c interp.Call, f *os.File, b []byte) (int, error) {
	if !pipes(c)[f] {
		return f.Read(b)
	}
	for {
		if n, err, again := tryRead(f, b); !again {
			return n, err
		}
		if !c.YieldWaiting() {
			return f.Read(b)
		}
	}
}

// fileWrite is f.Write(b), yielding while a pipe end has no room.
func fileWrite(c interp.Call, f *os.File, b []byte) (int, error) {
	if !pipes(c)[f] {
		return f.Write(b)
	}
	n := 0
	for n < len(b) {
		m, err, again := tryWrite(f, b[n:])
		n += m
		if err != nil {
			return n, err
		}
		if again && !c.YieldWaiting() {
			m, err := f.Write(b[n:])
			return n + m, err
		}
	}
	return n, nil
}

func init() {
	interp.RegisterBridge("os.Pipe", func(c interp.Call, args []interp.Value) interp.Value {
		r, w, err := os.Pipe()
		if err != nil {
			return interp.Tuple(c.Zero(resType(c, 0)), c.Zero(resType(c, 1)), c.NativeValue(err))
		}
		fs, ps := files(c), pipes(c)
		fs[r], fs[w] = r.Name(), w.Name()
		ps[r], ps[w] = true, true
		return interp.Tuple(interp.BoxNative(r), interp.BoxNative(w), noErr)
	})
}
