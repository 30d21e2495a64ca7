package slicing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples/chops"
	"github.com/faultloc/faultloc/examples/triangle"
	"github.com/faultloc/faultloc/trace"
)

// tasteProblem is the chops subject as a ChopProblem over recipe bytes:
// Test runs Taste natively against Spec; Run interprets it.
func tasteProblem(t testing.TB, pass, fail string) *ChopProblem[byte] {
	p := loadProg(t, "./examples/chops")
	fn := p.Func(chopsPkg, "Taste")
	var passIn []byte
	if pass != "" {
		passIn = []byte(pass)
	}
	return &ChopProblem[byte]{
		Pass: passIn,
		Fail: []byte(fail),
		Test: func(_ context.Context, in []byte) Outcome {
			b, s := chops.Taste(string(in))
			wb, ws := chops.Spec(string(in))
			if b != wb || s != ws {
				return Fail
			}
			return Pass
		},
		Run: func(ctx context.Context, in []byte) (*trace.Result, error) {
			return p.Run(ctx, fn, []trace.Value{trace.String(string(in))}, &trace.RunOptions{NoInit: true})
		},
		// The wrong output is the sweetness, result 1.
		Criteria: func(r *trace.Result) ([]trace.EventID, error) {
			e, err := Output(r.Trace, 1)
			return []trace.EventID{e}, err
		},
	}
}

// report renders a ChopReport for a golden file.
func report[T comparable](r *ChopReport[T], input func([]T) string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "failing input %s, passing input %s, marked %v, edits %d, dd tests %d\n",
		input(r.Input), input(r.PassInput), r.Marked, len(r.Edits), r.DDStats.Tests)
	fmt.Fprintf(&sb, "%s\n", r)
	sb.WriteString(describe("chop", r.Chop))
	fmt.Fprintf(&sb, "== line chop: %v\n", lineNumbers(r.LineChop))
	fmt.Fprintf(&sb, "== independent of the input (fallback): %v\n", lineNumbers(r.Independent.Lines()))
	fmt.Fprintf(&sb, "== line chop with fallback: %v\n", lineNumbers(r.FallbackLines))
	return sb.String()
}

func quoted(b []byte) string { return fmt.Sprintf("%q", b) }

func TestFailureInducingChopTaste(t *testing.T) {
	ctx := context.Background()
	var sb strings.Builder
	for _, tc := range []struct{ name, pass, fail string }{
		{"dd", "chs", "cchmsh"},
		{"ddmin", "", "ccmhs"},
	} {
		r, err := FailureInducingChop(ctx, tasteProblem(t, tc.pass, tc.fail))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		fmt.Fprintf(&sb, "### %s: pass %q, fail %q\n", tc.name, tc.pass, tc.fail)
		sb.WriteString(report(r, quoted))
		if !hasLineNo(r.Chop.Lines(), 45) {
			t.Errorf("%s: chop misses the fault chops.go:45", tc.name)
		}
		if len(r.Marked) != 1 || r.Input[r.Marked[0]] != 'm' {
			t.Errorf("%s: marked %v of %q, want the one 'm'", tc.name, r.Marked, r.Input)
		}
		if r.Chop.Len() > r.Backward.Len() || r.Chop.Len() > r.Forward.Len() {
			t.Errorf("%s: chop larger than a slice", tc.name)
		}
	}
	golden(t, "pipeline_taste.txt", sb.String())
}

// classify is the triangle classifier without its fault: the oracle.
func classify(a, b, c int) int {
	switch {
	case !(a >= b && b >= c):
		return triangle.Illegal
	case a == b && b == c:
		return triangle.Equilateral
	case a == b || b == c:
		return triangle.Isosceles
	case a*a == b*b+c*c:
		return triangle.Right
	case a*a < b*b+c*c:
		return triangle.Acute
	}
	return triangle.Obtuse
}

// TestTrianglePipeline isolates, between the passing T3 (26, 14, 14) and the
// failing T8 (26, 26, 7), the side b as the failure-inducing difference, and
// chops from it.
func TestTrianglePipeline(t *testing.T) {
	p := loadProg(t, "./examples/triangle")
	fn := p.Func(trianglePkg, "Classify")
	prob := &ChopProblem[int]{
		Pass:    []int{26, 14, 14},
		Fail:    []int{26, 26, 7},
		Aligned: true,
		Test: func(_ context.Context, in []int) Outcome {
			if triangle.Classify(in[0], in[1], in[2]) != classify(in[0], in[1], in[2]) {
				return Fail
			}
			return Pass
		},
		Run: func(ctx context.Context, in []int) (*trace.Result, error) {
			return p.Run(ctx, fn, []trace.Value{trace.Int(int64(in[0])), trace.Int(int64(in[1])), trace.Int(int64(in[2]))}, &trace.RunOptions{NoInit: true})
		},
		Sources: func(g *Graph, pos []int) ([]trace.EventID, error) { return g.InputEvents(pos) },
	}
	r, err := FailureInducingChop(context.Background(), prob)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "pipeline_triangle.txt", report(r, func(in []int) string { return fmt.Sprint(in) }))
	if fmt.Sprint(r.Input, r.PassInput, r.Marked) != "[26 26 14] [26 14 14] [1]" {
		t.Errorf("dd: input %v, pass %v, marked %v", r.Input, r.PassInput, r.Marked)
	}
	if !hasLineNo(r.Chop.Lines(), 23) {
		t.Error("chop misses the fault triangle.go:23")
	}
}

func TestFailureInducingChopErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := FailureInducingChop[byte](ctx, nil); err == nil || !strings.HasPrefix(err.Error(), "slicing: ") {
		t.Errorf("nil problem: err = %v", err)
	}
	p := tasteProblem(t, "", "ccmh")
	p.Run = nil
	if _, err := FailureInducingChop(ctx, p); err == nil {
		t.Error("no Run: no error")
	}
	// The "failing" input passes: delta debugging reports it.
	p = tasteProblem(t, "", "cch")
	var oe *OutcomeError
	if _, err := FailureInducingChop(ctx, p); !errors.As(err, &oe) {
		t.Errorf("passing input: err = %v, want *OutcomeError", err)
	}
	// The run fails.
	p = tasteProblem(t, "", "ccmh")
	boom := errors.New("boom")
	p.Run = func(context.Context, []byte) (*trace.Result, error) { return nil, boom }
	if _, err := FailureInducingChop(ctx, p); !errors.Is(err, boom) {
		t.Errorf("run error: err = %v", err)
	}
	// Aligned inputs of different lengths.
	p = tasteProblem(t, "ab", "ccmh")
	p.Aligned = true
	if _, err := FailureInducingChop(ctx, p); err == nil {
		t.Error("aligned inputs of different lengths: no error")
	}
	// Criteria outside the trace.
	p = tasteProblem(t, "", "ccmh")
	p.Criteria = func(*trace.Result) ([]trace.EventID, error) { return []trace.EventID{1 << 30}, nil }
	var ce *CriterionError
	if r, err := FailureInducingChop(ctx, p); !errors.As(err, &ce) || r == nil {
		t.Errorf("bad criterion: err = %v, report %v", err, r != nil)
	}
}

// TestPerElementChops checks the per-position chops: after ddmin keeps a
// whole input, each position's chop is part of the joint chop, and only the
// positions holding 'm' reach the fault.
func TestPerElementChops(t *testing.T) {
	p := tasteProblem(t, "", "m2")
	p.PerElement = true
	r, err := FailureInducingChop(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Input) != "m" || len(r.PerElement) != 1 {
		t.Fatalf("input %q, %d element chops", r.Input, len(r.PerElement))
	}
	// Without simplification (a DDMin budget of one test keeps the input).
	p = tasteProblem(t, "", "cmh")
	p.PerElement = true
	p.DD = &DDOptions{MaxTests: 1}
	if _, err := FailureInducingChop(context.Background(), p); !errors.Is(err, ErrTestBudget) {
		t.Fatalf("budget: err = %v", err)
	}
	p.DD = nil
	p.Test = func(_ context.Context, in []byte) Outcome {
		if string(in) == "cmh" {
			return Fail
		}
		return Pass
	}
	r, err = FailureInducingChop(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.PerElement) != 3 {
		t.Fatalf("%d element chops for %q", len(r.PerElement), r.Input)
	}
	for i, ec := range r.PerElement {
		if ec.Position != i || len(ec.Sources) != 1 {
			t.Errorf("element %d: position %d, sources %v", i, ec.Position, ec.Sources)
		}
		if d, _ := ec.Chop.Minus(r.Chop); d.Len() != 0 {
			t.Errorf("element %d's chop is not within the joint chop", i)
		}
		if got, want := hasLineNo(ec.Chop.Lines(), 45), r.Input[i] == 'm'; got != want {
			t.Errorf("element %d (%q): chop has the fault line = %v, want %v", i, r.Input[i], got, want)
		}
	}
}

// TestPipelineInterpretedOracle runs delta debugging's probes under the
// interpreter too (without recording), in parallel, and compares with the
// native-oracle run: the same input difference and chop.
func TestPipelineInterpretedOracle(t *testing.T) {
	prog := loadProg(t, "./examples/chops")
	fn := prog.Func(chopsPkg, "Taste")
	native, err := FailureInducingChop(context.Background(), tasteProblem(t, "chs", "cchmsh"))
	if err != nil {
		t.Fatal(err)
	}
	p := tasteProblem(t, "chs", "cchmsh")
	p.DD = &DDOptions{Parallel: 2}
	p.Test = func(ctx context.Context, in []byte) Outcome {
		r, err := prog.Run(ctx, fn, []trace.Value{trace.String(string(in))}, &trace.RunOptions{NoTrace: true, NoInit: true, MaxSteps: 100_000})
		if err != nil || r.Outcome != trace.Returned {
			return Unresolved
		}
		wb, ws := chops.Spec(string(in))
		if r.Returns[0].Int() != int64(wb) || r.Returns[1].Int() != int64(ws) {
			return Fail
		}
		return Pass
	}
	interp, err := FailureInducingChop(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if string(interp.Input) != string(native.Input) || fmt.Sprint(interp.Marked) != fmt.Sprint(native.Marked) {
		t.Errorf("interpreted oracle isolated %q at %v, native %q at %v", interp.Input, interp.Marked, native.Input, native.Marked)
	}
	if fmt.Sprint(lineNumbers(interp.Chop.Lines())) != fmt.Sprint(lineNumbers(native.Chop.Lines())) {
		t.Errorf("chops differ: %v vs %v", lineNumbers(interp.Chop.Lines()), lineNumbers(native.Chop.Lines()))
	}
}
