package interp

import (
	"slices"
	"sync"
	"testing"
)

// TestConcurrentReads reads one recorded trace from several goroutines at
// once, every event's static instruction, value, dependences, control
// parent, callee and lines, against a reading by one goroutine: run with
// -race, it checks that the readers' caches (the segment found last, the
// entry blocks' segments, the callee index) do not race.
func TestConcurrentReads(t *testing.T) {
	p := load(t, "./internal/workload")
	res, err := p.Run(bgContext, p.Func(workPkg, "Classify"), []Value{Int(30)}, &RunOptions{MaxSteps: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Trace
	type ev struct {
		s     StaticID
		v     Value
		deps  []EventID
		ctrl  EventID
		entry EventID
	}
	read := func(from, step int) []ev {
		out := make([]ev, tr.Len())
		for i := from; i < tr.Len(); i += step {
			e := EventID(i)
			entry, _, _ := tr.Callee(e)
			out[i] = ev{tr.Static(e), tr.Value(e), tr.Deps(e, nil), tr.ControlParent(e), entry}
		}
		return out
	}
	want := read(0, 1)
	wantLines := tr.Lines()
	const n = 4
	got := make([][]ev, n)
	var wg sync.WaitGroup
	for g := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g] = read(g, n)
			if l := tr.Lines(); !slices.Equal(l, wantLines) {
				t.Errorf("goroutine %d: Lines differ", g)
			}
		}()
	}
	wg.Wait()
	for g := range n {
		for i := g; i < tr.Len(); i += n {
			w, x := want[i], got[g][i]
			if w.s != x.s || !Equal(w.v, x.v) || !slices.Equal(w.deps, x.deps) || w.ctrl != x.ctrl || w.entry != x.entry {
				t.Fatalf("event %d read by goroutine %d: %+v, want %+v", i, g, x, w)
			}
		}
	}
}
