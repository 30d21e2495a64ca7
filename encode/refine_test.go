package encode

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// tcasCase returns TCAS faulty version 29 (Inhibit_Biased_Climb lacks
// NOZCROSS) with its failing universe test t515, as trace.Test over
// Advisory, and the statements that may be blamed: the port's, not
// Advisory's or Main's.
func tcasCase(t *testing.T) (*trace.Program, trace.Test, func(*ssa.Function) bool) {
	t.Helper()
	ctx := context.Background()
	overlay, _, err := tcas.FaultyVersion(29)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := tcas.Dir()
	if err != nil {
		t.Fatal(err)
	}
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Overlay: overlay}, ".")
	if err != nil {
		t.Fatal(err)
	}
	u, err := tcas.Universe()
	if err != nil {
		t.Fatal(err)
	}
	exp, err := tcas.Expected()
	if err != nil {
		t.Fatal(err)
	}
	tc := u[514]
	test := trace.Test{Name: tc.Name(), Func: prog.Func("github.com/faultloc/faultloc/examples/tcas", "Advisory"), Want: []trace.Value{trace.Int(int64(exp[tc.Index]))}}
	for _, a := range tc.Args[:12] {
		test.Args = append(test.Args, trace.Int(int64(a)))
	}
	inScope := func(f *ssa.Function) bool { return f.Pkg != nil && f.Name() != "Advisory" && f.Name() != "Main" }
	return prog, test, inScope
}

// fixRun is a passing run of the test with instances of some statements
// substituted: a real fix of these statements.
type fixRun struct {
	groups []string
	res    *trace.Result
}

// admits reports whether the formula, with only fix's statements changed,
// admits the fix's execution: a model exists in which the statements'
// instances the fix substituted have the fix's values.
func (e *Encoder) admits(ctx context.Context, fix fixRun) (maxsat.Status, error) {
	t := fix.res.Trace
	var pins []*maxsat.Term
	for ev := trace.EventID(0); int(ev) < t.Len(); ev++ {
		if !t.Steered(ev) {
			continue
		}
		in := e.insts[t.Key(ev)]
		if in == nil || !slices.Contains(fix.groups, in.stmt) || len(in.terms) != 1 {
			continue
		}
		if c := in.sort.concrete(t.Value(ev)); c != nil {
			pins = append(pins, maxsat.Eq(in.terms[0], c))
		}
	}
	_, st, err := e.s.CheckRelaxed(ctx, fix.groups, pins...)
	return st, err
}

// TestRefinementKeepsFixes checks the soundness of ATF's refinement: a run
// added to the formula only replaces angelic sides by the program's
// semantics, so an execution that fixes the test (a passing run with one
// statement's values substituted) stays a model of the formula with that
// statement changed, whatever runs were added before.
//
// First the case where it did not (TCAS v29, t515): the refinements of
// Own_Above_Threat's return (its first result false, then its first two)
// fail, and share their path up to need_downward_RA := ... &&
// Own_Above_Threat() with the fix Other_Tracked_Alt = 675; the phi of
// that && kept the refinement's concrete true. Then seeded random
// refinements: runs substituting random values at one statement's
// instances of the failing run (one statement's, or two's) are added when
// they fail and kept as fixes when they pass; every fix must stay
// admitted.
func TestRefinementKeepsFixes(t *testing.T) {
	ctx := context.Background()
	prog, test, inScope := tcasCase(t)
	run := func(h *trace.Hooks) *trace.Result {
		t.Helper()
		res, err := prog.RunTest(ctx, test, &trace.RunOptions{Hooks: h})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	// keys returns the instance keys of t's events of instruction type T
	// on line of tcas.go, in execution order.
	keys := func(t *trace.Trace, line int, kind string) []trace.InstanceKey {
		var ks []trace.InstanceKey
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if p := t.Pos(e); p.Line == line && strings.HasSuffix(p.Filename, tcas.SourceFile) && fmt.Sprintf("%T", t.Instr(e)) == kind {
				ks = append(ks, t.Key(e))
			}
		}
		return ks
	}
	for arith, name := range map[Arith]string{BitVector: "bv", Integer: "int"} {
		t.Run(name, func(t *testing.T) {
			s, err := maxsat.NewSolver(nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			e, err := New(prog, s, test, &Options{Arith: arith, InScope: inScope})
			if err != nil {
				t.Fatal(err)
			}
			first := run(nil)
			if first.Passed() {
				t.Fatal("t515 passes on v29")
			}
			if _, err := e.AddRun(first); err != nil {
				t.Fatal(err)
			}
			group := func(line int) string {
				for _, g := range s.GroupNames() {
					if strings.HasSuffix(g, fmt.Sprintf("%s:%d", tcas.SourceFile, line)) {
						return g
					}
				}
				t.Fatalf("no statement at line %d", line)
				return ""
			}
			var fixes []fixRun
			fix := run(&trace.Hooks{Values: map[trace.InstanceKey]trace.Value{keys(first.Trace, 163, "*ssa.Store")[0]: trace.Int(675)}})
			if !fix.Passed() {
				t.Fatal("Other_Tracked_Alt = 675 does not fix t515")
			}
			fixes = append(fixes, fixRun{[]string{group(163)}, fix})
			oat := keys(first.Trace, 109, "*ssa.Return")
			for n := 1; n <= 2; n++ {
				h := &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}}
				for _, k := range oat[:n] {
					h.Values[k] = trace.Bool(false)
				}
				res := run(h)
				if res.Passed() {
					t.Fatalf("Own_Above_Threat's first %d results false fix t515", n)
				}
				if _, err := e.AddRun(res); err != nil {
					t.Fatal(err)
				}
			}

			// Seeded random refinements and fixes.
			reps := map[string][]trace.EventID{}
			var pool []int64 // the run's integers, as candidate values
			ft := first.Trace
			for ev := trace.EventID(0); int(ev) < ft.Len(); ev++ {
				v := ft.Value(ev)
				if v.Kind() == trace.KindInt {
					pool = append(pool, v.Int())
				}
				g := e.statementOf(ft, ev)
				if g == "" || (v.Kind() != trace.KindInt && v.Kind() != trace.KindBool) {
					continue
				}
				switch ft.Instr(ev).(type) {
				case *ssa.Store, *ssa.Return, *ssa.If:
					reps[g] = append(reps[g], ev)
				}
			}
			groups := make([]string, 0, len(reps))
			for g := range reps {
				groups = append(groups, g)
			}
			slices.Sort(groups)
			rng := rand.New(rand.NewPCG(29, 515))
			refinements := 0
			for range 200 {
				gs := []string{groups[rng.IntN(len(groups))]}
				if g := groups[rng.IntN(len(groups))]; rng.IntN(2) == 0 && g != gs[0] {
					gs = append(gs, g)
				}
				var evs []trace.EventID
				for _, g := range gs {
					for i, ev := range reps[g] {
						if i == 0 || rng.IntN(2) == 0 {
							evs = append(evs, ev)
						}
					}
				}
				h := &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}, Branches: map[trace.InstanceKey]bool{}}
				for _, ev := range evs {
					k, v := ft.Key(ev), ft.Value(ev)
					switch {
					case v.Kind() == trace.KindBool:
						b := rng.IntN(2) == 0
						if _, ok := ft.Instr(ev).(*ssa.If); ok {
							h.Branches[k] = b
						} else {
							h.Values[k] = trace.Bool(b)
						}
					case rng.IntN(2) == 0:
						h.Values[k] = trace.Int(v.Int() + int64(rng.IntN(5)) - 2)
					default:
						h.Values[k] = trace.Int(pool[rng.IntN(len(pool))] + int64(rng.IntN(3)) - 1)
					}
				}
				res := run(h)
				if res.Passed() {
					fixes = append(fixes, fixRun{gs, res})
					continue
				}
				if res.Outcome == trace.BudgetExceeded {
					continue
				}
				added, err := e.AddRun(res)
				if err != nil {
					t.Fatal(err)
				}
				if added > 0 {
					refinements++
				}
			}
			t.Logf("%d refinements, %d fixes", refinements, len(fixes))
			for i, fix := range fixes {
				st, err := e.admits(ctx, fix)
				if err != nil {
					t.Fatal(err)
				}
				if st != maxsat.Sat {
					t.Errorf("fix %d (%s, output %v) is no longer admitted: %v", i, fix.groups, fix.res.Returns, st)
				}
			}
		})
	}
}
