package encode

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// randString returns a short string over a small alphabet (so that
// prefixes, containment and equal strings come up), sometimes with bytes
// above 0x7f.
func randString(rng *rand.Rand) string {
	const alpha = "ab:\x00\xe9\xff"
	b := make([]byte, rng.IntN(4))
	for i := range b {
		b[i] = alpha[rng.IntN(len(alpha))]
	}
	return string(b)
}

// TestStringsSanity checks the string encoding against the interpreter:
// seeded random runs of testdata/strs, each encoded with its own result as
// the expected one and Options.Sanity on, which fails when the run's
// concrete values violate a constraint (a comparison's direction, a
// conversion of a negative number, a slice's bounds, byte order above
// 0x7f...). The formulas must also hold string terms: the encoding must
// not have silently left strings out.
func TestStringsSanity(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/strs"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/encode/testdata/strs"
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 20 {
		a, b := randString(rng), randString(rng)
		n := rng.IntN(12) - 3
		tests := []trace.Test{
			{Name: "Label", Func: prog.Func(pkg, "Label"), Args: []trace.Value{trace.String(a), trace.String(b), trace.Int(int64(n))}},
			{Name: "Same", Func: prog.Func(pkg, "Same"), Args: []trace.Value{trace.String(a), trace.String(b)}},
			{Name: "Rows", Func: prog.Func(pkg, "Rows"), Args: []trace.Value{trace.String(a), trace.String(b), trace.Int(int64(n))}},
			{Name: "Format", Func: prog.Func(pkg, "Format"), Args: []trace.Value{trace.String(a), trace.String(b), trace.Int(int64(n) * 1000)}},
			{Name: "Build", Func: prog.Func(pkg, "Build"), Args: []trace.Value{trace.String(a), trace.String(b), trace.Int(int64(n))}},
			{Name: "Errors", Func: prog.Func(pkg, "Errors"), Args: []trace.Value{trace.String(a), trace.String(b), trace.Int(int64(n))}},
		}
		if i%2 == 0 {
			tests[1].Args[1] = tests[1].Args[0]
		}
		for _, test := range tests {
			st, err := selfSanity(ctx, prog, test)
			if err != nil {
				t.Errorf("%s%v: %v", test.Name, fmt.Sprintf("%q", test.Args), err)
			}
			if st.StringTerms == 0 {
				t.Errorf("%s: no string terms", test.Name)
			}
			if test.Name == "Rows" && st.FieldCopies < 6 {
				t.Errorf("Rows: %d fields linked through struct copies, want at least 6", st.FieldCopies)
			}
		}
	}
}

// TestNoTheories: Options.NoStrings and NoFloats keep strings and floats
// out of formulas that would have them, and a string oracle is then not
// encodable.
func TestNoTheories(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		dir, fn string
		args    []trace.Value
		opts    Options
		strs    bool
	}{
		{"testdata/strs", "Same", []trace.Value{trace.String("a"), trace.String("b")}, Options{NoStrings: true}, true},
		{"testdata/floats", "Above", []trace.Value{trace.Float(3)}, Options{NoFloats: true}, false},
	} {
		prog, err := trace.Load(ctx, &trace.Config{Dir: tc.dir}, ".")
		if err != nil {
			t.Fatal(err)
		}
		pkg := "github.com/faultloc/faultloc/encode/" + tc.dir
		test := trace.Test{Name: tc.fn, Func: prog.Func(pkg, tc.fn), Args: tc.args}
		res, err := prog.Run(ctx, test.Func, test.Args, nil)
		if err != nil {
			t.Fatal(err)
		}
		test.Want = []trace.Value{res.Returns[0]}
		for _, off := range []bool{false, true} {
			s, err := maxsat.NewSolver(nil)
			if err != nil {
				t.Fatal(err)
			}
			o := tc.opts
			if !off {
				o = Options{}
			}
			e, err := New(prog, s, test, &o)
			if err != nil {
				// Same and Above return a bool: their oracles stay encodable.
				t.Fatalf("%s off=%v: %v", tc.fn, off, err)
			}
			if _, err := e.AddRun(res); err != nil {
				t.Fatal(err)
			}
			n := e.Stats().FloatTerms
			if tc.strs {
				n = e.Stats().StringTerms
			}
			if off != (n == 0) {
				t.Errorf("%s off=%v: %d terms of the kind", tc.fn, off, n)
			}
			s.Close()
		}
	}
	// A string oracle with strings off cannot be encoded.
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/strs"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	test := trace.Test{Name: "Greeting", Func: prog.Func("github.com/faultloc/faultloc/encode/testdata/strs", "Greeting"),
		Args: []trace.Value{trace.String("Ada"), trace.Bool(true)}, Want: []trace.Value{trace.String("Dear Ada,")}}
	if _, err := New(prog, s, test, &Options{NoStrings: true}); !errors.Is(err, ErrNotEncodable) {
		t.Errorf("string oracle with NoStrings: %v, want ErrNotEncodable", err)
	}
}

// selfSanity runs test, encodes the run with its own results as the
// expected ones and Options.Sanity on, and returns the encoder's stats and
// the sanity check's error (a constraint the run's values violate).
func selfSanity(ctx context.Context, prog *trace.Program, test trace.Test) (Stats, error) {
	res, err := prog.Run(ctx, test.Func, test.Args, nil)
	if err != nil || res.Outcome != trace.Returned {
		return Stats{}, fmt.Errorf("run: %v %v", res.Outcome, err)
	}
	test.Want = []trace.Value{res.Returns[0]}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		return Stats{}, err
	}
	defer s.Close()
	e, err := New(prog, s, test, &Options{Sanity: true})
	if err != nil {
		return Stats{}, err
	}
	_, err = e.AddRun(res)
	return e.Stats(), err
}
