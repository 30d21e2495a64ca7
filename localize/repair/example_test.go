package repair_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

// A research user reads the repair data of the triangle classifier's
// fault for their own synthesizer: angelic debugging's candidate c in
// `a == c` (b belongs there), its instance in the failing test T8 with
// the value that rescues it, and in each passing test that runs it, the
// variables in scope and the values verified to keep the test passing.
func ExampleCollect() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle")
	if err != nil {
		panic(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/triangle"
	var failing, passing []trace.Case
	for _, name := range []string{"T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"} {
		c := prog.GoTestCase(pkg, "TestClassify/"+name)
		if name == "T8" {
			failing = append(failing, c)
		} else {
			passing = append(passing, c)
		}
	}
	search := agx.Options{Arith: encode.Integer} // a*a is slow for Z3 as 64-bit words
	rep, err := angelic.Localize(ctx, prog, failing[0], &angelic.Options{Search: search})
	if err != nil {
		panic(err)
	}
	for _, cand := range rep.Candidates {
		if l := cand.Locations[0]; l.Line != 23 || l.Column != 11 {
			continue // the other candidates
		}
		data, err := repair.Collect(ctx, prog, cand, failing, passing, &repair.CollectOptions{Search: search})
		if err != nil {
			panic(err)
		}
		// The user's own synthesizer, the simplest: the variables that
		// give every failing instance its angelic value and every passing
		// instance a value that keeps its test passing.
		fits := map[string]bool{}
		for i, run := range data.Runs {
			for j, in := range run.Instances {
				ok := map[string]bool{}
				for _, b := range in.Env {
					if run.Failing && trace.Equal(b.Value, in.Value) ||
						!run.Failing && slices.ContainsFunc(in.Keep, func(v trace.Value) bool { return trace.Equal(v, b.Value) }) {
						if i+j == 0 || fits[b.Name] {
							ok[b.Name] = true
						}
					}
				}
				fits = ok
			}
		}
		defer fmt.Println("fits every run:", slices.Sorted(maps.Keys(fits)))
		s := data.Site
		fmt.Printf("site: line %d, column %d: %s (%s, %s)\n", s.Line, s.Column, s.Expr, s.Kind, s.Type)
		for _, run := range data.Runs {
			for _, in := range run.Instances {
				var env []string
				for _, b := range in.Env {
					env = append(env, b.Name+"="+b.Text)
				}
				if run.Failing {
					fmt.Printf("%s fails, %s [%s]: %v rescues it (it was %v)\n", run.Case, in.Name, strings.Join(env, " "), in.Value, in.Orig)
				} else {
					// Which variables' values keep the passing test passing.
					var keep []string
					for _, b := range in.Env {
						if slices.ContainsFunc(in.Keep, func(v trace.Value) bool { return trace.Equal(v, b.Value) }) {
							keep = append(keep, b.Name)
						}
					}
					fmt.Printf("%s passes, %s [%s]: kept passing by %s\n", run.Case, in.Name, strings.Join(env, " "), strings.Join(keep, " "))
				}
			}
		}
	}
	// Output:
	// site: line 23, column 11: c (value, int)
	// TestClassify/T8 fails, line 23 [a=26 b=26 c=7 retval=0]: 26 rescues it (it was 7)
	// TestClassify/T2 passes, line 23 [a=5 b=4 c=3 retval=0]: kept passing by b c retval
	// TestClassify/T3 passes, line 23 [a=26 b=14 c=14 retval=0]: kept passing by a b c retval
	// TestClassify/T4 passes, line 23 [a=19 b=19 c=19 retval=0]: kept passing by a b c retval
	// TestClassify/T5 passes, line 23 [a=9 b=6 c=4 retval=0]: kept passing by b c retval
	// TestClassify/T6 passes, line 23 [a=24 b=23 c=21 retval=0]: kept passing by b c retval
	// fits every run: [b]
}

// The built-in synthesizer on the same data: the smallest replacement
// for c in `a == c` that fits every test is b, the fix.
func ExampleSynthesize() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../../examples", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle")
	if err != nil {
		panic(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/triangle"
	failing := []trace.Case{prog.GoTestCase(pkg, "TestClassify/T8")}
	var passing []trace.Case
	for _, name := range []string{"T1", "T2", "T3", "T4", "T5", "T6", "T7"} {
		passing = append(passing, prog.GoTestCase(pkg, "TestClassify/"+name))
	}
	search := agx.Options{Arith: encode.Integer}
	rep, err := angelic.Localize(ctx, prog, failing[0], &angelic.Options{Search: search})
	if err != nil {
		panic(err)
	}
	for _, cand := range rep.Candidates {
		if l := cand.Locations[0]; l.Line != 23 || l.Column != 11 {
			continue
		}
		data, err := repair.Collect(ctx, prog, cand, failing, passing, &repair.CollectOptions{Search: search})
		if err != nil {
			panic(err)
		}
		res, err := repair.Synthesize(ctx, data, nil)
		if err != nil {
			panic(err)
		}
		for _, f := range res.Fixes {
			fmt.Printf("%s -> %s (size %d, distance %d)\n", data.Site.Replaced, f.Expr, f.Size, f.Distance)
		}
	}
	// Output:
	// c -> b (size 1, distance 1)
}
