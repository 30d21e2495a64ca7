package diagnose

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"
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
	wait := time.Now().Add(time.Minute)
	for {
		steps, solvers := search.Behind()
		if steps == 0 && solvers == 0 {
			break
		}
		if time.Now().After(wait) {
			t.Fatalf("after a minute, %d steps given up still run and %d solvers are not closed", steps, solvers)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
