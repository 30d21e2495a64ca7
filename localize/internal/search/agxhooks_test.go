package search

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestAgxHooks: the AgxFaults loop runs on a caller's own solver, encoder
// and choice of model, and finds foo's candidates with them.
func TestAgxHooks(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: filepath.Join(testutil.ExamplesDir(), "foo")}, ".")
	if err != nil {
		t.Fatal(err)
	}
	test := trace.Test{Name: "testFoo", Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"), Args: []trace.Value{trace.Int(3), trace.Int(5)}, Want: []trace.Value{trace.Int(2)}}
	var solvers, encoders, models int
	hooks := &Hooks{
		NewSolver: func(steps int64) (*maxsat.Solver, error) {
			solvers++
			return maxsat.NewSolver(nil)
		},
		NewEncoder: func(s *maxsat.Solver, first *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
			encoders++
			if first == nil || first.Test == nil {
				return nil, errors.New("no failing run of the test given as data")
			}
			return encode.New(prog, s, *first.Test, eo)
		},
		Model: func(ctx context.Context, s *maxsat.Solver, enc *encode.Encoder, mcs *maxsat.MCS) (*maxsat.Model, error) {
			models++
			return nil, nil // the MCS's own model
		},
	}
	rep, err := Localize(ctx, prog, prog.TestCase(test), &Options{MaxSize: 1, Hooks: hooks})
	if err != nil {
		t.Fatal(err)
	}
	verified := 0
	for _, c := range rep.Candidates {
		if c.Verified {
			verified++
		}
	}
	if solvers != 1 || encoders != 1 || models != rep.Stats.MCSes || verified != 4 {
		t.Errorf("solvers %d, encoders %d, models %d of %d MCSes, %d verified candidates; want 1, 1, one per MCS, 4", solvers, encoders, models, rep.Stats.MCSes, verified)
	}
}
