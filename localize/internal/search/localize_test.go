package search

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

var (
	loadOnce sync.Once
	loaded   *trace.Program
	loadErr  error
)

// TestFoo pins the AgxFaults paper's running example: ATF and PF both find
// exactly its five minimal fix candidates, all verified; FS and FI find
// what single-path formulas can.
func TestFoo(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	var all strings.Builder
	for _, m := range []encode.Mode{encode.ATF, encode.PF, encode.FS, encode.FI} {
		rep, err := Localize(context.Background(), p, p.TestCase(test), &Options{Mode: m, Sanity: true})
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		all.WriteString(testutil.Summary(rep))
		if m == encode.ATF || m == encode.PF {
			want := [][]int{{11}, {14}, {18}, {21}, {13, 16}}
			var got [][]int
			for _, c := range rep.Candidates {
				if !c.Verified {
					t.Errorf("%v: candidate %v not verified", m, c.Locations)
				}
				var ls []int
				for _, l := range c.Locations {
					ls = append(ls, l.Line)
				}
				got = append(got, ls)
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%v: candidates %v, want the paper's %v", m, got, want)
			}
		}
	}
	testutil.Golden(t, "foo.golden", all.String())
}

// TestFaultInSizeOneCandidate checks that the known fault of each subject
// comes out as a verified candidate of size 1 on its line, including the
// wrong initial value `sum := 1` that lifted SSA would erase. The rows in
// bit-vectors of triangle and zune (multiplications and remainders: 4 and
// 10 s of CPU, against a fifth of a second with integers) run with the
// build tag long (longtest); TestFoo and TestEngines localize in
// bit-vectors by default.
func TestFaultInSizeOneCandidate(t *testing.T) {
	t.Parallel()
	p := testutil.Examples(t)
	tests := []struct {
		dir   string
		test  trace.Test
		line  int // the fault line, read from the //fault: marker at index idx
		idx   int
		arith encode.Arith
		long  bool // only with the build tag long
	}{
		{"triangle", testutil.IntTest(t, p, "triangle", "Classify", "T8", 2, 26, 26, 7), 0, 0, encode.BitVector, true},
		{"triangle", testutil.IntTest(t, p, "triangle", "Classify", "T8-int", 2, 26, 26, 7), 0, 0, encode.Integer, false},
		{"zune", testutil.IntTest(t, p, "zune", "Year", "T6", 1982, 732), 0, 0, encode.BitVector, true},
		{"zune", testutil.IntTest(t, p, "zune", "Year", "T6-int", 1982, 732), 0, 0, encode.Integer, false},
		{"loops", testutil.IntTest(t, p, "loops", "Sum", "SumFails", 45, 10), 0, 0, encode.BitVector, false},
		{"loops", testutil.IntTest(t, p, "loops", "Sum", "SumFails-int", 45, 10), 0, 0, encode.Integer, false},
		{"loops", testutil.IntTest(t, p, "loops", "Isqrt", "IsqrtTwoFails", 1, 2), 0, 1, encode.BitVector, false},
	}
	for _, tt := range tests {
		t.Run(tt.dir+"/"+tt.test.Name, func(t *testing.T) {
			if tt.long && !longtest.Enabled {
				t.Skip("bit-vectors: with the build tag long")
			}
			faults, err := examples.FaultLines(filepath.Join(testutil.ExamplesDir(), tt.dir))
			if err != nil || len(faults) <= tt.idx {
				t.Fatalf("fault markers: %v %v", faults, err)
			}
			f := faults[tt.idx]
			// A deadline keeps a slow solver from hanging the suite: the
			// report would then be partial and the check below fail.
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			rep, err := Localize(ctx, p, p.TestCase(tt.test), &Options{MaxSize: 1, Sanity: true, Arith: tt.arith})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rep.Candidates {
				if c.Verified && len(c.Locations) == 1 && c.Locations[0].File == f.File && c.Locations[0].Line == f.Line {
					return
				}
			}
			t.Errorf("no verified size-1 candidate on %v:\n%s", f, testutil.Summary(rep))
		})
	}
}

func TestPassingTestIsAnError(t *testing.T) {
	p := testutil.Examples(t)
	_, err := Localize(context.Background(), p, p.TestCase(testutil.IntTest(t, p, "foo", "Foo", "xNotLess", 8, 5, 3)), nil)
	if !errors.Is(err, localize.ErrTestPasses) {
		t.Fatalf("err = %v, want ErrTestPasses", err)
	}
}

func TestPredicateOracleIsNotEncodable(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "pred", 2, 3, 5)
	test.Want = nil
	test.Check = func(r []trace.Value) error {
		if r[0].Int() != 2 {
			return errors.New("not 2")
		}
		return nil
	}
	_, err := Localize(context.Background(), p, p.TestCase(test), nil)
	if !errors.Is(err, encode.ErrNotEncodable) {
		t.Fatalf("err = %v, want ErrNotEncodable", err)
	}
}

// TestCancelledIsPartial: a context that ends stops the enumeration with a
// partial report rather than an error.
func TestCancelledIsPartial(t *testing.T) {
	p := testutil.Examples(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	rep, err := Localize(ctx, p, p.TestCase(testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)), nil)
	if err != nil {
		// The failing run itself saw the cancellation.
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err = %v, want a deadline error", err)
		}
		return
	}
	if !rep.Partial {
		t.Fatalf("report not partial after the deadline:\n%s", testutil.Summary(rep))
	}
}

// TestInterruptedEncodingIsPartial: a context that ends while the failing
// run is encoded gives the report as it stands (the failure, no
// candidates) marked partial with the encoder's reason, not an error.
func TestInterruptedEncodingIsPartial(t *testing.T) {
	p := testutil.Examples(t)
	test := testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := &Options{Hooks: &Hooks{NewEncoder: func(s *maxsat.Solver, _ *trace.CaseResult, eo *encode.Options) (*encode.Encoder, error) {
		cancel() // the bound is reached as the encoding starts
		return encode.New(p, s, test, eo)
	}}}
	rep, err := Localize(ctx, p, p.TestCase(test), opts)
	if err != nil {
		t.Fatalf("err = %v, want a partial report", err)
	}
	if !rep.Partial || !strings.Contains(rep.Reason, "encode: interrupted") || rep.Failure == "" || len(rep.Candidates) != 0 {
		t.Fatalf("report partial=%v reason=%q failure=%q with %d candidates; want partial, interrupted while encoding, the failure, none", rep.Partial, rep.Reason, rep.Failure, len(rep.Candidates))
	}
}

func TestMaxCandidates(t *testing.T) {
	p := testutil.Examples(t)
	rep, err := Localize(context.Background(), p, p.TestCase(testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)), &Options{MaxCandidates: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Candidates) != 2 || !rep.Partial {
		t.Fatalf("got %d candidates, partial=%v; want 2, true", len(rep.Candidates), rep.Partial)
	}
}

// TestByExpression: with expression granularity, the triangle's fault is
// named as the expression `a == c` inside `a == c || b == c`.
func TestByExpression(t *testing.T) {
	p := testutil.Examples(t)
	rep, err := Localize(context.Background(), p, p.TestCase(testutil.IntTest(t, p, "triangle", "Classify", "T8", 2, 26, 26, 7)), &Options{MaxSize: 1, Arith: encode.Integer, Granularity: encode.ByExpression})
	if err != nil {
		t.Fatal(err)
	}
	var exprs []string
	for _, c := range rep.Candidates {
		l := c.Locations[0]
		if c.Verified && l.Line == 23 {
			exprs = append(exprs, l.Expr)
		}
	}
	if !slices.Contains(exprs, "a == c") || !slices.Contains(exprs, "b == c") {
		t.Errorf("verified expressions on line 23: %q; want a == c and b == c among them\n%s", exprs, testutil.Summary(rep))
	}
}

// TestUnsupportedConstruct: a construct the interpreter cannot run in the
// scope is a typed error naming it and its position, not a crash.
func TestUnsupportedConstruct(t *testing.T) {
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{Dir: testutil.Subject("unsupported")}, ".")
	if err != nil {
		t.Fatal(err)
	}
	fn := p.Func("github.com/faultloc/faultloc/localize/testdata/unsupported", "F")
	_, err = Localize(ctx, p, p.TestCase(trace.Test{Name: "F", Func: fn, Args: []trace.Value{trace.Int(1)}, Want: []trace.Value{trace.Int(3)}}), nil)
	var ue *trace.UnsupportedError
	if !errors.As(err, &ue) {
		t.Fatalf("err = %v, want a *trace.UnsupportedError", err)
	}
	if ue.Pos.Line == 0 || !strings.Contains(err.Error(), "u.go") {
		t.Errorf("error %q does not name the construct's position", err)
	}
}

// TestPackageVariableInit: a package variable's initialisation (max3's
// `var sorted = false`, change c1 of the AFTER paper's example) is code like
// any other and can be part of a fix.
func TestPackageVariableInit(t *testing.T) {
	p := testutil.Examples(t)
	rep, err := Localize(context.Background(), p, p.TestCase(testutil.IntTest(t, p, "max3", "Max3", "failing", 3, 3, 2, 1)), &Options{MaxSize: 2, Arith: encode.Integer, Sanity: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Candidates {
		for _, l := range c.Locations {
			if c.Verified && l.Line == 12 && strings.HasSuffix(l.File, "max3.go") {
				return
			}
		}
	}
	t.Errorf("no verified candidate includes max3.go:12 (var sorted = false):\n%s", testutil.Summary(rep))
}

// TestEngines: the SMT core, the bit-vector SAT engine and the hybrid of
// the two give the same candidates (lines, verified or not) in both modes on the examples'
// failing tests, loops included. (BinarySearch is left out: the SAT engine
// takes minutes on its if-then-else chains, which is why AutoEngine does
// not choose it there; see TestEngineChoice. Isqrt's ten iterations, 6 s
// of CPU, run with the build tag long: longtest.)
func TestEngines(t *testing.T) {
	t.Parallel()
	p := testutil.Examples(t)
	tests := []trace.Test{
		testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5),
		testutil.IntTest(t, p, "loops", "Sum", "SumFails", 45, 10),
	}
	if longtest.Enabled {
		tests = append(tests, testutil.IntTest(t, p, "loops", "Isqrt", "IsqrtTen", 4, 24))
	}
	lines := func(r *localize.Report) []string {
		var out []string
		for _, c := range r.Candidates {
			var ls []string
			for _, l := range c.Locations {
				ls = append(ls, fmt.Sprint(l.Line))
			}
			out = append(out, fmt.Sprintf("%s verified=%v", strings.Join(ls, "+"), c.Verified))
		}
		slices.Sort(out)
		return out
	}
	for _, tt := range tests {
		for _, m := range []encode.Mode{encode.ATF, encode.PF} {
			t.Run(tt.Name+"/"+m.String(), func(t *testing.T) {
				var want []string
				for _, e := range []Engine{SMTEngine, BVEngine, HybridEngine} {
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
					rep, err := Localize(ctx, p, p.TestCase(tt), &Options{Mode: m, Engine: e, Unwind: 12})
					cancel()
					if err != nil {
						t.Fatalf("%v: %v", e, err)
					}
					if rep.Partial {
						t.Fatalf("%v: partial: %s", e, rep.Reason)
					}
					got := lines(rep)
					if e == SMTEngine {
						want = got
						if len(want) == 0 {
							t.Fatalf("%v: no candidates", e)
						}
						continue
					}
					if !slices.Equal(got, want) {
						t.Errorf("%v: candidates %v, the SMT core's %v", e, got, want)
					}
				}
			})
		}
	}
}

// TestEngineChoice pins AutoEngine's rule.
func TestEngineChoice(t *testing.T) {
	tests := []struct {
		e     Engine
		arith encode.Arith
		steps int64
		loads int
		want  maxsat.Engine
	}{
		{AutoEngine, encode.BitVector, 1000, 0, maxsat.BVEngine},
		{AutoEngine, encode.BitVector, bvMinSteps, 0, maxsat.BVEngine},
		{AutoEngine, encode.BitVector, bvMinSteps - 1, 0, maxsat.HybridEngine}, // short run
		{AutoEngine, encode.BitVector, 1000, 3, maxsat.HybridEngine},           // symbolic loads
		{AutoEngine, encode.Integer, 1000, 0, maxsat.SMTEngine},                // no integers in the SAT engine
		{SMTEngine, encode.BitVector, 1000, 0, maxsat.SMTEngine},
		{BVEngine, encode.BitVector, 10, 3, maxsat.BVEngine},
		{BVEngine, encode.Integer, 10, 0, maxsat.SMTEngine},
		{HybridEngine, encode.BitVector, 1000, 0, maxsat.HybridEngine},
		{HybridEngine, encode.Integer, 1000, 0, maxsat.SMTEngine},
	}
	for _, tt := range tests {
		if got := EngineFor(tt.e, tt.arith, tt.steps, encode.Stats{IndexLoads: tt.loads}); got != tt.want {
			t.Errorf("engine(%v, arith %d, %d steps, %d loads) = %v, want %v", tt.e, tt.arith, tt.steps, tt.loads, got, tt.want)
		}
	}
}
