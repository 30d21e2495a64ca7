package localize

import (
	"context"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// listEvidence lists the cases of the test functions and fuzz targets of
// pkgPath whose names keep accepts, each function's listing run bounded
// by bound (0 or negative: unbounded), then the examples keep accepts, in
// go test's order, as cases whose runs are bounded by bound. A function
// without subtests is its one case, which its listing has run recording
// coverage: that case returns the listing's run instead of running again. Listing runs a test function whole to find its
// subtests, so a test that runs for ever under the interpreter (one that
// waits for a real-time timer while a goroutine computes, say) would
// otherwise hold the evidence stage, and with it the failing cases, for
// ever. A function whose listing outlives its bound adds a CaseError and
// none of its cases: running them again would take as long.
func listEvidence(ctx context.Context, prog *trace.Program, pkgPath string, keep func(string) bool, bound time.Duration) ([]trace.Case, []*CaseError, error) {
	var names []trace.Case
	var errs []*CaseError
	run := map[string]bool{}
	for _, fn := range append(prog.TestFuncs(pkgPath), prog.FuzzFuncs(pkgPath)...) {
		name := fn.Name()
		run[name] = true
		if !keep(name) {
			continue
		}
		lctx, cancel := ctx, context.CancelFunc(func() {})
		if bound > 0 {
			lctx, cancel = context.WithTimeout(ctx, bound)
		}
		// The listing records coverage: a function without subtests is
		// its one case, and its listing run is that case's run.
		ns, r, err := prog.ListGoTest(lctx, pkgPath, name, &trace.RunOptions{CoverOnly: true})
		expired := lctx.Err() != nil
		cancel()
		if ctx.Err() != nil {
			return names, errs, ctx.Err()
		}
		if expired {
			errs = append(errs, &CaseError{Case: name, Err: fmt.Errorf("localize: listing its cases ran longer than %v, the bound of a case that only adds evidence (PackageOptions.EvidenceTimeout): left out of the spectrum", bound)})
			continue
		}
		if err != nil {
			errs = append(errs, &CaseError{Case: name, Err: err})
		}
		if err == nil && r != nil && len(ns) == 1 && ns[0] == name {
			names = append(names, ranCase{name: name, res: r})
			continue
		}
		for _, n := range ns {
			names = append(names, evidenceCase(prog, pkgPath, n, bound))
		}
	}
	// The rest are examples, listed without running them.
	ns, err := prog.ListTestsOf(ctx, pkgPath, func(n string) bool { return !run[n] && keep(n) }, nil)
	if ctx.Err() != nil {
		return names, errs, ctx.Err()
	}
	for _, n := range ns {
		names = append(names, evidenceCase(prog, pkgPath, n, bound))
	}
	return names, append(errs, caseErrors(err)...), nil
}

// evidenceCase is case name of pkgPath, its runs bounded by bound (0 or
// negative: unbounded).
func evidenceCase(prog *trace.Program, pkgPath, name string, bound time.Duration) trace.Case {
	var c trace.Case = prog.GoTestCase(pkgPath, name)
	if bound > 0 {
		c = timedCase{c, bound}
	}
	return c
}

// ranCase is a case already run, with the options the spectrum's
// collection runs it with (a coverage-only run): its Run returns that
// run's result, sparing a second run of the same case.
type ranCase struct {
	name string
	res  *trace.CaseResult
}

func (c ranCase) Name() string { return c.name }

func (c ranCase) Run(context.Context, *trace.RunOptions) (*trace.CaseResult, error) {
	return c.res, nil
}
