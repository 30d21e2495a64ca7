package slicing

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

const (
	fooPkg      = "github.com/faultloc/faultloc/examples/foo"
	trianglePkg = "github.com/faultloc/faultloc/examples/triangle"
	chopsPkg    = "github.com/faultloc/faultloc/examples/chops"
)

// describe renders a slice for a golden file: a header with the sizes and
// the slice's lines with their source text.
func describe(title string, s *Slice) string {
	return fmt.Sprintf("== %s: %d events, %d lines\n%s", title, s.Len(), len(s.Lines()), render(s))
}

// TestFooSlices pins the slices of AgxFaults' foo on its failing test
// Foo(3, 5) = 8 (want 2). The fault, a = x at line 14, is not in the dynamic
// slice of the result: b = x + y flows straight to return b, and the branch
// a >= y that could have overwritten b was not taken. The relevant slice
// adds that branch through a potential dependence, and with it the fault.
func TestFooSlices(t *testing.T) {
	r := runTraced(t, "./examples/foo", fooPkg, "Foo", trace.Int(3), trace.Int(5))
	if got := r.String(); got != "returned: 8" {
		t.Fatalf("Foo(3, 5): %s", got)
	}
	g := NewGraph(r.Trace)
	out, err := Output(r.Trace, 0)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := g.Backward(out)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := g.Relevant(out)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := g.Forward(r.Trace.Inputs()...)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString(describe("backward slice of Foo(3, 5)'s result", bs))
	sb.WriteString(describe("relevant slice of Foo(3, 5)'s result", rs))
	sb.WriteString(describe("forward slice of the parameters x, y", fs))
	golden(t, "foo.txt", sb.String())

	fault := trace.Line{File: fooFile(t), Line: 14}
	if hasLine(bs.Lines(), fault) || !hasLine(rs.Lines(), fault) {
		t.Errorf("fault line 14: in backward slice %v (want false), in relevant slice %v (want true)", hasLine(bs.Lines(), fault), hasLine(rs.Lines(), fault))
	}
	// Every event of the backward slice is in the relevant slice.
	if d, _ := bs.Minus(rs); d.Len() != 0 {
		t.Errorf("backward slice has %d events outside the relevant slice", d.Len())
	}
}

func fooFile(t *testing.T) string {
	t.Helper()
	p := loadProg(t, "./examples/foo")
	return p.Fset.File(p.Func(fooPkg, "Foo").Pos()).Name()
}

func hasLine(ls []trace.Line, l trace.Line) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

func TestCriterionErrors(t *testing.T) {
	r := runTraced(t, "./examples/foo", fooPkg, "Foo", trace.Int(3), trace.Int(5))
	g := NewGraph(r.Trace)
	for _, bad := range []trace.EventID{-1, trace.EventID(g.Len()), 1 << 30} {
		_, err := g.Backward(bad)
		var ce *CriterionError
		if !errors.As(err, &ce) || ce.Event != bad || ce.Len != g.Len() {
			t.Errorf("Backward(%d): err = %v, want *CriterionError", bad, err)
		}
		if _, err := g.Forward(0, bad); !errors.As(err, &ce) {
			t.Errorf("Forward(%d): err = %v", bad, err)
		}
		if _, err := g.Relevant(bad); !errors.As(err, &ce) {
			t.Errorf("Relevant(%d): err = %v", bad, err)
		}
		if _, err := g.Chop([]trace.EventID{0}, []trace.EventID{bad}); !errors.As(err, &ce) {
			t.Errorf("Chop(%d): err = %v", bad, err)
		}
	}
	empty, err := g.Backward()
	if err != nil || empty.Len() != 0 || len(empty.Events()) != 0 || len(empty.Lines()) != 0 {
		t.Errorf("Backward() = %v events, %v", empty.Len(), err)
	}
	if _, err := Output(r.Trace, 1); !errors.Is(err, ErrNoOutput) {
		t.Errorf("Output(1) err = %v, want ErrNoOutput", err)
	}
	other := NewGraph(r.Trace)
	s2, _ := other.Backward(0)
	if _, err := empty.Intersect(s2); !errors.Is(err, ErrGraphMismatch) {
		t.Errorf("Intersect across graphs: err = %v", err)
	}
}

// TestTriangleChop pins the slices and chop of the angelic-debugging
// paper's failing test T8: Classify(26, 26, 7) returns Acute, want
// Isosceles. dd against the passing T3 (26, 14, 14) isolates b as the
// failure-inducing input (see TestTrianglePipeline); here the chop runs from
// the parameter b to the result.
func TestTriangleChop(t *testing.T) {
	r := runTraced(t, "./examples/triangle", trianglePkg, "Classify", trace.Int(26), trace.Int(26), trace.Int(7))
	if got := r.String(); got != "returned: 4" {
		t.Fatalf("Classify(26, 26, 7): %s", got)
	}
	g := NewGraph(r.Trace)
	out, err := Output(r.Trace, 0)
	if err != nil {
		t.Fatal(err)
	}
	in := r.Trace.Inputs()
	if len(in) != 3 {
		t.Fatalf("inputs %v, want the 3 parameters", in)
	}
	bs, _ := g.Backward(out)
	fsB, _ := g.Forward(in[1])
	fsAll, _ := g.Forward(in...)
	chopB, err := g.Chop(in[1:2], []trace.EventID{out})
	if err != nil {
		t.Fatal(err)
	}
	chopAll, _ := g.Chop(in, []trace.EventID{out})
	var sb strings.Builder
	sb.WriteString(describe("backward slice of T8's result", bs))
	sb.WriteString(describe("forward slice of b", fsB))
	sb.WriteString(describe("chop from b to the result", chopB))
	sb.WriteString(describe("forward slice of a, b, c", fsAll))
	sb.WriteString(describe("chop from a, b, c to the result", chopAll))
	fmt.Fprintf(&sb, "== line chop (paper) from b: %v\n", lineNumbers(LineChop(fsB, bs)))
	golden(t, "triangle.txt", sb.String())
	if !hasLineNo(chopB.Lines(), 23) {
		t.Errorf("the chop from b misses the fault at line 23")
	}
}

func lineNumbers(ls []trace.Line) []int {
	var out []int
	for _, l := range ls {
		out = append(out, l.Line)
	}
	return out
}

func hasLineNo(ls []trace.Line, n int) bool {
	for _, l := range ls {
		if l.Line == n {
			return true
		}
	}
	return false
}

// TestChopsSubject pins the slices of the chops subject's failing run
// Taste("ccmh") = 3, 4 (want 3, 3): the forward slice of the byte 'm'
// (position 2), the backward slice of the wrong sweetness, and their chop.
func TestChopsSubject(t *testing.T) {
	r := runTraced(t, "./examples/chops", chopsPkg, "Taste", trace.String("ccmh"))
	if got := r.String(); got != "returned: 3, 4" {
		t.Fatalf("Taste(ccmh): %s", got)
	}
	g := NewGraph(r.Trace)
	sweet, err := Output(r.Trace, 1)
	if err != nil {
		t.Fatal(err)
	}
	bitter, _ := Output(r.Trace, 0)
	reads, err := g.ElementReads(r.Trace.Inputs(), []int{2})
	if err != nil || len(reads) != 1 {
		t.Fatalf("ElementReads = %v, %v; want the one read of recipe[2]", reads, err)
	}
	bs, _ := g.Backward(sweet)
	bsBitter, _ := g.Backward(bitter)
	fs, _ := g.Forward(reads...)
	chop, _ := g.Chop(reads, []trace.EventID{sweet})
	var sb strings.Builder
	sb.WriteString(describe("backward slice of sweet", bs))
	sb.WriteString(describe("backward slice of bitter", bsBitter))
	sb.WriteString(describe("forward slice of recipe[2] ('m')", fs))
	sb.WriteString(describe("chop from recipe[2] to sweet", chop))
	fmt.Fprintf(&sb, "== line chop (paper): %v\n", lineNumbers(LineChop(fs, bs)))
	golden(t, "chops.txt", sb.String())
	if !hasLineNo(chop.Lines(), 45) {
		t.Error("the chop misses the fault at chops.go:45")
	}
	if chop.Len() >= bs.Len() || chop.Len() >= fs.Len() {
		t.Errorf("chop (%d events) not smaller than the slices (%d, %d)", chop.Len(), bs.Len(), fs.Len())
	}
}

// TestWhy checks the explanations against the slices: Why finds a chain
// exactly for the events in the slice, and each chain is made of the
// graph's edges, from the criterion to the target.
func TestWhy(t *testing.T) {
	runs := []*trace.Result{
		runTraced(t, "./examples/foo", fooPkg, "Foo", trace.Int(3), trace.Int(5)),
		runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Calls", trace.Int(3), trace.Int(1), trace.Int(5)),
		runTraced(t, "./examples/chops", chopsPkg, "Taste", trace.String("c2mh")),
	}
	for _, r := range runs {
		g := NewGraph(r.Trace)
		out, _ := Output(r.Trace, 0)
		for _, relevant := range []bool{false, true} {
			var s *Slice
			if relevant {
				s, _ = g.Relevant(out)
			} else {
				s, _ = g.Backward(out)
			}
			for e := trace.EventID(0); int(e) < g.Len(); e++ {
				chain, err := g.Why(out, e, relevant)
				if err != nil {
					t.Fatal(err)
				}
				if (chain != nil) != s.Contains(e) {
					t.Fatalf("Why(%d, %d, %v) = %v, but in slice = %v", out, e, relevant, chain, s.Contains(e))
				}
				if chain == nil {
					continue
				}
				at := out
				for _, edge := range chain {
					if edge.From != at {
						t.Fatalf("chain %v is not connected", chain)
					}
					var ok bool
					switch edge.Kind {
					case Data:
						ok = slices.Contains(g.Deps(edge.From, nil), edge.To)
					case Control:
						ok = g.ControlParent(edge.From) == edge.To
					case Potential:
						ok = slices.Contains(g.PotentialDeps(edge.From, nil), edge.To)
					}
					if !ok {
						t.Fatalf("chain edge %+v is not an edge of the graph", edge)
					}
					at = edge.To
				}
				if at != e {
					t.Fatalf("chain %v ends at %d, want %d", chain, at, e)
				}
			}
		}
	}
	if DepKind(9).String() != "DepKind(9)" || Potential.String() != "potential" {
		t.Error("DepKind.String")
	}
}

// TestConcurrentUse backs the claim that a Graph is safe for concurrent
// use: slices, relevant slices (whose first call computes the potential
// dependences) and explanations from several goroutines agree with a
// sequential run (run with -race to check for data races).
func TestConcurrentUse(t *testing.T) {
	r := runTraced(t, "./examples/chops", chopsPkg, "Taste", trace.String("c2mhs3"))
	g := NewGraph(r.Trace)
	out, _ := Output(r.Trace, 1)
	ref := NewGraph(r.Trace)
	wantB, _ := ref.Backward(out)
	wantR, _ := ref.Relevant(out)
	errs := make(chan string, 16)
	done := make(chan bool)
	for w := range 8 {
		go func() {
			defer func() { done <- true }()
			var s *Slice
			if w%2 == 0 {
				s, _ = g.Relevant(out)
				if s.Len() != wantR.Len() {
					errs <- fmt.Sprintf("relevant slice of %d events, want %d", s.Len(), wantR.Len())
				}
			} else {
				s, _ = g.Backward(out)
				if s.Len() != wantB.Len() {
					errs <- fmt.Sprintf("backward slice of %d events, want %d", s.Len(), wantB.Len())
				}
			}
			if chain, _ := g.Why(out, s.Events()[0], w%2 == 0); chain == nil {
				errs <- "no explanation for a slice member"
			}
			_ = s.Lines()
		}()
	}
	for range 8 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestEmptyTrace: a trace without events yields an empty graph whose every
// criterion is out of range.
func TestEmptyTrace(t *testing.T) {
	g := NewGraph(&trace.Trace{})
	if g.Len() != 0 {
		t.Fatalf("Len = %d", g.Len())
	}
	var ce *CriterionError
	if _, err := g.Backward(0); !errors.As(err, &ce) {
		t.Errorf("Backward(0) on an empty trace: err = %v", err)
	}
	if s, err := g.Forward(); err != nil || s.Len() != 0 || len(s.Lines()) != 0 {
		t.Errorf("Forward() = %v, %v", s, err)
	}
	if rs, err := g.Relevant(); err != nil || rs.Len() != 0 {
		t.Errorf("Relevant() = %v, %v", rs, err)
	}
	if g.ControlParent(0) != trace.NoEvent || len(g.Deps(0, nil)) != 0 || len(g.PotentialDeps(0, nil)) != 0 {
		t.Error("edges of a missing event")
	}
	if EntryReturn(&trace.Trace{}) != trace.NoEvent {
		t.Error("EntryReturn of an empty trace")
	}
}
