package maxsat

import (
	"context"
	"errors"
	"math/rand"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
)

// TestRandomMCSBVEngine: with the bit-vector SAT engine, and with the
// hybrid engine (its probes on the SAT engine, the rest on the SMT core),
// level search enumerates the same MCSes as brute force, in order of cost,
// on the seeded random problems of TestRandomMCSAgainstBruteForce (Booleans
// and 3-bit vectors); CheckRelaxed agrees with the oracle on every single
// group. By default on the first 70 problems, with the build tag long
// (.ci/run) on all 140.
func TestRandomMCSBVEngine(t *testing.T) {
	for _, e := range []Engine{BVEngine, HybridEngine} {
		t.Run(e.String(), func(t *testing.T) { randomMCSEngine(t, e) })
	}
}

func randomMCSEngine(t *testing.T, e Engine) {
	ctx := context.Background()
	ran, proved := 0, 0
	n := int64(70)
	if longtest.Enabled {
		n = 140
	}
	for seed := int64(1); seed <= n; seed++ {
		r := rand.New(rand.NewSource(seed))
		in := randInstance(r, seed%2 == 0)
		size := []int{0, 0, 1, 2, 3}[r.Intn(5)]
		b := newBrute(in)
		s := newSolver(t, nil)
		in.load(t, s)
		if err := s.SetEngine(e); err != nil {
			if errors.Is(err, ErrEngine) && hasInt(in.terms()) {
				s.Close()
				continue // an instance with bv2int: not for this engine
			}
			t.Fatalf("seed %d: %v", seed, err)
		}
		ran++
		if len(b.viol) > 0 {
			for g := 0; g < in.ngroups; g++ {
				_, st, err := s.CheckRelaxed(ctx, []string{gname(g)})
				if err != nil {
					t.Fatalf("seed %d: CheckRelaxed(g%d): %v", seed, g, err)
				}
				if want := b.correction(1 << g); (st == Sat) != want {
					t.Fatalf("seed %d: CheckRelaxed(g%d) = %v, oracle satisfiable %v", seed, g, st, want)
				}
			}
		}
		got, err := s.AllMCS(ctx, Bounds{MaxSize: size}, nil)
		if len(b.viol) == 0 {
			if !errors.Is(err, ErrHardUnsat) || len(got) != 0 {
				t.Fatalf("seed %d: hard unsat, got %d MCSes, err %v", seed, len(got), err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var gm []uint32
		var last uint64
		for i, m := range got {
			x := maskOf(t, m.Groups)
			gm = append(gm, x)
			if i > 0 && m.Cost < last {
				t.Fatalf("seed %d: cost decreased from %d to %d", seed, last, m.Cost)
			}
			last = m.Cost
			checkModel(t, in, m)
		}
		slices.Sort(gm)
		if want := b.mcses(nil, size); !slices.Equal(gm, want) {
			t.Fatalf("seed %d size %d: MCSes %v, brute force %v", seed, size, gm, want)
		}
		proved += s.Stats().ProverChecks
		s.Close()
	}
	if ran < int(n)/5 {
		t.Errorf("only %d of %d instances without integers", ran, n)
	}
	if (proved > 0) != (e == HybridEngine) {
		t.Errorf("%v: %d checks on the prover", e, proved)
	}
}

// hasInt reports whether a term of sort Int occurs in ts.
func hasInt(ts []*Term) bool {
	for _, t := range ts {
		if t.sort.Kind == IntSort || hasInt(t.args) {
			return true
		}
	}
	return false
}

// TestSetEngineErrors: the engine changes only before the first check, and
// the bit-vector engine refuses integer terms.
func TestSetEngineErrors(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t, nil)
	if err := s.AddHard(Le(IntVar("x"), Int(3))); err != nil {
		t.Fatal(err)
	}
	if err := s.SetEngine(BVEngine); !errors.Is(err, ErrEngine) {
		t.Errorf("BVEngine with integers: err %v, want ErrEngine", err)
	}
	if err := s.SetEngine(HybridEngine); !errors.Is(err, ErrEngine) {
		t.Errorf("HybridEngine with integers: err %v, want ErrEngine", err)
	}
	if err := s.SetEngine(Engine(7)); !errors.Is(err, ErrEngine) {
		t.Errorf("unknown engine: err %v, want ErrEngine", err)
	}
	b := newSolver(t, nil)
	if err := b.AddHard(Eq(BVVar("v", 8), BV(3, 8))); err != nil {
		t.Fatal(err)
	}
	if err := b.SetEngine(BVEngine); err != nil {
		t.Fatal(err)
	}
	if st, err := b.Check(ctx); err != nil || st != Sat {
		t.Fatalf("Check: %v %v", st, err)
	}
	if err := b.SetEngine(SMTEngine); !errors.Is(err, ErrEngine) {
		t.Errorf("after a check: err %v, want ErrEngine", err)
	}
	if err := b.SetEngine(BVEngine); err != nil {
		t.Errorf("the same engine again: %v", err)
	}
	b.Close()
	if err := b.SetEngine(SMTEngine); !errors.Is(err, ErrClosed) {
		t.Errorf("closed: err %v, want ErrClosed", err)
	}
}

// TestHybridLater: with HybridEngine, constraints added after the
// prover's first check reach it, and once a term of sort Int is added the
// probes fall back to the SMT core. On the seeded random problems, the
// softs are added and one MCS found first, the hard constraints after; the
// enumeration then gives brute force's MCSes of the whole problem.
func TestHybridLater(t *testing.T) {
	ctx := context.Background()
	withInts, without := 0, 0
	for seed := int64(1); seed <= 140; seed++ {
		r := rand.New(rand.NewSource(seed))
		in := randInstance(r, seed%2 == 0)
		if len(in.hard) == 0 || hasInt(softTerms(in)) {
			continue
		}
		b := newBrute(in)
		s := newSolver(t, nil)
		(instance{softs: in.softs, ngroups: in.ngroups}).load(t, s)
		if err := s.SetEngine(HybridEngine); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if _, err := s.NextMCS(ctx, Bounds{}); err != nil && !errors.Is(err, ErrHardUnsat) {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if s.Stats().ProverChecks == 0 {
			t.Fatalf("seed %d: no check on the prover", seed)
		}
		(instance{hard: in.hard}).load(t, s)
		before := s.Stats().ProverChecks
		got, err := s.AllMCS(ctx, Bounds{}, nil)
		if len(b.viol) == 0 {
			if !errors.Is(err, ErrHardUnsat) || len(got) != 0 {
				t.Fatalf("seed %d: hard unsat, got %d MCSes, err %v", seed, len(got), err)
			}
			s.Close()
			continue
		}
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var gm []uint32
		for _, m := range got {
			gm = append(gm, maskOf(t, m.Groups))
			checkModel(t, in, m)
		}
		slices.Sort(gm)
		if want := b.mcses(nil, 0); !slices.Equal(gm, want) {
			t.Fatalf("seed %d: MCSes %v, brute force %v", seed, gm, want)
		}
		proved := s.Stats().ProverChecks - before
		if hasInt(in.hard) {
			withInts++
			if proved != 0 {
				t.Errorf("seed %d: %d checks on the prover after an integer term", seed, proved)
			}
		} else {
			without++
			if proved == 0 {
				t.Errorf("seed %d: no check on the prover after the hard constraints", seed)
			}
		}
		s.Close()
	}
	if withInts < 3 || without < 10 {
		t.Errorf("only %d instances with integer hard constraints and %d without", withInts, without)
	}
}

// softTerms returns the terms of in's softs.
func softTerms(in instance) []*Term {
	var ts []*Term
	for _, sp := range in.softs {
		ts = append(ts, sp.t)
	}
	return ts
}

// TestCheckRelaxedLimit: a limit too small for the problem gives Unknown
// with an *UnknownError; no limit gives the answer.
func TestCheckRelaxedLimit(t *testing.T) {
	ctx := context.Background()
	s := newSolver(t, nil)
	// x*y = 1000003 (a prime) over 40 bits with both factors > 1: unsat,
	// and not quickly so for the bit-blaster.
	x, y := BVVar("x", 40), BVVar("y", 40)
	for _, c := range []*Term{
		Eq(Mul(x, y), BV(1000003, 40)),
		UGT(x, BV(1, 40)), UGT(y, BV(1, 40)),
		ULT(x, BV(1<<20, 40)), ULT(y, BV(1<<20, 40)),
	} {
		if err := s.AddSoft(c, 1, "f"); err != nil {
			t.Fatal(err)
		}
	}
	_, st, err := s.CheckRelaxedLimit(ctx, 1000, nil)
	var ue *UnknownError
	if st != Unknown || !errors.As(err, &ue) {
		t.Errorf("limit 1000: %v %v, want unknown with *UnknownError", st, err)
	}
	_, st, err = s.CheckRelaxedLimit(ctx, 0, []string{"f"})
	if st != Sat || err != nil {
		t.Errorf("f relaxed, no limit: %v %v, want sat", st, err)
	}
}
