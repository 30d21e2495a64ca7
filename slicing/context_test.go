package slicing

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestContextStops: the context variants stop at an ended context with
// its error and no result, and a stopped computation of the potential
// dependences leaves the graph's answers as they were.
func TestContextStops(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/slicing/testdata/calls"
	r := runTraced(t, "./slicing/testdata/calls", pkg, "Clamp", trace.Int(5), trace.Int(0), trace.Int(9))
	out, err := Output(r.Trace, 0)
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if g, err := NewGraphContext(done, r.Trace); g != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("NewGraphContext(cancelled) = %v, %v; want nil, context.Canceled", g, err)
	}
	g, err := NewGraphContext(context.Background(), r.Trace)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(context.Context, ...trace.EventID) ([]int, error){
		"DistancesContext":         g.DistancesContext,
		"RelevantDistancesContext": g.RelevantDistancesContext,
	} {
		if d, err := f(done, out); d != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("%s(cancelled) = %v, %v; want nil, context.Canceled", name, d, err)
		}
	}
	want := NewGraph(r.Trace)
	for _, relevant := range []bool{false, true} {
		gotD, err1 := g.Distances(out)
		wantD, err2 := want.Distances(out)
		if relevant {
			gotD, err1 = g.RelevantDistances(out)
			wantD, err2 = want.RelevantDistances(out)
		}
		if err1 != nil || err2 != nil || !slices.Equal(gotD, wantD) {
			t.Errorf("relevant %v: after a stopped call %v (%v), want %v (%v)", relevant, gotD, err1, wantD, err2)
		}
	}
	rs, err := g.Relevant(out)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lineNumbers(rs.Lines()), []int{41, 42, 43, 46, 49}; !slices.Equal(got, want) {
		t.Errorf("relevant lines after a stopped call %v, want %v", got, want)
	}
}
