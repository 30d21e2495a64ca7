package tracegen

import (
	"context"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
)

// The generated failing trace really fails (hard and all softs together are
// unsatisfiable), and the injected fault is a one-statement fix: an MCS.
func TestFaultIsAnMCS(t *testing.T) {
	ctx := context.Background()
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for seed := int64(1); seed <= 6; seed++ {
		p := NewProgram(seed, 60)
		if p.Fault() == "" {
			t.Fatalf("seed %d: no visible fault", seed)
		}
		s.Reset()
		if err := Load(s, p.Failing()); err != nil {
			t.Fatal(err)
		}
		if st, err := s.Check(ctx); st != maxsat.Unsat || err != nil {
			t.Fatalf("seed %d: Check = %v, %v; want unsat (a failing run)", seed, st, err)
		}
		all, err := s.AllMCS(ctx, maxsat.Bounds{MaxSize: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var singles []string
		for _, m := range all {
			singles = append(singles, m.Groups[0])
		}
		if !slices.Contains(singles, p.Fault()) {
			t.Fatalf("seed %d: fault %s not among the one-statement MCSes %v", seed, p.Fault(), singles)
		}
	}
}

// Passing runs of the program are consistent with every statement correct.
func TestOtherRunsConsistent(t *testing.T) {
	p := NewProgram(3, 80)
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for run := 1; run < 6; run++ {
		st, failing := p.Trace(run, int64(100+run), run == 1)
		if failing {
			continue
		}
		s.Reset()
		Load(s, st)
		// Without softs the statements are unconstrained; enforce them.
		for i := 0; i < p.Statements(); i++ {
			s.AddHard(maxsat.Not(maxsat.BoolVar("ab_" + group(i))))
		}
		if st, err := s.Check(context.Background()); st != maxsat.Sat || err != nil {
			t.Fatalf("run %d passes, yet its trace is %v, %v", run, st, err)
		}
	}
}
