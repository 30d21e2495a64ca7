package sattar

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/examples/linkedlist"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestCoresMinimal: on each seeded fault of the linked list, every core
// of the failing case is a minimal unsatisfiable subset, checked apart
// from Cores on the same formula: unsatisfiable with the core's
// statements correct (every other one relaxed), satisfiable with any
// one of them relaxed too. The fault's line is in a core for the fault
// the formula models (the size), and among the unmodeled lines for the
// pointer assignments.
func TestCoresMinimal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	under := func(fn *ssa.Function) bool { return fn.Name() == "Delete" }
	for _, tt := range []struct {
		fault, seed string
		modeled     bool // the faulty line is in a core, else among Unmodeled
	}{
		{"size", "seed#0", true},
		{"header", "seed#1", false},
		{"remove", "seed#0", false},
	} {
		v := loadList(t, tt.fault)
		c := v.Prog.GoTestCase(v.Pkg, "FuzzDelete/"+tt.seed)
		opts := &search.Options{InScope: under}
		cores, err := Cores(ctx, v.Prog, c, opts)
		if err != nil || len(cores) == 0 {
			t.Fatalf("%s: Cores = %v, %v", tt.fault, cores, err)
		}
		faulty := localize.Position{File: filepath.Join(mustAbs(t, filepath.Join(testutil.ExamplesDir(), "linkedlist")), linkedlist.SourceFile), Line: v.Lines[0]}
		found := false
		for _, core := range cores {
			if len(core.Groups) == 0 || core.Pos.Line == 0 || core.Check == "" {
				t.Errorf("%s: core %+v", tt.fault, core)
			}
			if tt.modeled {
				found = found || slices.Contains(core.Lines, faulty)
			} else {
				found = found || slices.Contains(core.Unmodeled, faulty)
			}
			checkMUS(t, ctx, v, c, opts, core)
		}
		if !found {
			t.Errorf("%s: line %d in no core (modeled %v): %+v", tt.fault, faulty.Line, tt.modeled, cores)
		}
	}
}

// checkMUS encodes c's failing run with core's check as the oracle, as
// Cores does, and checks that core.Groups is a MUS of its soft groups.
func checkMUS(t *testing.T, ctx context.Context, v *testutil.ListVersion, c trace.Case, opts *search.Options, core Core) {
	t.Helper()
	sub := &search.Subject{Prog: v.Prog, Case: c}
	var st localize.Stats
	first, o, err := search.FirstRun(ctx, sub, opts, nil, &st)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	run := *first
	run.Avoid = nil
	for _, a := range first.Result.Assertions {
		if localize.PositionOf(a.Pos) == core.Pos {
			run.Avoid = append(run.Avoid, a.Event)
		}
	}
	solver, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer solver.Close()
	eo, err := search.EncodeOptions(sub, &run, o, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := search.CaseEncoder(nil, sub, solver, &run, eo, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&search.CaseFormula{Sub: sub, First: &run, Enc: enc, Opts: o}).AddRun(&run); err != nil {
		t.Fatal(err)
	}
	var others []string
	for _, g := range solver.GroupNames() {
		if !slices.Contains(core.Groups, g) {
			others = append(others, g)
		}
	}
	if _, st, err := solver.CheckRelaxed(ctx, others); err != nil || st != maxsat.Unsat {
		t.Errorf("%s: the core's statements correct: %v, %v; want unsat", core.Check, st, err)
	}
	for _, g := range core.Groups {
		if _, st, err := solver.CheckRelaxed(ctx, append(slices.Clone(others), g)); err != nil || st != maxsat.Sat {
			t.Errorf("%s: the core without %s: %v, %v; want sat (not minimal)", core.Check, g, st, err)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// BenchmarkCores measures the cores of the linked list's size fault: the
// run, its formula and a MUS per violated check.
func BenchmarkCores(b *testing.B) {
	ov, _, err := linkedlist.Version(filepath.Join(testutil.ExamplesDir(), "linkedlist"), "size")
	if err != nil {
		b.Fatal(err)
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: filepath.Join(testutil.ExamplesDir(), "linkedlist"), Tests: true, Overlay: ov}, ".")
	if err != nil {
		b.Fatal(err)
	}
	pkg, _ := prog.TargetPackage()
	c := prog.GoTestCase(pkg, "FuzzDelete/seed#0")
	opts := &search.Options{InScope: func(fn *ssa.Function) bool { return fn.Name() == "Delete" }}
	for b.Loop() {
		if _, err := Cores(context.Background(), prog, c, opts); err != nil {
			b.Fatal(err)
		}
	}
}
