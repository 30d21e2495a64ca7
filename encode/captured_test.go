package encode

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestCapturedSanity: closures that read the variables they captured
// (testdata/captured), as go/parser's deferred nesting-level restore
// does. A free variable has no event of its own: a load through it
// depends first on the captured variable's Alloc, then on the variable's
// last store. Encoded with their own results as the expected ones and
// Options.Sanity on, the runs' values must satisfy the formula; reading
// that Alloc as the memory's dependence (the variable's zero value)
// violates it.
func TestCapturedSanity(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/captured"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/encode/testdata/captured"
	for _, tt := range []struct {
		fn  string
		arg int64
	}{
		{"Counter", 3},
		{"Counter", 0},
		{"Deferred", 4},
		{"Deferred", 0},
		{"Unset", 2},
		{"Unset", -5},
	} {
		test := trace.Test{Name: tt.fn, Func: prog.Func(pkg, tt.fn), Args: []trace.Value{trace.Int(tt.arg)}}
		if test.Func == nil {
			t.Fatalf("no function %s", tt.fn)
		}
		st, err := selfSanity(ctx, prog, test)
		if err != nil {
			t.Errorf("%s(%d): %v", tt.fn, tt.arg, err)
		} else if st.Constraints == 0 {
			t.Errorf("%s(%d): nothing encoded", tt.fn, tt.arg)
		}
	}
}

// TestCapturedThrough: the value a closure reads from a variable it
// captured is the formula's, not the run's constant: Counter(3) expected
// to return 4 is fixed by the variable's initial value (n := 0, line 9),
// which reaches the result only through the closure's loads of n.
func TestCapturedThrough(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/captured"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/encode/testdata/captured"
	test := trace.Test{Name: "Counter", Func: prog.Func(pkg, "Counter"), Args: []trace.Value{trace.Int(3)}, Want: []trace.Value{trace.Int(4)}}
	res, err := prog.Run(ctx, test.Func, test.Args, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	enc, err := New(prog, s, test, &Options{Sanity: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := enc.AddRun(res); err != nil {
		t.Fatal(err)
	}
	fixes := OneStatementFixes(ctx, t, s)
	if !slices.ContainsFunc(fixes, func(g string) bool { return strings.HasSuffix(g, "captured.go:9") }) {
		t.Errorf("one-statement fixes %q: no captured.go:9 (n := 0)", fixes)
	}
}
