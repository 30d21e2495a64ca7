package localize

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestListEvidenceBound: listing the cases that only add evidence runs
// each test function under its own bound. Within a generous one it lists
// what trace's ListTestsOf lists; when every function's listing outlives
// the bound, none of their cases is listed (running them would take as
// long) and each function has an error saying why, while the examples,
// listed without running them, still are.
func TestListEvidenceBound(t *testing.T) {
	ctx := context.Background()
	prog, _ := loadSubject(ctx, t, "testdata/crash", true, 5)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/crash"
	keep := func(n string) bool { return n != "TestSum" }
	want, err := prog.ListTestsOf(ctx, pkg, keep, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, errs, err := listEvidence(ctx, prog, pkg, keep, time.Minute)
	if err != nil || len(errs) != 0 || !slices.Equal(got, want) {
		t.Errorf("listEvidence within a minute = %v, %v, %v; want %v", got, errs, err, want)
	}

	got, errs, err = listEvidence(ctx, prog, pkg, keep, time.Nanosecond)
	if err != nil {
		t.Fatal(err)
	}
	funcs := 0
	for _, fn := range append(prog.TestFuncs(pkg), prog.FuzzFuncs(pkg)...) {
		if keep(fn.Name()) {
			funcs++
		}
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
