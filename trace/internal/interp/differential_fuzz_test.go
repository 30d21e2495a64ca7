package interp

import (
	"fmt"
	"testing"
)

// FuzzExamplesDifferential runs the interpreter against native Go on
// fuzzed inputs to the examples' functions (the subjects of
// TestExamplesDifferential): the same result, or a panic in both, with
// and without a trace. Inputs are clamped to ±5000 so that native runs
// end quickly (zune's Year loops once per year of its days).
func FuzzExamplesDifferential(f *testing.F) {
	subs := subjects()
	for i, s := range subs {
		for _, c := range s.cases {
			in := append(append([]int(nil), c...), 0, 0, 0)
			f.Add(uint8(i), in[0], in[1], in[2], i%2 == 0)
		}
	}
	p := loadExamples(f)
	f.Fuzz(func(t *testing.T, which uint8, a, b, c int, traced bool) {
		s := subs[int(which)%len(subs)]
		fn := p.Func(examplesPath+s.pkg, s.fn)
		if fn == nil {
			t.Fatalf("%s.%s not found", s.pkg, s.fn)
		}
		clamp := func(x int) int { return max(-5000, min(5000, x)) }
		in := []int{clamp(a), clamp(b), clamp(c)}[:len(fn.Params)]
		want, wantPanic := native(s, in)
		args := make([]Value, len(in))
		for i, x := range in {
			args[i] = Int(int64(x))
		}
		res, err := p.Run(bgContext, fn, args, &RunOptions{NoTrace: !traced})
		if err != nil {
			t.Fatalf("%s%v: %v", s.fn, in, err)
		}
		switch {
		case wantPanic != "":
			if res.Outcome != Panicked {
				t.Fatalf("%s%v: interpreted %v, native panic %s", s.fn, in, res.Outcome, wantPanic)
			}
		case res.Outcome != Returned || res.Returns[0].Int() != int64(want):
			t.Fatalf("%s%v: interpreted %v, native %d", s.fn, in, res, want)
		}
	})
}

// native runs s's native twin on in, returning its result or its panic.
func native(s subject, in []int) (r int, panicked string) {
	defer func() {
		if x := recover(); x != nil {
			panicked = fmt.Sprint(x)
		}
	}()
	return s.native(in), ""
}
