package interp

import (
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples/tcas"
	"golang.org/x/tools/go/ssa"
)

// The fault-free TCAS program interpreted agrees with native execution on
// every test of its universe (outputs, usage errors and the index panics of
// the out-of-bounds tests).
func TestTCASDifferential(t *testing.T) {
	tests, p, fn := tcasMain(t)
	panics := 0
	for _, tc := range tests {
		want, wantPanic := tcas.Run(tcas.Main, tc.Args)
		args := make([]Value, len(tc.Args))
		for i, a := range tc.Args {
			args[i] = Int(int64(a))
		}
		res, err := p.Run(bgContext, fn, []Value{Slice(args...)}, &RunOptions{NoTrace: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.Name(), err)
		}
		var got tcas.Outcome
		switch res.Outcome {
		case Panicked:
			got = tcas.Panic
			panics++
			if !tcas.IsIndexPanic(wantPanic) || !strings.Contains(res.Panic.Message, "index out of range") {
				t.Errorf("%s: panic %q, native %v", tc.Name(), res.Panic.Message, wantPanic)
			}
		case Returned:
			n, errv := res.Returns[0].Int(), res.Returns[1]
			switch {
			case !errv.IsNil():
				got = tcas.Usage
			case n >= 0 && n <= 2:
				got = tcas.Outcome(n)
			default:
				got = tcas.Other
			}
		default:
			t.Fatalf("%s: %v", tc.Name(), res)
		}
		if got != want {
			t.Errorf("%s %v: interpreted %v, native %v", tc.Name(), tc.Args, got, want)
		}
	}
	if len(tests) != tcas.UniverseSize || panics != 8 {
		t.Errorf("%d tests, %d panics; want %d and 8", len(tests), panics, tcas.UniverseSize)
	}
}

// tcasMain returns TCAS's test universe, its program and its Main.
func tcasMain(t *testing.T) ([]tcas.Test, *Program, *ssa.Function) {
	t.Helper()
	tests, err := tcas.Universe()
	if err != nil {
		t.Fatal(err)
	}
	p := load(t, "./examples/tcas")
	fn := p.Func("github.com/faultloc/faultloc/examples/tcas", "Main")
	if fn == nil {
		t.Fatal("tcas.Main not found")
	}
	return tests, p, fn
}
