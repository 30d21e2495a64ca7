package slicing

import (
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace"
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
