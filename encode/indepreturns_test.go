package encode

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

const indepPkg = "github.com/faultloc/faultloc/encode/testdata/indep"

// TestIndependentReturns encodes runs of testdata/indep, whose functions
// call a library (package lib, out of scope) with constants and with
// their own values, with Options.Independent and their own results as
// the expected ones. A library return that reads no value a blamable
// event defined is left out of the formula, like any other such event
// (its caller takes its run value); one that reads such a value, through
// its arguments or through memory the package stored into, is encoded.
// The run's values satisfy the formula (Sanity), and the formula holds
// exactly the events IndependentEvents counts.
func TestIndependentReturns(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/indep"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fn  string
		arg int64
		// returns: for each library function and its caller
		// ("Mul<-Factor"), whether its returns are in the formula;
		// every library return of the run must be listed.
		returns map[string]bool
	}{
		{"Scaled", 2, map[string]bool{"Factor<-Scaled": false, "Mul<-Factor": false, "Mul<-Scaled": true}},
		{"Picked", 3, map[string]bool{"Even<-Picked": false}},
		{"Split", 4, map[string]bool{"DivMod<-Split": false}},
		{"Boxed", 5, map[string]bool{"Get<-Boxed": true}},
	} {
		t.Run(tt.fn, func(t *testing.T) {
			test := trace.Test{Name: tt.fn, Func: prog.Func(indepPkg, tt.fn), Args: []trace.Value{trace.Int(tt.arg)}}
			if test.Func == nil {
				t.Fatalf("no function %s", tt.fn)
			}
			res, err := prog.Run(ctx, test.Func, test.Args, nil)
			if err != nil || res.Outcome != trace.Returned {
				t.Fatalf("run: %v %v", res.Outcome, err)
			}
			test.Want = res.Returns
			s, err := maxsat.NewSolver(nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			e, err := New(prog, s, test, &Options{Independent: true, Sanity: true})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.AddRun(res); err != nil {
				t.Fatal(err)
			}
			tr := res.Trace
			seen := map[string]bool{}
			for ev := trace.EventID(0); int(ev) < tr.Len(); ev++ {
				fn := tr.Func(ev)
				if !isReturn(tr.Instr(ev)) || fn.Pkg == nil || fn.Pkg.Pkg.Path() != indepPkg+"/lib" || fn.Name() == "init" {
					continue // not a library return, or its initializer's
				}
				name := fn.Name() + "<-" + tr.Func(tr.CallOf(ev)).Name()
				want, listed := tt.returns[name]
				if !listed {
					t.Errorf("return of %s (event %d) not in the table", name, ev)
					continue
				}
				seen[name] = true
				// An encoded instance has a term's name (Named).
				if encoded := Named(e, tr.Key(ev)); encoded != want {
					t.Errorf("return of %s (event %d): in the formula %v, want %v", name, ev, encoded, want)
				}
			}
			for name := range tt.returns {
				if !seen[name] {
					t.Errorf("no return of %s in the run", name)
				}
			}
			st := e.Stats()
			if n := IndependentEvents(prog, tr, tr.Len(), nil); st.Events-st.LeftOut != n || st.LeftOut == 0 {
				t.Errorf("the formula holds %d of %d events, IndependentEvents counts %d", st.Events-st.LeftOut, st.Events, n)
			}
		})
	}
}

// TestIndependentReturnsReplay encodes Scaled(2), expected to return 32
// (the fault: x + 1 for x + 2), with Options.Independent: the
// library's loop computing the factor, its returns included, is left
// out, and the angelic value of each one-statement fix, y's 4 or the
// return's 32, makes the replay return 32.
func TestIndependentReturnsReplay(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/indep"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	test := trace.Test{Name: "Scaled", Func: prog.Func(indepPkg, "Scaled"), Args: []trace.Value{trace.Int(2)}, Want: []trace.Value{trace.Int(32)}}
	res, err := prog.RunTest(ctx, test, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != trace.AssertionFailed {
		t.Fatalf("the premise: Scaled(2) %v, want it to fail", res.Outcome)
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e, err := New(prog, s, test, &Options{Independent: true, Sanity: true, Granularity: ByExpression})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.AddRun(res); err != nil {
		t.Fatal(err)
	}
	if st := e.Stats(); st.LeftOut == 0 {
		t.Fatalf("nothing left out of %d events", st.Events)
	}
	var lines []string
	for {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 1})
		if errors.Is(err, maxsat.ErrExhausted) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		c, err := e.Decode(m)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Join(m.Groups, "+"))
		rerun, err := prog.RunTest(ctx, test, &trace.RunOptions{Hooks: c.Hooks})
		if err != nil {
			t.Fatal(err)
		}
		if rerun.Outcome != trace.Returned {
			t.Errorf("%v: replay with %+v: %v %s, want it to pass", m.Groups, c.Angelic, rerun.Outcome, rerun.Failure)
		}
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"indep.go:13:9", "indep.go:14:2"} {
		if !slices.ContainsFunc(lines, func(g string) bool { return strings.HasSuffix(g, want) }) {
			t.Errorf("one-statement fixes %q: none at %s", lines, want)
		}
	}
}
