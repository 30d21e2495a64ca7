package diagnose

import (
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// TestPredicateFunc checks which functions of testdata/predicate a
// wider reading may read as predicates, and evalPredicate's values at
// the faulty line of each test against the test's own inputs.
func TestPredicateFunc(t *testing.T) {
	ctx, prog, pkg := testutil.LoadTestdata(t, "predicate")
	var p *ssa.Package
	for _, pk := range prog.SSA.AllPackages() {
		if pk.Pkg.Path() == pkg {
			p = pk
		}
	}
	if p == nil {
		t.Fatalf("no package %s", pkg)
	}
	fn := func(name string) *ssa.Function {
		f, ok := p.Members[name].(*ssa.Function)
		if !ok {
			t.Fatalf("no function %s in %s", name, pkg)
		}
		return f
	}
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"Above", true},
		{"Below", true},
		{"Climb", true},  // reads Rate alone: a predicate too
		{"check", false}, // parameters
		{"init", false},  // no result
	} {
		if got := predicateFunc(fn(tt.name)); got != tt.want {
			t.Errorf("predicateFunc(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
	below, above := fn("Below"), fn("Above")
	for _, tt := range []struct {
		test             string
		rate, own, other int
	}{
		{"TestFail1", 200, 10, 5},
		{"TestFail2", 300, 20, 6},
		{"TestPass1", 200, 1, 5},
		{"TestPass3", 50, 40, 7},
	} {
		sub := &search.Subject{Prog: prog, Case: prog.GoTestCase(pkg, tt.test), FirstOnly: true}
		v, err := sub.Run(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		tr := v.Res.Trace
		found := false
		for e := trace.EventID(0); int(e) < tr.Len(); e++ {
			if tr.Pos(e).Line != 18 || tr.Func(e) != fn("Climb") {
				continue
			}
			found = true
			if got, ok := evalPredicate(tr, e, below); !ok || got.Bool() != (tt.own < tt.other) {
				t.Errorf("%s: Below() = %v (%v), want %v", tt.test, got, ok, tt.own < tt.other)
			}
			if got, ok := evalPredicate(tr, e, above); !ok || got.Bool() != (tt.rate > 250) {
				t.Errorf("%s: Above() = %v (%v), want %v", tt.test, got, ok, tt.rate > 250)
			}
			break
		}
		if !found {
			t.Errorf("%s: line 18 not run", tt.test)
		}
		v.Release()
	}
}
