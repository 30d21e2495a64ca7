package slicing

import (
	"go/types"
	"slices"
	"sort"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// TestCorpusInvariants slices the runs of the trace package's corpus of
// self-checking programs (closures, defers, panics and recovers, maps,
// interfaces, generics...) and checks invariants that hold whatever the
// program: a backward slice holds its criterion and nothing later; the
// relevant slice contains the backward slice; a forward slice holds its
// sources and nothing earlier; the chop is within both; Why agrees with
// membership on a sample of events (three a program, ten with the build
// tag long). Without the build tag long it slices half the programs, every
// other one in name order from the second (a half without the longest
// runs, XML's, JSON's and HTMLTemplate's, but with others of
// encoding/json); .ci/run slices them all.
func TestCorpusInvariants(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/internal/corpus"
	p := loadProg(t, "./trace/internal/corpus")
	sp := p.Package(pkg)
	if sp == nil {
		t.Skip("corpus package not found")
	}
	var names []string
	for name, m := range sp.Members {
		if f, ok := m.(*ssa.Function); ok && f.Signature.Params().Len() == 0 && f.Signature.Results().Len() == 1 &&
			types.Identical(f.Signature.Results().At(0).Type(), types.Typ[types.String]) && f.Object() != nil && f.Object().Exported() {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) < 10 {
		t.Fatalf("only %d corpus programs found", len(names))
	}
	for i, name := range names {
		if i%2 == 0 && !longtest.Enabled {
			continue
		}
		r, err := p.Run(t.Context(), p.Func(pkg, name), nil, &trace.RunOptions{MaxSteps: 2_000_000})
		if err != nil {
			t.Logf("%s: %v (skipped)", name, err)
			continue
		}
		tr := r.Trace
		if tr.Len() == 0 {
			continue
		}
		g := NewGraph(tr)
		crit := EntryReturn(tr)
		if crit < 0 {
			crit = trace.EventID(tr.Len() - 1)
		}
		bs, err := g.Backward(crit)
		if err != nil {
			t.Fatal(err)
		}
		rs, _ := g.Relevant(crit)
		src := trace.EventID(tr.Len() / 3)
		fs, _ := g.Forward(src)
		chop, _ := g.Chop([]trace.EventID{src}, []trace.EventID{crit})
		if !bs.Contains(crit) || !fs.Contains(src) {
			t.Errorf("%s: a slice misses its own criterion", name)
		}
		evs := bs.Events()
		if evs[len(evs)-1] != crit {
			t.Errorf("%s: backward slice holds events after its criterion", name)
		}
		if fs.Events()[0] != src {
			t.Errorf("%s: forward slice holds events before its source", name)
		}
		if d, _ := bs.Minus(rs); d.Len() != 0 {
			t.Errorf("%s: %d events of the backward slice are not in the relevant slice", name, d.Len())
		}
		if d1, _ := chop.Minus(bs); d1.Len() != 0 {
			t.Errorf("%s: chop outside the backward slice", name)
		}
		if d2, _ := chop.Minus(fs); d2.Len() != 0 {
			t.Errorf("%s: chop outside the forward slice", name)
		}
		// Ten events a program with the build tag long, three without:
		// a Why may search the whole graph (a second or more on the
		// longest runs).
		whys := 3
		if longtest.Enabled {
			whys = 10
		}
		step := max(1, tr.Len()/whys)
		for e := trace.EventID(0); int(e) < tr.Len(); e += trace.EventID(step) {
			chain, err := g.Why(crit, e, false)
			if err != nil {
				t.Fatal(err)
			}
			if (chain != nil) != bs.Contains(e) {
				t.Errorf("%s: Why(%d, %d) = %v but membership %v", name, crit, e, chain, bs.Contains(e))
			}
		}
		if !slices.IsSorted(bs.Statics()) {
			t.Errorf("%s: Statics not sorted", name)
		}
		t.Logf("%s: %d events, backward %d, relevant %d, forward %d, chop %d", name, tr.Len(), bs.Len(), rs.Len(), fs.Len(), chop.Len())
	}
}
