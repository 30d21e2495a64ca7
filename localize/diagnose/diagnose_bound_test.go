package diagnose

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestDiagnoseGivesUpEncoding: a diagnosis of examples/tax's failing tests
// under a deadline, the encoding of a case's failing run stuck in one call
// past the deadline (a blame filter that blocks, in place of a Z3 call
// that makes a term for seconds), returns at the deadline with a partial
// report while the encoding still runs; the encoding's goroutine then
// ends and the group's solvers are closed. Run with -race, it also shows
// that the call reads nothing the goroutine left behind owns.
func TestDiagnoseGivesUpEncoding(t *testing.T) {
	prog := testutil.LoadTax(t)
	cases := []trace.Case{prog.GoTestCase(taxPkg, "TestTax"), prog.GoTestCase(taxPkg, "TestNet")}
	let := make(chan struct{})
	var stuck, ended atomic.Bool
	hook := func(eo *encode.Options) {
		prev := eo.Blamable
		eo.Blamable = func(k trace.InstanceKey) bool {
			if stuck.CompareAndSwap(false, true) {
				select {
				case <-let:
				case <-time.After(20 * time.Second):
				}
				ended.Store(true)
			}
			return prev == nil || prev(k)
		}
	}
	const bound = time.Second
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	start := time.Now()
	rep, err := Run(ctx, prog, cases, &Options{encodeHook: hook})
	elapsed := time.Since(start)
	stillRunning := !ended.Load()
	close(let)
	if err != nil {
		t.Fatal(err)
	}
	if !stuck.Load() {
		t.Fatal("the encoding never reached its blame filter")
	}
	if !stillRunning {
		t.Errorf("Run returned after %v, once the encoding ended, not at its deadline", elapsed)
	}
	if !rep.Partial {
		t.Errorf("report not partial (%s), want partial at the deadline", rep.Reason)
	}
	if over := elapsed - bound; over > 500*time.Millisecond {
		loadgate.Errorf(t, "Run returned %v past its deadline of %v", over, bound)
	}
	t.Logf("returned %v after its start, deadline %v: %s", elapsed.Round(time.Millisecond), bound, rep.Reason)
	waitLeftBehind(t)
}

// TestDiagnoseGivesUpEncoder: a diagnosis of examples/tax's two failing
// tests, the making of an encoder stuck in one call when the context
// ends (an encoder hook that ends the context and blocks, in place of a
// Z3 call that makes terms for seconds), returns a moment after the end
// with a partial report whose reason says the step was given up, while
// the encoder is still being made; the hook's goroutine then ends and
// its solver is closed. The encoder is that of the first case's own
// formula (the first made), or that of the first case joining the
// group's joint formula (the third: after both cases' own).
func TestDiagnoseGivesUpEncoder(t *testing.T) {
	prog := testutil.LoadTax(t)
	cases := []trace.Case{prog.GoTestCase(taxPkg, "TestTax"), prog.GoTestCase(taxPkg, "TestNet")}
	for _, tt := range []struct {
		name string
		call int32 // the encoder made whose making is stuck
	}{
		{"own", 1},
		{"joint", 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			let := make(chan struct{})
			var calls atomic.Int32
			var stuck, ended atomic.Bool
			var ctxEnd atomic.Int64 // when the hook ended the context, in UnixNano
			var solver *maxsat.Solver
			hook := func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
				if calls.Add(1) == tt.call {
					solver = s
					stuck.Store(true)
					ctxEnd.Store(time.Now().UnixNano())
					cancel()
					select {
					case <-let:
					case <-time.After(20 * time.Second):
					}
					ended.Store(true)
				}
				if first.Test != nil {
					return encode.New(prog, s, *first.Test, eo)
				}
				return encode.NewAssertions(prog, s, eo), nil
			}
			rep, err := Run(ctx, prog, cases, &Options{newEncoder: hook})
			returned := time.Now()
			stillRunning := !ended.Load()
			close(let)
			if err != nil {
				t.Fatal(err)
			}
			if !stuck.Load() {
				t.Fatalf("only %d encoders were made, want the %dth stuck", calls.Load(), tt.call)
			}
			elapsed := returned.Sub(time.Unix(0, ctxEnd.Load()))
			if !stillRunning {
				t.Errorf("Run returned %v after its context ended, once the encoder was made, not at the end", elapsed)
			}
			if !rep.Partial || !strings.Contains(rep.Reason, "given up") {
				t.Errorf("report partial %v (%s), want partial, the making of an encoder given up", rep.Partial, rep.Reason)
			}
			if over := elapsed - 100*time.Millisecond; over > 500*time.Millisecond {
				loadgate.Errorf(t, "Run returned %v past the end of its context and the 100 ms given to the step", over)
			}
			t.Logf("returned %v after the context ended: %s", elapsed.Round(time.Millisecond), rep.Reason)
			waitLeftBehind(t)
			if err := solver.AddHard(maxsat.True()); !errors.Is(err, maxsat.ErrClosed) {
				t.Errorf("the solver of the encoder given up: AddHard = %v, want maxsat.ErrClosed", err)
			}
		})
	}
}

// waitLeftBehind waits until every step given up has ended and every
// solver handed to the closer is closed.
func waitLeftBehind(t *testing.T) {
	t.Helper()
	wait := time.Now().Add(time.Minute)
	for {
		steps, solvers := search.Behind()
		if steps == 0 && solvers == 0 {
			return
		}
		if time.Now().After(wait) {
			t.Fatalf("after a minute, %d steps given up still run and %d solvers are not closed", steps, solvers)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
