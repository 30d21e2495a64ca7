package localize

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// AgxFaultsGoTest localizes the fault behind a failing Go test case of
// package pkgPath, interpreted by trace: name is the case's full name, a
// test function or a subtest path ("TestClassify/T8"). The program must be
// loaded with its tests (trace.Config.Tests). The oracle is the test's own
// assertions: a candidate is verified when the re-run case passes, as go
// test would decide. Options and results are as for [AgxFaults].
func AgxFaultsGoTest(ctx context.Context, prog *trace.Program, pkgPath, name string, opts *Options) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	newEnc := func(s *maxsat.Solver, eo *encode.Options) (*encode.Encoder, error) {
		return encode.NewAssertions(prog, s, eo), nil
	}
	return agx(ctx, goTest{prog: prog, pkg: pkgPath, tc: name}, newEnc, opts)
}

// goTest is a Go test case run by the interpreter.
type goTest struct {
	prog *trace.Program
	pkg  string
	tc   string // the case's full name
}

func (g goTest) name() string { return g.tc }

// criteria are the failed assertions, and the panic's event if the case
// panicked.
func (g goTest) criteria(v *verdict) []trace.EventID {
	crit := slices.Clone(v.avoid)
	if p := v.res.Panic; p != nil && p.Event != trace.NoEvent {
		crit = append(crit, p.Event)
	}
	return crit
}

func (g goTest) run(ctx context.Context, opts *trace.RunOptions) (*verdict, error) {
	r, err := g.prog.RunGoTest(ctx, g.pkg, g.tc, opts)
	if err != nil {
		return nil, err
	}
	// A case its parent no longer runs has not passed.
	v := &verdict{res: r.Result, passed: r.Ran && !r.Failed}
	for _, a := range r.Assertions {
		v.avoid = append(v.avoid, a.Event)
		if v.failure == "" {
			v.failure = fmt.Sprintf("%s:%d: %s", filepath.Base(a.Pos.Filename), a.Pos.Line, a.Message)
		}
	}
	if v.failure == "" {
		v.failure = failure(r.Result)
		if !r.Ran {
			v.failure = "the case did not run"
		}
	}
	return v, nil
}
