package maxsat_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/faultloc/faultloc/internal/tracegen"
	"github.com/faultloc/faultloc/maxsat"
)

// Benchmarks on seeded trace-like formulas (internal/tracegen, the
// generator of bench/maxsat, which reports the larger comparisons). Each
// benchmark checks its result so that the work cannot be skipped.

func newBenchSolver(b *testing.B, opts *maxsat.Options) *maxsat.Solver {
	b.Helper()
	s, err := maxsat.NewSolver(opts)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(s.Close)
	return s
}

// BenchmarkLoad measures building terms and translating them to Z3.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{100, 1000} {
		st := tracegen.NewProgram(1, n).Failing()
		b.Run(fmt.Sprintf("stmts=%d", n), func(b *testing.B) {
			s := newBenchSolver(b, nil)
			for b.Loop() {
				if err := s.Reset(); err != nil {
					b.Fatal(err)
				}
				if err := tracegen.Load(s, st); err != nil {
					b.Fatal(err)
				}
			}
			if s.Stats().Groups != n {
				b.Fatalf("%d groups", s.Stats().Groups)
			}
		})
	}
}

// BenchmarkAllMCS enumerates all MCSes of size <= 3 of a failing trace.
func BenchmarkAllMCS(b *testing.B) {
	st := tracegen.NewProgram(1, 100).Failing()
	for _, alg := range []maxsat.MCSAlgorithm{maxsat.LevelSearch, maxsat.OptimizeBlocking} {
		b.Run(alg.String(), func(b *testing.B) {
			s := newBenchSolver(b, &maxsat.Options{MCS: alg})
			for b.Loop() {
				s.Reset()
				if err := tracegen.Load(s, st); err != nil {
					b.Fatal(err)
				}
				all, err := s.AllMCS(context.Background(), maxsat.Bounds{MaxSize: 3}, nil)
				if err != nil || len(all) != 13 {
					b.Fatalf("%d MCSes, %v", len(all), err)
				}
			}
		})
	}
}

// BenchmarkOptimum computes the MaxSAT optimum with Fu–Malik.
func BenchmarkOptimum(b *testing.B) {
	st := tracegen.NewProgram(1, 100).Failing()
	s := newBenchSolver(b, nil)
	for b.Loop() {
		s.Reset()
		if err := tracegen.Load(s, st); err != nil {
			b.Fatal(err)
		}
		o, err := s.Optimum(context.Background())
		if err != nil || o.Cost != 1 {
			b.Fatalf("optimum %+v, %v", o, err)
		}
	}
}

// BenchmarkMUS extracts a MUS of the statements' softs of a failing trace.
func BenchmarkMUS(b *testing.B) {
	st := tracegen.NewProgram(1, 100).Failing()
	for _, alg := range []maxsat.MUSAlgorithm{maxsat.DeletionMUS, maxsat.QuickXplain} {
		b.Run(alg.String(), func(b *testing.B) {
			s := newBenchSolver(b, &maxsat.Options{MUS: alg})
			for b.Loop() {
				s.Reset()
				if err := tracegen.Load(s, st); err != nil {
					b.Fatal(err)
				}
				mus, err := s.MUS(context.Background())
				if err != nil || len(mus) == 0 {
					b.Fatalf("MUS %v, %v", mus, err)
				}
			}
		})
	}
}

// BenchmarkStages adds 5 runs of a 40-statement program one at a time and
// asks for up to two MCSes after each, incrementally or rebuilding.
func BenchmarkStages(b *testing.B) {
	p := tracegen.NewProgram(1, 40)
	var runs []tracegen.Stage
	for k := 0; k < 5; k++ {
		st, _ := p.Trace(k, int64(1+k), k == 0)
		runs = append(runs, st)
	}
	step := func(s *maxsat.Solver, blocked *[][]string) {
		for i := 0; i < 2; i++ {
			m, err := s.NextMCS(context.Background(), maxsat.Bounds{MaxSize: 3})
			if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
				return
			}
			if err != nil {
				b.Fatal(err)
			}
			if len(m.Groups) == 0 {
				return
			}
			*blocked = append(*blocked, m.Groups)
			s.Block(m.Groups)
		}
	}
	b.Run("incremental", func(b *testing.B) {
		s := newBenchSolver(b, nil)
		for b.Loop() {
			s.Reset()
			var blocked [][]string
			for _, st := range runs {
				tracegen.Load(s, st)
				step(s, &blocked)
			}
			if len(blocked) == 0 {
				b.Fatal("no MCS")
			}
		}
	})
	b.Run("rebuild", func(b *testing.B) {
		s := newBenchSolver(b, nil)
		for b.Loop() {
			var blocked [][]string
			for k := range runs {
				s.Reset()
				for _, st := range runs[:k+1] {
					tracegen.Load(s, st)
				}
				for _, g := range blocked {
					s.Block(g)
				}
				step(s, &blocked)
			}
			if len(blocked) == 0 {
				b.Fatal("no MCS")
			}
		}
	})
}

// BenchmarkTerms measures building terms alone (no Z3).
func BenchmarkTerms(b *testing.B) {
	for b.Loop() {
		st := tracegen.NewProgram(1, 1000).Failing()
		if len(st.Hard) < 1000 {
			b.Fatal("short trace")
		}
	}
}
