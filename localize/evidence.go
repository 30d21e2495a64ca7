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
// go test's order. Listing runs a test function whole to find its
// subtests, so a test that runs for ever under the interpreter (one that
// waits for a real-time timer while a goroutine computes, say) would
// otherwise hold the evidence stage, and with it the failing cases, for
// ever. A function whose listing outlives its bound adds a CaseError and
// none of its cases: running them again would take as long.
func listEvidence(ctx context.Context, prog *trace.Program, pkgPath string, keep func(string) bool, bound time.Duration) ([]string, []*CaseError, error) {
	var names []string
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
		ns, err := prog.ListTestsOf(lctx, pkgPath, func(n string) bool { return n == name }, nil)
		expired := lctx.Err() != nil
		cancel()
		if ctx.Err() != nil {
			return names, errs, ctx.Err()
		}
		if expired {
			errs = append(errs, &CaseError{Case: name, Err: fmt.Errorf("localize: listing its cases ran longer than %v, the bound of a case that only adds evidence (PackageOptions.EvidenceTimeout): left out of the spectrum", bound)})
			continue
		}
		errs = append(errs, caseErrors(err)...)
		names = append(names, ns...)
	}
	// The rest are examples, listed without running them.
	ns, err := prog.ListTestsOf(ctx, pkgPath, func(n string) bool { return !run[n] && keep(n) }, nil)
	if ctx.Err() != nil {
		return names, errs, ctx.Err()
	}
	return append(names, ns...), append(errs, caseErrors(err)...), nil
}
