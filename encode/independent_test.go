package encode_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"

	"golang.org/x/tools/go/ssa"
)

// libworkPkg is testdata/libwork's package.
const libworkPkg = "github.com/faultloc/faultloc/encode/testdata/libwork"

// libworkRun loads testdata/libwork and runs its failing TestClamp,
// returning the run and the events of its failed assertions.
func libworkRun(t *testing.T) (*trace.Program, *trace.CaseResult, []trace.EventID) {
	t.Helper()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/libwork", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	cr, err := prog.RunGoTest(ctx, libworkPkg, "TestClamp", nil)
	if err != nil {
		t.Fatal(err)
	}
	var avoid []trace.EventID
	for _, a := range cr.Assertions {
		avoid = append(avoid, a.Event)
	}
	return prog, cr, avoid
}

// TestIndependent encodes testdata/libwork's failing run, most of whose
// events are its assertion helper (package check, a library) parsing
// Go source after Clamp returned, with Options.Independent: most of the
// run is left out of the formula, the parse whole (its returns too),
// the run's values still satisfy what was encoded (Sanity), and the
// one-statement fixes are Clamp's, its
// faulty condition among them. Without it the whole parse is in the
// formula.
func TestIndependent(t *testing.T) {
	ctx := context.Background()
	prog, cr, avoid := libworkRun(t)
	tr := cr.Trace
	library, last := 0, trace.EventID(0)
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if fn := tr.Func(e); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == libworkPkg {
			last = e
		} else if e > last {
			library++
		}
	}
	if len(avoid) != 1 || 2*library < tr.Len() {
		t.Fatalf("the premise: %d failed assertions, %d of the run's %d events in libraries after Clamp's last", len(avoid), library, tr.Len())
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	enc := encode.NewAssertions(prog, s, &encode.Options{Independent: true, Sanity: true})
	if _, err := enc.AddRunUntil(cr.Result, tr.Len(), avoid...); err != nil {
		t.Fatal(err)
	}
	if st := enc.Stats(); 2*st.LeftOut < tr.Len() || st.Events != tr.Len() {
		t.Errorf("%d of %d events left out, want more than half of the run's %d", st.LeftOut, st.Events, tr.Len())
	}
	// The parse reads the test's constant source only: none of its
	// events, its returns included, is in the formula.
	parse, returns, in := 0, 0, 0
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if fn := tr.Func(e); fn != nil && fn.Pkg != nil && slices.Contains([]string{"go/parser", "go/scanner", "go/ast", "go/token"}, fn.Pkg.Pkg.Path()) {
			parse++
			if _, ok := tr.Instr(e).(*ssa.Return); ok {
				returns++
			}
			if encode.Named(enc, tr.Key(e)) {
				in++
			}
		}
	}
	if parse == 0 || returns == 0 || in > 0 {
		t.Errorf("%d of the parse's %d events (%d returns) in the formula, want none", in, parse, returns)
	}
	// IndependentEvents counts, without a solver, what was encoded: all
	// but the failed assertion that is not among the dependent events.
	opts := &encode.Options{Independent: true}
	if n, kept := encode.IndependentEvents(prog, tr, tr.Len(), opts), enc.Stats().Events-enc.Stats().LeftOut; n > kept || kept > n+len(avoid) || n == tr.Len() {
		t.Errorf("IndependentEvents = %d, the encoder kept %d of %d", n, kept, tr.Len())
	} else {
		t.Logf("IndependentEvents = %d, the encoder kept %d of %d", n, kept, tr.Len())
	}
	if n := encode.IndependentEvents(prog, tr, tr.Len(), &encode.Options{Inputs: func(*ssa.Function) bool { return false }}); n != tr.Len() {
		t.Errorf("IndependentEvents with Inputs = %d, want all %d", n, tr.Len())
	}
	fixes := encode.OneStatementFixes(ctx, t, s)
	if !slices.ContainsFunc(fixes, func(g string) bool { return strings.HasSuffix(g, "clamp.go:10") }) {
		t.Errorf("one-statement fixes %q: no clamp.go:10 (x > 11)", fixes)
	}
	for _, g := range fixes {
		if !strings.Contains(g, "libwork/clamp.go:") {
			t.Errorf("one-statement fix %q outside Clamp", g)
		}
	}
}

// TestFullSanity encodes testdata/libwork's failing run in full (no
// Options.Independent): the whole parse of its assertion helper is in the
// formula, and the run's own values must still satisfy it (Sanity). The
// parser's deferred closures read variables they captured (free
// variables), whose loads must read the variables' last stores, not
// their zero values. The sanity check of the whole formula takes
// seconds of Z3's CPU: the test runs with the build tag long
// (longtest.Enabled; .ci/run), as the slowest runs do.
func TestFullSanity(t *testing.T) {
	if testing.Short() || !longtest.Enabled {
		t.Skip("encodes and checks a run of about 90,000 events (build tag long)")
	}
	prog, cr, avoid := libworkRun(t)
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	enc := encode.NewAssertions(prog, s, &encode.Options{Sanity: true})
	if _, err := enc.AddRunUntil(cr.Result, cr.Trace.Len(), avoid...); err != nil {
		t.Fatal(err)
	}
	if st := enc.Stats(); st.LeftOut != 0 || st.Events != cr.Trace.Len() {
		t.Errorf("%d of %d events left out, want none of the run's %d", st.LeftOut, st.Events, cr.Trace.Len())
	}
}

// TestIndependentValue encodes testdata/libwork's failing run by
// expression with Options.Independent and decodes the correction set
// of Clamp's return x: its angelic value must make the replay pass.
// The value it is compared with, want, is the run's (a parameter that
// only the test's constant feeds, left out of the formula); were a use
// of such an event left unknown, the comparison would be free once x
// changed, and the model's value for x any.
func TestIndependentValue(t *testing.T) {
	ctx := context.Background()
	prog, cr, avoid := libworkRun(t)
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	enc := encode.NewAssertions(prog, s, &encode.Options{Independent: true, Granularity: encode.ByExpression, Sanity: true})
	if _, err := enc.AddRunUntil(cr.Result, cr.Trace.Len(), avoid...); err != nil {
		t.Fatal(err)
	}
	var groups []string
	for {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 1})
		if errors.Is(err, maxsat.ErrExhausted) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		groups = append(groups, m.Groups...)
		if len(m.Groups) == 1 && strings.HasSuffix(m.Groups[0], "clamp.go:16:2") {
			c, err := enc.Decode(m)
			if err != nil {
				t.Fatal(err)
			}
			res, err := prog.RunGoTest(ctx, libworkPkg, "TestClamp", &trace.RunOptions{Hooks: c.Hooks})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Passed() {
				t.Errorf("replay with %v: %v, want it to pass", c.Angelic, res.Result.Outcome)
			}
			return
		}
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no correction set of return x (clamp.go:16:2) among %q", groups)
}
