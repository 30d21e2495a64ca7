package interp

import (
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/examples/max3"
	max3correct "github.com/faultloc/faultloc/examples/max3/correct"
	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/examples/zune"
)

const examplesPath = "github.com/faultloc/faultloc/examples/"

// subject is an example function with a native twin and an input generator.
type subject struct {
	pkg, fn string
	native  func(args []int) int
	cases   [][]int
	random  func(r *rand.Rand) []int
}

func subjects() []subject {
	var fooCases, triCases, zuneCases, maxCases [][]int
	for _, c := range foo.Cases {
		fooCases = append(fooCases, []int{c.X, c.Y})
	}
	for _, c := range triangle.Cases {
		triCases = append(triCases, []int{c.A, c.B, c.C})
	}
	for _, c := range zune.Cases {
		zuneCases = append(zuneCases, []int{c.Days})
	}
	for _, c := range max3.Cases {
		maxCases = append(maxCases, []int{c.X, c.Y, c.Z})
	}
	small := func(r *rand.Rand) int { return r.IntN(61) - 30 }
	return []subject{
		{"foo", "Foo", func(a []int) int { return foo.Foo(a[0], a[1]) }, fooCases,
			func(r *rand.Rand) []int { return []int{small(r), small(r)} }},
		{"triangle", "Classify", func(a []int) int { return triangle.Classify(a[0], a[1], a[2]) }, triCases,
			func(r *rand.Rand) []int {
				// mostly sorted sides, so that all branches are reached
				x := []int{r.IntN(30), r.IntN(30), r.IntN(30)}
				if r.IntN(4) > 0 {
					if x[0] < x[1] {
						x[0], x[1] = x[1], x[0]
					}
					if x[1] < x[2] {
						x[1], x[2] = x[2], x[1]
					}
					if x[0] < x[1] {
						x[0], x[1] = x[1], x[0]
					}
				}
				if r.IntN(5) == 0 {
					x[1] = x[0]
				}
				return x
			}},
		{"zune", "Year", func(a []int) int { return zune.Year(a[0]) }, zuneCases,
			func(r *rand.Rand) []int { return []int{r.IntN(3000) - 10} }},
		{"max3", "Max3", func(a []int) int { return max3.Max3(a[0], a[1], a[2]) }, maxCases,
			func(r *rand.Rand) []int { return []int{small(r), small(r), small(r)} }},
		{"max3/correct", "Max3", func(a []int) int { return max3correct.Max3(a[0], a[1], a[2]) }, maxCases,
			func(r *rand.Rand) []int { return []int{small(r), small(r), small(r)} }},
	}
}

func TestExamplesDifferential(t *testing.T) {
	p := loadExamples(t)
	for _, s := range subjects() {
		t.Run(s.pkg, func(t *testing.T) {
			fn := p.Func(examplesPath+s.pkg, s.fn)
			if fn == nil {
				t.Fatalf("%s.%s not found", s.pkg, s.fn)
			}
			rng := rand.New(rand.NewPCG(1, uint64(len(s.pkg))))
			inputs := append([][]int(nil), s.cases...)
			for i := 0; i < 200; i++ {
				inputs = append(inputs, s.random(rng))
			}
			for _, in := range inputs {
				args := make([]Value, len(in))
				for i, a := range in {
					args[i] = Int(int64(a))
				}
				want := s.native(in)
				res, err := p.Run(bgContext, fn, args, &RunOptions{NoTrace: len(inputs)%2 == 0})
				if err != nil {
					t.Fatalf("%v: %v", in, err)
				}
				if res.Outcome != Returned || res.Returns[0].Int() != int64(want) {
					t.Fatalf("%s%v: interpreted %v, native %d", s.fn, in, res, want)
				}
			}
		})
	}
}

func loadExamples(t testing.TB) *Program {
	return load(t, "./examples/foo ./examples/triangle ./examples/zune ./examples/max3 ./examples/max3/correct")
}
