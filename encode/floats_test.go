package encode

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestFloatsSanity checks the float encoding against the interpreter
// (native Go arithmetic): seeded runs of testdata/floats with special
// values (NaN, infinities, -0) and random ones, each encoded with its own
// result as the expected one and Options.Sanity on, which fails when a
// run's concrete values violate a constraint (a rounding, a comparison
// with NaN, a truncating conversion...).
func TestFloatsSanity(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/floats"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Func("github.com/faultloc/faultloc/encode/testdata/floats", "Mix")
	specials := []float64{0, math.Copysign(0, -1), 1, -2.5, 0.1, math.Inf(1), math.Inf(-1), math.NaN(), 1e300, 3}
	rng := rand.New(rand.NewPCG(13, 17))
	for i := range 12 {
		x, y := specials[i%len(specials)], specials[(i*3+1)%len(specials)]
		if i >= len(specials) {
			x, y = (rng.Float64()-0.5)*1000, (rng.Float64()-0.5)*10
		}
		test := trace.Test{Name: "Mix", Func: fn, Args: []trace.Value{trace.Float(x), trace.Float(y), trace.Int(int64(rng.IntN(10) - 5))}}
		st, err := selfSanity(ctx, prog, test)
		if err != nil {
			t.Errorf("Mix(%v, %v): %v", x, y, err)
		}
		if st.FloatTerms == 0 {
			t.Errorf("Mix(%v, %v): no float terms", x, y)
		}
	}
}

// TestFloatFault localizes Celsius's wrong factor (9/5 for 5/9): the
// statements that can make Celsius(212) return exactly 100 are the
// difference (its angelic value times 1.8, rounded as Go rounds, must be
// 100: checked natively), the factor's line and the return. It does so in
// float32 (Celsius32); binary64's multiplication takes Z3 five times
// longer, about 30 s of CPU, so Celsius itself runs with the build tag
// long (longtest).
func TestFloatFault(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/floats"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fn    string
		line  int                  // the difference's; the factor and the return follow
		times func(d float64) bool // whether d*1.8 is 100 in the function's type
	}{
		{"Celsius32", 47, func(d float64) bool { return float32(d)*(9.0/5) == 100 }},
		{"Celsius", 34, func(d float64) bool { return d*(9.0/5) == 100 }},
	} {
		t.Run(tt.fn, func(t *testing.T) {
			if tt.fn == "Celsius" && !longtest.Enabled {
				t.Skip("binary64: with the build tag long")
			}
			test := trace.Test{
				Name: tt.fn, Func: prog.Func("github.com/faultloc/faultloc/encode/testdata/floats", tt.fn),
				Args: []trace.Value{trace.Float(212)}, Want: []trace.Value{trace.Float(100)},
			}
			res, err := prog.RunTest(ctx, test, nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := maxsat.NewSolver(nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			e, err := New(prog, s, test, &Options{Mode: FS})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.AddRun(res); err != nil {
				t.Fatal(err)
			}
			mcses, err := s.AllMCS(ctx, maxsat.Bounds{MaxSize: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			lines := map[int]float64{}
			for _, m := range mcses {
				c, err := e.Decode(m)
				if err != nil {
					t.Fatal(err)
				}
				for _, a := range c.Angelic {
					lines[a.Pos.Line] = a.Value.Float()
				}
			}
			d, okD := lines[tt.line]
			c, okC := lines[tt.line+1]
			r, okR := lines[tt.line+2]
			if !okD || !okC || !okR || len(lines) != 3 {
				t.Fatalf("angelic values by line %v, want lines %d (d), %d (c) and %d (return)", lines, tt.line, tt.line+1, tt.line+2)
			}
			if !tt.times(d) {
				t.Errorf("angelic d = %v: d*1.8 is not 100 natively", d)
			}
			if c != 100 || r != 100 {
				t.Errorf("angelic c = %v, result %v; want 100", c, r)
			}
		})
	}
}
