package interp

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples/max3"
)

const max3Pkg = examplesPath + "max3"

// max3Sorted is max3.Max3 with its package variable sorted set to true:
// the smaller of x and z.
func max3Sorted(x, _, z int) int {
	if z < x {
		return z
	}
	return x
}

// TestPresets runs max3.Max3 with its package variables preset, on the
// fast and the naive form (which must agree on everything, budgets cut
// short included), and checks the results against Go: with NoInit, the
// preset sorted=true holds during the run; with the initializer, the
// initializer's "sorted = false" overwrites it (see RunOptions.Presets).
func TestPresets(t *testing.T) {
	p := loadExamples(t)
	fn := p.Func(max3Pkg, "Max3")
	rng := rand.New(rand.NewPCG(12, 13))
	var inputs [][3]int
	for _, c := range max3.Cases {
		inputs = append(inputs, [3]int{c.X, c.Y, c.Z})
	}
	for range 20 {
		inputs = append(inputs, [3]int{rng.IntN(41) - 20, rng.IntN(41) - 20, rng.IntN(41) - 20})
	}
	runs := 0
	for _, noInit := range []bool{false, true} {
		for _, sorted := range []bool{false, true} {
			presets := map[string]Value{max3Pkg + ".sorted": Bool(sorted), max3Pkg + ".calls": Int(40)}
			for _, in := range inputs {
				args := []Value{Int(int64(in[0])), Int(int64(in[1])), Int(int64(in[2]))}
				opts := RunOptions{NoInit: noInit, Presets: presets}
				runs += sameOnFastForm(t, p, fn, args, opts, rng, 2, true)
				want := max3.Max3(in[0], in[1], in[2])
				if noInit && sorted {
					want = max3Sorted(in[0], in[1], in[2])
				}
				for _, form := range []RunOptions{{NoTrace: true}, {}} {
					form.NoInit, form.Presets = noInit, presets
					res, err := p.Run(bgContext, fn, args, &form)
					if err != nil {
						t.Fatal(err)
					}
					if got := res.Returns[0].Int(); got != int64(want) {
						t.Errorf("Max3%v, NoInit %v, sorted %v, NoTrace %v: %d, want %d", in, noInit, sorted, form.NoTrace, got, want)
					}
				}
			}
		}
	}
	t.Logf("%d runs compared", runs)
}

func TestPresetErrors(t *testing.T) {
	p := loadExamples(t)
	fn := p.Func(max3Pkg, "Max3")
	args := []Value{Int(3), Int(2), Int(1)}
	for _, c := range []struct {
		name    string
		presets map[string]Value
		bad     string // the key the error names
	}{
		{"no package", map[string]Value{"example.com/nope.x": Int(1)}, "example.com/nope.x"},
		{"no variable", map[string]Value{max3Pkg + ".nope": Int(1)}, max3Pkg + ".nope"},
		{"a function", map[string]Value{max3Pkg + ".Max3": Int(1)}, max3Pkg + ".Max3"},
		{"no dot", map[string]Value{"calls": Int(1)}, "calls"},
		{"trailing dot", map[string]Value{max3Pkg + ".": Int(1)}, max3Pkg + "."},
		{"kind mismatch", map[string]Value{max3Pkg + ".calls": String("1")}, max3Pkg + ".calls"},
		{"uint for int", map[string]Value{max3Pkg + ".calls": Uint(1)}, max3Pkg + ".calls"},
		{"int for bool", map[string]Value{max3Pkg + ".sorted": Int(1)}, max3Pkg + ".sorted"},
		{"not basic", map[string]Value{max3Pkg + ".Cases": Int(0)}, max3Pkg + ".Cases"},
		{"first in key order", map[string]Value{max3Pkg + ".sorted": Int(1), max3Pkg + ".calls": Bool(true)}, max3Pkg + ".calls"},
	} {
		for _, noTrace := range []bool{false, true} {
			res, err := p.Run(bgContext, fn, args, &RunOptions{NoTrace: noTrace, Presets: c.presets})
			var pe *PresetError
			if !errors.As(err, &pe) {
				t.Errorf("%s: got %v, %v; want a *PresetError", c.name, res, err)
				continue
			}
			if pe.Var != c.bad || res != nil {
				t.Errorf("%s: error %v names %q, result %v; want %q and no result", c.name, err, pe.Var, res, c.bad)
			}
		}
	}
}
