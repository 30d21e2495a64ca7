package maxsat

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"testing"
	"time"
)

func TestBadTerms(t *testing.T) {
	s := newSolver(t, nil)
	ill := Add(BVVar("a", 8), BVVar("b", 16))
	var se *SortError
	if err := s.AddHard(ill); !errors.As(err, &se) {
		t.Errorf("AddHard(ill-sorted) = %v", err)
	}
	if err := s.AddHard(BVVar("a", 8)); !errors.As(err, &se) {
		t.Errorf("AddHard(non-Bool) = %v", err)
	}
	if err := s.AddSoft(Eq(ill, ill), 1, "g"); !errors.As(err, &se) {
		t.Errorf("AddSoft(ill-sorted) = %v", err)
	}
	if err := s.AddHard(nil); !errors.As(err, &se) {
		t.Errorf("AddHard(nil) = %v", err)
	}
	if err := s.AddSoft(BoolVar("p"), 0, "g"); err == nil {
		t.Error("AddSoft with weight 0: no error")
	}
	if err := s.AddSoft(BoolVar("p"), 1<<40, "g"); err == nil {
		t.Error("AddSoft with weight 2^40: no error")
	}
	if st := s.Stats(); st.Hard != 0 || st.Soft != 0 || st.Groups != 0 {
		t.Errorf("rejected constraints were counted: %+v", st)
	}
	if err := s.Block([]string{"nope"}); err == nil {
		t.Error("Block of an unknown group: no error")
	}
	// The solver still works.
	if err := s.AddSoft(BoolVar("p"), 1, "g"); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Check(context.Background()); st != Sat || err != nil {
		t.Fatalf("Check = %v, %v", st, err)
	}
	if _, err := s.Model().Eval(ill); !errors.As(err, &se) {
		t.Errorf("Eval(ill-sorted) = %v", err)
	}
	var nilModel *Model
	if _, err := nilModel.Eval(BoolVar("p")); err == nil {
		t.Error("Eval on nil model: no error")
	}
}

func TestEmptyProblem(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t, nil)
	if st, err := s.Check(ctx); st != Sat || err != nil {
		t.Fatalf("Check = %v, %v", st, err)
	}
	m, err := s.NextMCS(ctx, Bounds{})
	if err != nil || len(m.Groups) != 0 || m.Cost != 0 {
		t.Fatalf("NextMCS = %+v, %v; want the empty MCS", m, err)
	}
	if _, err := s.MUS(ctx); !errors.Is(err, ErrSat) {
		t.Errorf("MUS = %v, want ErrSat", err)
	}
	if o, err := s.Optimum(ctx); err != nil || o.Cost != 0 {
		t.Errorf("Optimum = %+v, %v", o, err)
	}
	if all, err := s.AllMCS(ctx, Bounds{}, nil); err != nil || len(all) != 1 {
		t.Errorf("AllMCS = %v, %v; want the empty MCS once", all, err)
	}
	if _, err := s.NextMCS(ctx, Bounds{}); !errors.Is(err, ErrExhausted) {
		t.Errorf("after blocking the empty MCS: %v", err)
	}
}

func TestUnsatHard(t *testing.T) {
	ctx := context.Background()
	for _, alg := range []MCSAlgorithm{LevelSearch, OptimizeBlocking} {
		s := newSolver(t, &Options{MCS: alg})
		x := BVVar("x", 8)
		s.AddHard(ULT(x, BV(3, 8)))
		s.AddHard(UGT(x, BV(5, 8)))
		s.AddSoft(Eq(x, BV(1, 8)), 1, "a")
		if st, err := s.Check(ctx); st != Unsat || err != nil || len(s.Core()) != 0 {
			t.Fatalf("%v: Check = %v, %v, core %v", alg, st, err, s.Core())
		}
		for _, b := range []Bounds{{}, {MaxSize: 2}, {MaxCost: 5}} {
			if _, err := s.NextMCS(ctx, b); !errors.Is(err, ErrHardUnsat) {
				t.Errorf("%v: NextMCS(%+v) = %v, want ErrHardUnsat", alg, b, err)
			}
		}
		if mus, err := s.MUS(ctx); err != nil || len(mus) != 0 {
			t.Errorf("%v: MUS = %v, %v; want empty", alg, mus, err)
		}
		if _, err := s.Optimum(ctx); !errors.Is(err, ErrHardUnsat) {
			t.Errorf("%v: Optimum = %v", alg, err)
		}
	}
}

func TestWeightedOrder(t *testing.T) {
	a, b, c := BoolVar("a"), BoolVar("b"), BoolVar("c")
	for _, alg := range []MCSAlgorithm{LevelSearch, OptimizeBlocking} {
		s := newSolver(t, &Options{MCS: alg})
		s.AddHard(Or(Not(a), Not(b)))
		s.AddHard(Or(Not(a), Not(c)))
		s.AddSoft(a, 3, "A")
		s.AddSoft(b, 1, "B")
		s.AddSoft(c, 1, "C")
		all, err := s.AllMCS(context.Background(), Bounds{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range all {
			got = append(got, fmt.Sprintf("%s:%d", join(m.Groups), m.Cost))
		}
		if fmt.Sprint(got) != "[B+C:2 A:3]" {
			t.Errorf("%v: MCSes %v, want [B+C:2 A:3]", alg, got)
		}
		// A cost bound below 3 stops before {A}.
		s2 := newSolver(t, &Options{MCS: alg})
		s2.AddHard(Or(Not(a), Not(b)))
		s2.AddHard(Or(Not(a), Not(c)))
		s2.AddSoft(a, 3, "A")
		s2.AddSoft(b, 1, "B")
		s2.AddSoft(c, 1, "C")
		bounded, err := s2.AllMCS(context.Background(), Bounds{MaxCost: 2}, nil)
		if err != nil || len(bounded) != 1 {
			t.Errorf("%v: cost <= 2: %d MCSes, %v", alg, len(bounded), err)
		}
	}
}

// TestGroupsRelaxTogether: a group with two softs is one unit of cost
// (their weights summed) and is relaxed as a whole.
func TestGroupsRelaxTogether(t *testing.T) {
	x := BVVar("x", 8)
	s := newSolver(t, nil)
	s.AddHard(Eq(x, BV(7, 8)))
	s.AddSoft(Eq(x, BV(1, 8)), 1, "stmt")
	s.AddSoft(UGT(x, BV(100, 8)), 2, "stmt")
	s.AddSoft(ULT(x, BV(10, 8)), 1, "other")
	if w, ok := s.GroupWeight("stmt"); !ok || w != 3 {
		t.Fatalf("GroupWeight = %d, %v", w, ok)
	}
	all, err := s.AllMCS(context.Background(), Bounds{}, nil)
	if err != nil || len(all) != 1 || join(all[0].Groups) != "stmt" || all[0].Cost != 3 {
		t.Fatalf("AllMCS = %v, %v", all, err)
	}
	if names := s.GroupNames(); fmt.Sprint(names) != "[stmt other]" {
		t.Errorf("GroupNames = %v", names)
	}
}

func TestModelValues(t *testing.T) {
	s := newSolver(t, nil)
	x64, w, i, p := BVVar("x", 64), BVVar("w", 100), IntVar("i"), BoolVar("p")
	s.AddHard(Eq(x64, BV(1<<63+9, 64)))
	s.AddHard(Eq(w, Concat(ZeroExt(x64, 4), BV(0, 32))))
	big70 := new(big.Int).Lsh(big.NewInt(3), 70)
	s.AddHard(Eq(i, Neg(BigInt(big70))))
	s.AddHard(p)
	if st, err := s.Check(context.Background()); st != Sat || err != nil {
		t.Fatal(st, err)
	}
	m := s.Model()
	if v, err := m.BV(x64); err != nil || v != 1<<63+9 {
		t.Errorf("x = %d, %v", v, err)
	}
	if v, err := m.Eval(x64); err != nil || v.Int64() != -(1<<63)+9 {
		t.Errorf("x signed = %d, %v", v.Int64(), err)
	}
	wantW := new(big.Int).Lsh(new(big.Int).SetUint64(1<<63+9), 32)
	if v, err := m.Eval(w); err != nil || v.Big.Cmp(wantW) != 0 {
		t.Errorf("w = %v, %v; want %v", v, err, wantW)
	}
	if v, err := m.Int(i); err != nil || v.Cmp(new(big.Int).Neg(big70)) != 0 {
		t.Errorf("i = %v, %v", v, err)
	}
	if v, err := m.Bool(p); err != nil || !v {
		t.Errorf("p = %v, %v", v, err)
	}
	if v, err := m.BV(BVVar("unused", 16)); err != nil || v != 0 {
		t.Errorf("unconstrained = %v, %v; want the default 0", v, err)
	}
	if _, err := m.BV(p); err == nil {
		t.Error("BV of a Bool: no error")
	}
	if _, err := m.Int(x64); err == nil {
		t.Error("Int of a bit-vector: no error")
	}
	if v, _ := m.Eval(BVInt(-3, 8)); v.String() != "253:BV8" || v.Int64() != -3 {
		t.Errorf("BVInt(-3, 8) = %v (%d)", v, v.Int64())
	}
}

// hardProblem adds a problem Z3 needs long to refute: n pairwise distinct
// products of 32-bit factors, each below n-1, with one soft group per
// product.
func hardProblem(t testing.TB, s *Solver, n int) {
	var ps []*Term
	for i := 0; i < n; i++ {
		x, y := BVVar(fmt.Sprintf("x%d", i), 32), BVVar(fmt.Sprintf("y%d", i), 32)
		for _, v := range []*Term{x, y} {
			s.AddHard(UGT(v, BV(1, 32)))
			s.AddHard(ULT(v, BV(1<<16, 32)))
		}
		p := Mul(x, y)
		ps = append(ps, p)
		if err := s.AddSoft(ULT(p, BV(uint64(n-1), 32)), 1, fmt.Sprintf("p%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	s.AddHard(Distinct(ps...))
}

func TestCancelMidSearch(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, alg := range []MCSAlgorithm{LevelSearch, OptimizeBlocking} {
		s := newSolver(t, &Options{MCS: alg})
		hardProblem(t, s, 40)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err := s.NextMCS(ctx, Bounds{MaxSize: 2})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%v: NextMCS = %v, want deadline exceeded", alg, err)
		}
		if el := time.Since(start); el > 5*time.Second {
			t.Errorf("%v: cancellation took %v", alg, el)
		}
		if st := s.Stats(); st.Unknown == 0 {
			t.Errorf("%v: interrupted check not counted: %+v", alg, st)
		}
		// The solver stays usable: a cancelled context fails at once, and
		// new, easy work succeeds.
		done, c2 := context.WithCancel(context.Background())
		c2()
		if _, err := s.MUS(done); !errors.Is(err, context.Canceled) {
			t.Errorf("%v: MUS with a cancelled context = %v", alg, err)
		}
		if err := s.Reset(); err != nil {
			t.Fatal(err)
		}
		s.AddSoft(BoolVar("q"), 1, "q")
		if m, err := s.NextMCS(context.Background(), Bounds{}); err != nil || len(m.Groups) != 0 {
			t.Errorf("%v: after cancellation and Reset: %v, %v", alg, m, err)
		}
		s.Close()
	}
	// The interrupt watchers are gone.
	time.Sleep(10 * time.Millisecond)
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("goroutines: %d before, %d after", before, after)
	}
}

func TestTimeout(t *testing.T) {
	s := newSolver(t, &Options{Timeout: 50 * time.Millisecond})
	hardProblem(t, s, 40)
	_, err := s.Optimum(context.Background())
	var ue *UnknownError
	if !errors.As(err, &ue) {
		t.Fatalf("Optimum with a 50ms timeout = %v, want *UnknownError", err)
	}
}

func TestClosed(t *testing.T) {
	s, err := NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	s.AddHard(BoolVar("p"))
	s.Check(context.Background())
	m := s.Model()
	s.Close()
	s.Close()
	ctx := context.Background()
	if err := s.AddHard(True()); !errors.Is(err, ErrClosed) {
		t.Errorf("AddHard: %v", err)
	}
	if _, err := s.Check(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Check: %v", err)
	}
	if _, err := s.NextMCS(ctx, Bounds{}); !errors.Is(err, ErrClosed) {
		t.Errorf("NextMCS: %v", err)
	}
	if _, err := s.MUS(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("MUS: %v", err)
	}
	if _, err := s.Optimum(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("Optimum: %v", err)
	}
	if err := s.Block(nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Block: %v", err)
	}
	if err := s.Reset(); !errors.Is(err, ErrClosed) {
		t.Errorf("Reset: %v", err)
	}
	if _, err := m.Eval(BoolVar("p")); !errors.Is(err, ErrClosed) {
		t.Errorf("Eval: %v", err)
	}
}

func TestResetInvalidatesModels(t *testing.T) {
	s := newSolver(t, nil)
	s.AddHard(BoolVar("p"))
	if st, err := s.Check(context.Background()); st != Sat || err != nil {
		t.Fatal(st, err)
	}
	m := s.Model()
	if v, err := m.Bool(BoolVar("p")); err != nil || !v {
		t.Fatalf("before Reset: %v, %v", v, err)
	}
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Bool(BoolVar("p")); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Reset: %v, want ErrClosed", err)
	}
	if st := s.Stats(); st.Hard != 0 || st.Checks != 0 {
		t.Fatalf("Reset kept counters: %+v", st)
	}
}
