package sattar

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
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestSATTARGivesUpEncoding: a session whose encoding is stuck in one
// call when its context ends (a blame filter that ends the context and
// then blocks, in place of a Z3 call that makes a term for seconds)
// returns a moment after the end with its partial result, saying the
// encoding was given up, while the encoding still runs; the encoding's
// goroutine then ends and its solver is closed. The encoding is a core's
// (the result ranks the seeds) or, with SpectrumOnly, test generation's
// (the result ranks the suite without generated tests).
func TestSATTARGivesUpEncoding(t *testing.T) {
	t.Parallel()
	v := loadList(t, "size")
	for _, tt := range []struct {
		name         string
		spectrumOnly bool
	}{
		{"cores", false},
		{"generation", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			let := make(chan struct{})
			var stuck, ended atomic.Bool
			var ctxEnd atomic.Int64 // when the filter ended the context, in UnixNano
			var solver *maxsat.Solver
			opts := &Options{InitialOnly: true, Under: []string{"(*List).Delete"}, SpectrumOnly: tt.spectrumOnly}
			opts.Search.Hooks = &search.Hooks{NewEncoder: func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
				solver = s
				prev := eo.Blamable
				eo.Blamable = func(k trace.InstanceKey) bool {
					if stuck.CompareAndSwap(false, true) {
						ctxEnd.Store(time.Now().UnixNano())
						cancel()
						select {
						case <-let:
						case <-time.After(stuckFor):
						}
						ended.Store(true)
					}
					return prev == nil || prev(k)
				}
				if first.Test != nil {
					return encode.New(v.Prog, s, *first.Test, eo)
				}
				return encode.NewAssertions(v.Prog, s, eo), nil
			}}
			res, err := Run(ctx, v.Prog, v.Pkg, "FuzzDelete", "", opts)
			returned := time.Now()
			stillRunning := !ended.Load()
			close(let)
			if !stuck.Load() {
				t.Fatalf("the encoding never reached its blame filter (result %v, error %v)", res != nil, err)
			}
			elapsed := returned.Sub(time.Unix(0, ctxEnd.Load()))
			if !stillRunning {
				t.Errorf("Run returned %v after its context ended, once the encoding ended, not at the end", elapsed)
			}
			if !errors.Is(err, context.Canceled) || !errors.Is(err, search.ErrGivenUp) {
				t.Errorf("Run: %v, want an error wrapping the context's and search.ErrGivenUp", err)
			}
			if res == nil {
				t.Fatal("no result")
			}
			if !res.Partial || !strings.Contains(res.Reason, "given up") {
				t.Errorf("result partial %v (%s), want partial, its encoding given up", res.Partial, res.Reason)
			}
			if res.Report == nil || !res.Report.Partial || len(res.Report.Ranking) == 0 {
				t.Errorf("report %+v, want the suite's ranking, partial", res.Report)
			}
			if over := elapsed - 100*time.Millisecond; over > givenUpMargin {
				loadgate.Errorf(t, "Run returned %v past the end of its context and the 100 ms given to the encoding", over)
			}
			t.Logf("returned %v after the context ended: %s", elapsed.Round(time.Millisecond), res.Reason)
			waitLeftBehind(t)
			if err := solver.AddHard(maxsat.True()); !errors.Is(err, maxsat.ErrClosed) {
				t.Errorf("the solver of the encoding given up: AddHard = %v, want maxsat.ErrClosed", err)
			}
		})
	}
}

// stuckFor is how long the encoding stays in its stand-in for a long Z3
// call unless the test lets it go: far past any margin, so that a call
// that waited for it misses its bound on any machine.
const stuckFor = 20 * time.Second

// givenUpMargin is how far past the moment given to a step a call whose
// step is given up may return on a quiet machine.
const givenUpMargin = 500 * time.Millisecond

// waitLeftBehind waits until every step given up has ended and every
// solver handed to the closer is closed.
func waitLeftBehind(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		steps, solvers := search.Behind()
		if steps == 0 && solvers == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a minute, %d steps given up still run and %d solvers are not closed", steps, solvers)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
