package encode

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
)

// TestDivPow2 checks the shift form of a division or remainder by a power
// of two against SMT-LIB's bvsdiv, bvsrem, bvudiv and bvurem (Go's
// semantics for a nonzero divisor): Z3 proves them equal for every dividend
// at widths 8 and 16, and they agree on seeded random dividends at 32 and
// 64 bits (a proof there bit-blasts a 64-bit divider: minutes).
func TestDivPow2(t *testing.T) {
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{8, 16, 32, 64} {
		for _, signed := range []bool{true, false} {
			for _, rem := range []bool{false, true} {
				xs := sortInfo{ok: true, width: w, signed: signed}
				for k := 1; k < w; k++ {
					if signed && k == w-1 {
						continue // 2^(w-1) is negative: not a power of two of the type
					}
					x := maxsat.BVVar(fmt.Sprintf("x%d", w), w)
					c := maxsat.BV(1<<k, w)
					var want *maxsat.Term
					switch {
					case signed && rem:
						want = maxsat.SRem(x, c)
					case signed:
						want = maxsat.SDiv(x, c)
					case rem:
						want = maxsat.URem(x, c)
					default:
						want = maxsat.UDiv(x, c)
					}
					got := divPow2(x, k, xs, rem)
					name := fmt.Sprintf("w=%d signed=%v rem=%v k=%d", w, signed, rem, k)
					if w <= 16 {
						prove(t, s, name, x, maxsat.Not(maxsat.Eq(got, want)))
						continue
					}
					for range 4 {
						v := rng.Uint64() >> rng.IntN(64)
						if rng.IntN(2) == 0 {
							v = -v
						}
						v &= ^uint64(0) >> (64 - w)
						// Unsat means no model where x = v and they differ.
						prove(t, s, fmt.Sprintf("%s x=%#x", name, v), x, maxsat.And(maxsat.Eq(x, maxsat.BV(v, w)), maxsat.Not(maxsat.Eq(got, want))))
					}
				}
			}
		}
	}
}

// TestIntDiv checks intDiv, Go's division and remainder over Int, against
// Go's own operators on a table of signs and seeded random operands: Z3
// must prove that the term has no other value.
func TestIntDiv(t *testing.T) {
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pairs := [][2]int64{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {6, 3}, {-6, 3}, {0, 5}, {0, -5}, {1, 7}, {-1, 7}, {5, 1}, {-5, -1}}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		y := rng.Int64N(2000) - 1000
		if y == 0 {
			y = 3
		}
		pairs = append(pairs, [2]int64{rng.Int64N(2_000_000) - 1_000_000, y})
	}
	x, y := maxsat.IntVar("x"), maxsat.IntVar("y")
	for _, p := range pairs {
		for _, rem := range []bool{false, true} {
			want := p[0] / p[1]
			if rem {
				want = p[0] % p[1]
			}
			got := intDiv(x, y, rem)
			c := maxsat.And(maxsat.Eq(x, maxsat.Int(p[0])), maxsat.Eq(y, maxsat.Int(p[1])), maxsat.Not(maxsat.Eq(got, maxsat.Int(want))))
			prove(t, s, fmt.Sprintf("%d / %d (rem %v) = %d", p[0], p[1], rem, want), x, c)
		}
	}
}

// prove checks that c is unsatisfiable, reporting x's value otherwise.
func prove(t *testing.T, s *maxsat.Solver, name string, x, c *maxsat.Term) {
	t.Helper()
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
	if err := s.AddHard(c); err != nil {
		t.Fatal(err)
	}
	st, err := s.Check(context.Background())
	if err != nil || st != maxsat.Unsat {
		m := ""
		if st == maxsat.Sat {
			v, _ := s.Model().Eval(x)
			m = v.String()
		}
		t.Errorf("%s: %v %v (counterexample x=%s)", name, st, err, m)
	}
}

// TestWindow checks window against the signed distance it replaces, on
// seeded random values near the ends of the ranges and anywhere.
func TestWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, w := range []int{8, 16, 32, 64} {
		mask := ^uint64(0) >> (64 - w)
		sext := func(u uint64) int64 { return int64(u<<(64-w)) >> (64 - w) }
		for range 2000 {
			orig := rng.Uint64() & mask
			if rng.IntN(2) == 0 { // near the signed extremes
				orig = (uint64(1)<<(w-1) + uint64(rng.IntN(20)) - 10) & mask
			}
			r := uint64(rng.IntN(40))
			if rng.IntN(4) == 0 {
				r = uint64(1) << rng.IntN(w)
			}
			lo, hi, ok := window(orig, w, r)
			if r >= 1<<(w-1) {
				if ok {
					t.Errorf("w=%d r=%d: window ok for a radius covering every value", w, r)
				}
				continue
			}
			for range 20 {
				v := rng.Uint64() & mask
				if rng.IntN(2) == 0 {
					v = (orig + uint64(rng.IntN(2*int(min(r, 1000))+3)) - min(r, 1000) - 1) & mask
				}
				d := sext((v - orig) & mask)
				want := d <= int64(r) && d >= -int64(r)
				if !ok {
					continue
				}
				got := sext(v) >= sext(lo) && sext(v) <= sext(hi)
				if got != want {
					t.Fatalf("w=%d orig=%d r=%d v=%d: window [%d, %d] says %v, distance %d", w, sext(orig), r, sext(v), sext(lo), sext(hi), got, d)
				}
			}
		}
	}
}
