package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples/chops"
	"github.com/faultloc/faultloc/examples/loops"
)

// loops.Run and chops' Taste and Spec agree with native execution on their
// cases and on seeded random inputs (struct and string arguments).
func TestMoreExamplesDifferential(t *testing.T) {
	p := load(t, "./examples/loops ./examples/chops")
	rng := rand.New(rand.NewPCG(3, 4))
	t.Run("loops", func(t *testing.T) {
		fn := p.Func(examplesPath+"loops", "Run")
		cases := append([]loops.Case(nil), loops.Cases...)
		for i := 0; i < 200; i++ {
			cases = append(cases, loops.Case{Func: []string{"Sum", "Isqrt", "BinarySearch"}[rng.IntN(3)], N: rng.IntN(40), X: rng.IntN(90) - 5})
		}
		for _, c := range cases {
			arg, err := ValueOf(c)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Run(bgContext, fn, []Value{arg}, &RunOptions{NoTrace: true})
			if err != nil {
				t.Fatal(err)
			}
			if want := loops.Run(c); res.Outcome != Returned || res.Returns[0].Int() != int64(want) {
				t.Errorf("Run(%+v) = %v, native %d", c, res, want)
			}
		}
	})
	t.Run("chops", func(t *testing.T) {
		recipes := []string{}
		for _, c := range chops.Cases {
			recipes = append(recipes, c.Recipe)
		}
		const alphabet = "cmhs0123456789x"
		for i := 0; i < 200; i++ {
			b := make([]byte, rng.IntN(8))
			for j := range b {
				b[j] = alphabet[rng.IntN(len(alphabet))]
			}
			recipes = append(recipes, string(b))
		}
		for _, name := range []string{"Taste", "Spec"} {
			fn := p.Func(examplesPath+"chops", name)
			native := chops.Taste
			if name == "Spec" {
				native = chops.Spec
			}
			for _, r := range recipes {
				res, err := p.Run(bgContext, fn, []Value{String(r)}, &RunOptions{NoTrace: true})
				if err != nil {
					t.Fatal(err)
				}
				b, s := native(r)
				if res.Outcome != Returned || res.Returns[0].Int() != int64(b) || res.Returns[1].Int() != int64(s) {
					t.Errorf("%s(%q) = %v, native %d, %d", name, r, res, b, s)
				}
			}
		}
	})
}
