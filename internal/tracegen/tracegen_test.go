package tracegen

import (
	"context"
	"slices"
	"strings"
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

// On trace formulas, level search (which narrows its cost-1 probes to the
// groups of an unsat core) finds exactly the MCSes of at most 2 statements
// that Z3 Optimize with blocking finds.
func TestLevelSearchAgreesWithOptimize(t *testing.T) {
	ctx := context.Background()
	algs := []maxsat.MCSAlgorithm{maxsat.LevelSearch, maxsat.OptimizeBlocking}
	var solvers []*maxsat.Solver
	for _, alg := range algs {
		s, err := maxsat.NewSolver(&maxsat.Options{MCS: alg})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		solvers = append(solvers, s)
	}
	for seed := int64(1); seed <= 6; seed++ {
		st := NewProgram(seed, 30).Failing()
		var got [2][]string
		for i, s := range solvers {
			s.Reset()
			if err := Load(s, st); err != nil {
				t.Fatal(err)
			}
			all, err := s.AllMCS(ctx, maxsat.Bounds{MaxSize: 2}, nil)
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, algs[i], err)
			}
			for _, m := range all {
				got[i] = append(got[i], strings.Join(m.Groups, "+"))
			}
			slices.Sort(got[i])
		}
		if !slices.Equal(got[0], got[1]) {
			t.Errorf("seed %d: level search %v, optimize %v", seed, got[0], got[1])
		}
	}
}
