package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// TestListEvidenceBound: listing the cases that only add evidence runs
// each test function under its own bound. Within a generous one it lists
// what trace's ListTestsOf lists; when every function's listing outlives
// the bound, none of their cases is listed (running them would take as
// long) and each function has an error saying why, while the examples,
// listed without running them, still are. Listing several functions at
// once lists the same, in the same order, and counts them all.
func TestListEvidenceBound(t *testing.T) {
	t.Parallel()
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprint(workers), func(t *testing.T) { testListEvidenceBound(t, workers) })
	}
}

func testListEvidenceBound(t *testing.T, workers int) {
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/crash"
	keep := func(n string) bool { return n != "TestSum" }
	want, err := prog.ListTestsOf(ctx, pkg, keep, nil)
	if err != nil {
		t.Fatal(err)
	}
	var counts []string
	cs, _, errs, err := listEvidence(ctx, prog, pkg, keep, time.Minute, 0, workers, func(done, total int) { counts = append(counts, fmt.Sprintf("%d/%d", done, total)) })
	got := caseNames(cs)
	if err != nil || len(errs) != 0 || !slices.Equal(got, want) {
		t.Errorf("listEvidence within a minute = %v, %v, %v; want %v", got, errs, err, want)
	}
	funcs := 0
	for _, fn := range append(prog.TestFuncs(pkg), prog.FuzzFuncs(pkg)...) {
		if keep(fn.Name()) {
			funcs++
		}
	}
	if n := len(counts); n != funcs+1 || counts[0] != fmt.Sprintf("0/%d", funcs) || counts[n-1] != fmt.Sprintf("%d/%d", funcs, funcs) {
		t.Errorf("listed counts %v: want 0/%d to %d/%d", counts, funcs, funcs, funcs)
	}

	cs, _, errs, err = listEvidence(ctx, prog, pkg, keep, time.Nanosecond, 0, workers, nil)
	got = caseNames(cs)
	if err != nil {
		t.Fatal(err)
	}
	if funcs == 0 || len(errs) != funcs {
		t.Errorf("%d errors for %d test functions: %v", len(errs), funcs, errs)
	}
	for _, e := range errs {
		if !strings.Contains(e.Err.Error(), "listing its cases ran longer than") {
			t.Errorf("error %v", e)
		}
	}
	for _, n := range got {
		if strings.HasPrefix(n, "Test") || strings.HasPrefix(n, "Fuzz") {
			t.Errorf("case %s listed past its function's bound", n)
		}
	}
}

// caseNames returns the names of cs.
func caseNames(cs []trace.Case) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name())
	}
	return out
}

// TestListEvidenceSpectrum: the cases listEvidence returns, some of
// which reuse the coverage their listing recorded, give the same spectrum
// (cases, outcomes, covered lines) as running every listed case again.
func TestListEvidenceSpectrum(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// trace's gotest has subtests, failing and skipped cases.
	for _, dir := range []string{"../testdata/crash", "../testdata/table", "../../trace/testdata/gotest"} {
		prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true}, ".")
		if err != nil {
			t.Fatal(err)
		}
		endlessBudget(prog)
		pkg := path.Join("github.com/faultloc/faultloc/localize/pipeline", dir)
		keep := func(string) bool { return true }
		cs, _, _, err := listEvidence(ctx, prog, pkg, keep, time.Minute, 0, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		reused := 0
		var again []trace.Case
		for _, c := range cs {
			if _, ok := c.(ranCase); ok {
				reused++
			}
			again = append(again, prog.GoTestCase(pkg, c.Name()))
		}
		if reused == 0 {
			t.Errorf("%s: no case reuses its listing's run", dir)
		}
		got, want, par := spectra.NewMatrix(), spectra.NewMatrix(), spectra.NewMatrix()
		(&spectra.Traces{Program: prog, Cases: cs, Code: true, KeepGoing: true}).Collect(ctx, got)
		(&spectra.Traces{Program: prog, Cases: again, Code: true, KeepGoing: true}).Collect(ctx, want)
		if g, w := dumpMatrix(got), dumpMatrix(want); g != w {
			t.Errorf("%s: spectrum from the listing\n%s\nwant, running every case\n%s", dir, g, w)
		}
		// Several cases at once: the same rows, in the same order.
		(&spectra.Traces{Program: prog, Cases: again, Code: true, KeepGoing: true, Parallel: 3}).Collect(ctx, par)
		if p, w := dumpMatrix(par), dumpMatrix(want); p != w {
			t.Errorf("%s: spectrum of 3 cases at once\n%s\nwant, one after another\n%s", dir, p, w)
		}
	}
}

// dumpMatrix formats m's cases, their outcomes and covered elements.
func dumpMatrix(m *spectra.Matrix) string {
	var b strings.Builder
	var covered []int
	for i := range m.NumTests() {
		tr := m.Test(i)
		fmt.Fprintf(&b, "%s failed=%v %q:", tr.Name, tr.Failed, tr.Message)
		covered = m.Covered(covered[:0], i)
		for _, e := range covered {
			fmt.Fprintf(&b, " %v", m.Element(e))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%d elements\n", m.NumElements())
	return b.String()
}

// TestEvidenceSlowFirst: a test function the interpreter takes longer
// over than the evidence stage's bound, first in go test's order, does
// not hold the quick ones after it: its listing is cut at its slice and
// it runs after them, so that every quick case is in the spectrum and
// the cut counts them, the runs that listed them among them.
func TestEvidenceSlowFirst(t *testing.T) {
	// It runs until its bound, TestSpin on one core: in parallel with
	// the other tests.
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/slowfirst", true, 0)
	pkg := testutil.SubjectPkg("slowfirst")
	sel, err := localize.SelectCases(ctx, prog, pkg, "^TestAbs1$")
	if err != nil {
		t.Fatal(err)
	}
	const bound = 5 * time.Second // slice 2 s for each of 10 functions; TestSpin runs for longer (its step budget grows for 5 s), spinning a core until the bound
	m := spectra.NewMatrix()
	errs, cut, err := collectEvidence(ctx, prog, pkg, sel, &Options{EvidenceTimeout: time.Minute}, m, newStatus(nil), evidenceLimit{due: time.Now().Add(bound), bound: bound})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := range m.NumTests() {
		got = append(got, m.Test(i).Name)
	}
	want := []string{"TestAbs2", "TestAbs3", "TestAbs4", "TestAbs5", "TestAbs6", "TestAbs7", "TestTable/neg", "TestTable/pos"}
	if !slices.Equal(got, want) {
		t.Errorf("spectrum's cases %v, want %v (errors %v)", got, want, errs)
	}
	if cut == nil || cut.Ran != len(want) || cut.Left != 1 {
		t.Errorf("cut %+v, want %d cases run and TestSpin left", cut, len(want))
	}
}

// TestLateCase: a function run late (lateCase) is its own case when it
// has no subtests, its listing's run its run; with subtests it is none,
// and names them for the caller to run.
func TestLateCase(t *testing.T) {
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/slowfirst", true, 0)
	pkg := testutil.SubjectPkg("slowfirst")
	late := &lateSubtests{}
	r, err := lateCase{prog: prog, pkg: pkg, name: "TestAbs2", bound: time.Minute, subtests: late}.Run(ctx, &trace.RunOptions{CoverOnly: true})
	if err != nil || r == nil || !r.Ran || r.Failed || len(r.Covered) == 0 {
		t.Errorf("TestAbs2 run late: %+v, %v; want its passing run with coverage", r, err)
	}
	r, err = lateCase{prog: prog, pkg: pkg, name: "TestTable", bound: time.Minute, subtests: late}.Run(ctx, &trace.RunOptions{CoverOnly: true})
	if !errors.Is(err, errHasSubtests) || r != nil {
		t.Errorf("TestTable run late: %v, %v; want errHasSubtests", r, err)
	}
	if want := []string{"TestTable/neg", "TestTable/pos"}; !slices.Equal(late.names, want) || late.funcs != 1 {
		t.Errorf("subtests found %v of %d functions, want %v of 1", late.names, late.funcs, want)
	}
}

// TestListSlice: a function's first listing run gets sliceFactor equal
// shares of the time left, none when nothing bounds the stage.
func TestListSlice(t *testing.T) {
	for _, tt := range []struct {
		left time.Duration
		n    int
		want time.Duration
	}{
		{10 * time.Second, 147, 10 * time.Second * sliceFactor / 147},
		{6 * time.Second, 10, 6 * time.Second * sliceFactor / 10},
		{0, 10, 0},
		{-time.Second, 10, 0},
		{time.Second, 0, 0},
		{time.Microsecond, 1000, time.Millisecond},
	} {
		if got := listSlice(tt.left, tt.n); got != tt.want {
			t.Errorf("listSlice(%v, %d) = %v, want %v", tt.left, tt.n, got, tt.want)
		}
	}
}
