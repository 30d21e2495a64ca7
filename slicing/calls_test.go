package slicing

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// TestInterprocedural checks how slices cross calls on
// testdata/calls: Calls(3, 1, 5) returns p = pick(true, sq(3), 5) = 9 and
// q = apply(sq, 5) = 25.
func TestInterprocedural(t *testing.T) {
	r := runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Calls",
		trace.Int(3), trace.Int(1), trace.Int(5))
	if got := r.String(); got != "returned: 9, 25" {
		t.Fatalf("Calls(3, 1, 5): %s", got)
	}
	g := NewGraph(r.Trace)
	p, _ := Output(r.Trace, 0)
	q, _ := Output(r.Trace, 1)
	in := r.Trace.Inputs()
	bp, _ := g.Backward(p)
	bq, _ := g.Backward(q)
	fz, _ := g.Forward(in[2])
	fy, _ := g.Forward(in[1])
	tests := []struct {
		name      string
		s         *Slice
		has, lack []int
	}{
		// p depends on sq's body (through its result), on pick's branch and
		// its return a, on y > 0; not on z, which pick ignores, nor on q.
		{"backward p", bp, []int{6, 10, 11, 22, 23, 25}, []int{13, 17, 24}},
		// q goes through the dynamic call f(v) into sq.
		{"backward q", bq, []int{6, 17, 24, 25}, []int{10, 11, 13, 22, 23}},
		// z reaches pick only as its unused parameter b: pick's branch and
		// return a are not affected; apply and sq are, through v and x.
		{"forward z", fz, []int{6, 17, 24, 25}, []int{10, 11, 13, 22}},
		// y decides pick's branch, so pick's return a is affected by y.
		{"forward y", fy, []int{10, 11, 23, 25}, []int{6, 13, 17, 22, 24}},
	}
	for _, tt := range tests {
		lines := lineNumbers(tt.s.Lines())
		for _, l := range tt.has {
			if !slices.Contains(lines, l) {
				t.Errorf("%s: lines %v miss %d", tt.name, lines, l)
			}
		}
		for _, l := range tt.lack {
			if slices.Contains(lines, l) {
				t.Errorf("%s: lines %v include %d", tt.name, lines, l)
			}
		}
	}
}

// TestPhiGating checks, end to end, the gating dependence the trace gives a
// φ: Both(-1, 7) is false
// because x > 0 is false, so the result depends on x, not on y.
func TestPhiGating(t *testing.T) {
	r := runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Both",
		trace.Int(-1), trace.Int(7))
	if got := r.String(); got != "returned: false" {
		t.Fatalf("Both(-1, 7): %s", got)
	}
	g := NewGraph(r.Trace)
	out, _ := Output(r.Trace, 0)
	bs, _ := g.Backward(out)
	in := r.Trace.Inputs()
	if !bs.Contains(in[0]) {
		t.Errorf("the result does not depend on x: slice %v", bs.Events())
	}
	if bs.Contains(in[1]) {
		t.Errorf("the result depends on y, which was not evaluated")
	}
}

// TestGraphMirrorsTrace checks NewGraph against the trace it was built
// from, event by event: the same data dependences (less the address operand
// of a local variable's load or store; plus, for calls run by the bridge,
// stores only), the same control parent, and the call flags.
func TestGraphMirrorsTrace(t *testing.T) {
	runs := []*trace.Result{
		runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Calls", trace.Int(3), trace.Int(-1), trace.Int(5)),
		runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Both", trace.Int(2), trace.Int(7)),
		runTraced(t, "./examples/chops", chopsPkg, "Taste", trace.String("c3hm2s")),
		runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Format", trace.Int(4), trace.Int(7), trace.Int(9)),
	}
	bridged := 0
	for _, r := range runs {
		tr := r.Trace
		g := NewGraph(tr)
		if g.Len() != tr.Len() || g.Trace() != tr {
			t.Fatalf("graph of %d events for a trace of %d", g.Len(), tr.Len())
		}
		for i := range tr.Len() {
			e := trace.EventID(i)
			want := tr.Deps(e, nil)
			if al := addrAlloc(tr.Instr(e)); al != nil {
				for k, d := range want {
					if tr.SSAValue(d) == al {
						want = slices.Delete(want, k, k+1)
						break
					}
				}
			}
			got := g.Deps(e, nil)
			if _, call := tr.Instr(e).(ssa.CallInstruction); call && len(got) > len(want) {
				if _, _, interpreted := tr.Callee(e); !interpreted {
					bridged++
					for _, d := range got[len(want):] {
						if _, ok := tr.Instr(d).(*ssa.Store); !ok || d >= e {
							t.Fatalf("bridged call %d: extra dependence %d is not an earlier store", e, d)
						}
					}
					got = got[:len(want)]
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("event %d (%v): deps %v, want %v", e, tr.Instr(e), got, want)
			}
			if g.ControlParent(e) != tr.ControlParent(e) {
				t.Fatalf("event %d: ctrl %d, trace %d", e, g.ControlParent(e), tr.ControlParent(e))
			}
			p := tr.ControlParent(e)
			if isCall := p >= 0 && p == tr.CallOf(e); isCall != (g.c.flags[i]&flagCtrlIsCall != 0) {
				t.Fatalf("event %d: ctrl-is-call flag %v", e, !isCall)
			}
			if st := isStaticCall(tr.Instr(e)); st != (g.c.flags[i]&flagStaticCall != 0) {
				t.Fatalf("event %d (%v): static-call flag %v", e, tr.Instr(e), !st)
			}
		}
	}
	if bridged == 0 {
		t.Error("no bridged call read memory: the runs do not exercise it")
	}
}

// TestFailedOutputs takes as criteria only the results a test's Want
// rejects: Taste("ccmh") is (3, 4), want (3, 3), so only the sweetness.
func TestFailedOutputs(t *testing.T) {
	p := loadProg(t, "./examples/chops")
	test := trace.Test{
		Name: "milky",
		Func: p.Func(chopsPkg, "Taste"),
		Args: []trace.Value{trace.String("ccmh")},
		Want: []trace.Value{trace.Int(3), trace.Int(3)},
	}
	r, err := p.TestCase(test).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome != trace.AssertionFailed || !r.Failed {
		t.Fatalf("outcome %v, failed %v", r.Outcome, r.Failed)
	}
	got, err := FailedOutputs(r)
	sweet, _ := Output(r.Trace, 1)
	if err != nil || len(got) != 1 || got[0] != sweet {
		t.Errorf("FailedOutputs = %v, %v; want [%d] (the sweetness)", got, err, sweet)
	}
	test.Want = nil
	test.Check = func([]trace.Value) error { return errors.New("rejected") }
	r, err = p.TestCase(test).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := FailedOutputs(r)
	if err != nil || len(all) != 2 {
		t.Errorf("FailedOutputs with a predicate = %v, %v; want both results", all, err)
	}
	if _, err := FailedOutputs(nil); !errors.Is(err, ErrNoOutput) {
		t.Errorf("nil result: err = %v", err)
	}
	// A run that panics: the criterion is the panicking event.
	calls := loadProg(t, "./slicing/testdata/calls")
	pr, err := calls.TestCase(trace.Test{
		Func: calls.Func("github.com/faultloc/faultloc/slicing/testdata/calls", "Div"),
		Args: []trace.Value{trace.Int(1), trace.Int(0)},
	}).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	pe, err := FailedOutputs(pr)
	if err != nil || len(pe) == 0 {
		t.Fatalf("FailedOutputs(panic) = %v, %v", pe, err)
	}
	for _, e := range pe {
		if pr.Trace.Pos(e).Line != 37 {
			t.Errorf("panic criterion %d at %v, want line 37", e, pr.Trace.Pos(e))
		}
	}
	g := NewGraph(pr.Trace)
	s, _ := g.Backward(pe...)
	if !s.Contains(pr.Trace.Inputs()[1]) {
		t.Errorf("the division by zero does not depend on the divisor")
	}
}

// TestRelevantSlices checks potential dependences on local and global
// variables: the untaken branches that could have assigned the returned
// variable join the relevant slice, not the plain one.
func TestRelevantSlices(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/slicing/testdata/calls"
	tests := []struct {
		fn                 string
		args               []trace.Value
		backward, relevant []int
	}{
		{"Clamp", []trace.Value{trace.Int(5), trace.Int(0), trace.Int(9)}, []int{41, 42, 49}, []int{41, 42, 43, 46, 49}},
		{"Clamp", []trace.Value{trace.Int(-5), trace.Int(0), trace.Int(9)}, []int{41, 43, 44, 49}, []int{41, 43, 44, 46, 49}},
		{"Raise", []trace.Value{trace.Int(3)}, []int{52, 59}, []int{52, 55, 56, 59}},
		// fmt.Sprint runs natively; its result depends on d and y through
		// the variadic array, not on z.
		{"Format", []trace.Value{trace.Int(4), trace.Int(7), trace.Int(9)}, []int{7, 8, 10}, []int{7, 8, 10}},
		// A call not made, given &x, could have reset x.
		{"MaybeReset", []trace.Value{trace.Int(4), trace.Bool(false)}, []int{35, 39}, []int{35, 36, 39}},
		// The array reaches fmt.Sprint through a slice stored in the
		// variadic array; both its stores count (the element store of y,
		// and conservatively the whole-array store of the literal).
		{"Overwrite", []trace.Value{trace.Int(4), trace.Int(7)}, []int{15, 16, 17, 18}, []int{15, 16, 17, 18}},
	}
	for _, tt := range tests {
		r := runTraced(t, "./slicing/testdata/calls", pkg, tt.fn, tt.args...)
		g := NewGraph(r.Trace)
		out, err := Output(r.Trace, 0)
		if err != nil {
			t.Fatal(err)
		}
		bs, _ := g.Backward(out)
		rs, _ := g.Relevant(out)
		if got := lineNumbers(bs.Lines()); !slices.Equal(got, tt.backward) {
			t.Errorf("%s%v: backward lines %v, want %v", tt.fn, tt.args, got, tt.backward)
		}
		if got := lineNumbers(rs.Lines()); !slices.Equal(got, tt.relevant) {
			t.Errorf("%s%v: relevant lines %v, want %v", tt.fn, tt.args, got, tt.relevant)
		}
	}
}

// addrAlloc is an independent restatement of the address rule: the
// non-escaping Alloc a load, store or field/element address uses as address.
func addrAlloc(instr ssa.Instruction) *ssa.Alloc {
	var v ssa.Value
	switch i := instr.(type) {
	case *ssa.Store:
		v = i.Addr
	case *ssa.UnOp:
		if i.Op.String() == "*" {
			v = i.X
		}
	case *ssa.FieldAddr:
		v = i.X
	case *ssa.IndexAddr:
		v = i.X
	}
	if a, ok := v.(*ssa.Alloc); ok && !a.Heap {
		return a
	}
	return nil
}

// TestElementReadsSlice marks one element of a []byte input: the reading
// event is the element address &b[i] at i = 1, and the forward slice of it
// reaches the count only when that element is an 'a'.
func TestElementReadsSlice(t *testing.T) {
	for _, tc := range []struct {
		in      string
		reaches bool
	}{{"xay", true}, {"xby", false}} {
		v, err := trace.ValueOf([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		r := runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "CountA", v)
		g := NewGraph(r.Trace)
		reads, err := g.ElementReads(r.Trace.Inputs(), []int{1})
		if err != nil || len(reads) != 1 {
			t.Fatalf("%q: ElementReads = %v, %v", tc.in, reads, err)
		}
		if _, ok := r.Trace.Instr(reads[0]).(*ssa.IndexAddr); !ok {
			t.Errorf("%q: read %v is not an element address", tc.in, r.Trace.Instr(reads[0]))
		}
		out, _ := Output(r.Trace, 0)
		chop, _ := g.Chop(reads, []trace.EventID{out})
		if got := chop.Contains(out); got != tc.reaches {
			t.Errorf("%q: the count is in the chop of b[1] = %v, want %v", tc.in, got, tc.reaches)
		}
	}
	if _, err := NewGraph(runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Div", trace.Int(1), trace.Int(1)).Trace).ElementReads([]trace.EventID{-1}, nil); err == nil {
		t.Error("ElementReads with a bad root: no error")
	}
}

// TestElementReadsRange marks one rune of a string read by a range loop.
func TestElementReadsRange(t *testing.T) {
	for _, tc := range []struct {
		in      string
		pos     int
		reaches bool
	}{{"xay", 1, true}, {"xby", 1, false}, {"éa", 2, true}, {"éa", 1, false}} {
		r := runTraced(t, "./slicing/testdata/calls", "github.com/faultloc/faultloc/slicing/testdata/calls", "Vowels", trace.String(tc.in))
		g := NewGraph(r.Trace)
		reads, err := g.ElementReads(r.Trace.Inputs(), []int{tc.pos})
		if err != nil {
			t.Fatal(err)
		}
		// Position 1 of "éa" is inside the two-byte é: no rune starts there.
		if wantReads := !(tc.in == "éa" && tc.pos == 1); (len(reads) == 1) != wantReads {
			t.Fatalf("%q at %d: reads %v", tc.in, tc.pos, reads)
		}
		out, _ := Output(r.Trace, 0)
		chop, _ := g.Chop(reads, []trace.EventID{out})
		if got := chop.Contains(out); got != tc.reaches {
			t.Errorf("%q at %d: the count is in the chop = %v, want %v", tc.in, tc.pos, got, tc.reaches)
		}
	}
}
