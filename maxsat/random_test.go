package maxsat

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
)

// Seeded random problems over Bool variables p0..p3 and 3-bit vectors a, b,
// small enough for brute force over all 1024 assignments, which is the
// oracle: its semantics of terms is evalGo, written independently of Z3.

const rw = 3 // width of the random bit-vectors

// randomSeeds is how many of a random test's n seeded problems it
// checks: all with the build tag long (.ci/run), the first half (rounded
// up) by default.
func randomSeeds(n int64) int64 {
	if longtest.Enabled {
		return n
	}
	return (n + 1) / 2
}

type softSpec struct {
	t *Term
	w uint64
	g int
}

type instance struct {
	hard    []*Term
	softs   []softSpec
	ngroups int
}

// reset empties a solver shared by the iterations of a test.
func reset(t testing.TB, s *Solver) *Solver {
	t.Helper()
	if err := s.Reset(); err != nil {
		t.Fatal(err)
	}
	return s
}

func gname(g int) string { return fmt.Sprintf("g%d", g) }

func randBV(r *rand.Rand, depth int) *Term {
	if depth == 0 || r.Intn(3) == 0 {
		switch r.Intn(3) {
		case 0:
			return BVVar("a", rw)
		case 1:
			return BVVar("b", rw)
		}
		return BV(uint64(r.Intn(8)), rw)
	}
	x, y := randBV(r, depth-1), randBV(r, depth-1)
	switch r.Intn(22) {
	case 0:
		return Add(x, y)
	case 1:
		return Sub(x, y)
	case 2:
		return Mul(x, y)
	case 3:
		return Neg(x)
	case 4:
		return UDiv(x, y)
	case 5:
		return URem(x, y)
	case 6:
		return SDiv(x, y)
	case 7:
		return SRem(x, y)
	case 8:
		return SMod(x, y)
	case 9:
		return Shl(x, y)
	case 10:
		return LShr(x, y)
	case 11:
		return AShr(x, y)
	case 12:
		return BVAnd(x, y)
	case 13:
		return BVOr(x, y)
	case 14:
		return BVXor(x, y)
	case 15:
		return BVNot(x)
	case 16:
		return Extract(Concat(x, y), 4, 2)
	case 17:
		return ZeroExt(Extract(x, 1, 0), 1)
	case 18:
		return SignExt(Extract(x, 2, 1), 1)
	case 19:
		return Ite(randBool(r, 0), x, y)
	case 20:
		return IntToBV(Add(BVToInt(x, r.Intn(2) == 0), Int(int64(r.Intn(9)-4))), rw)
	}
	return Extract(SignExt(x, 3), 4, 2)
}

func randAtom(r *rand.Rand) *Term {
	if r.Intn(3) == 0 {
		return BoolVar(fmt.Sprintf("p%d", r.Intn(4)))
	}
	x, y := randBV(r, 2), randBV(r, 1)
	switch r.Intn(8) {
	case 0:
		return Eq(x, y)
	case 1:
		return ULT(x, y)
	case 2:
		return ULE(x, y)
	case 3:
		return SLT(x, y)
	case 4:
		return SLE(x, y)
	case 5:
		return UGT(x, y)
	case 6:
		return SGE(x, y)
	}
	return Distinct(x, y, randBV(r, 1))
}

func randBool(r *rand.Rand, depth int) *Term {
	if depth == 0 || r.Intn(3) == 0 {
		return randAtom(r)
	}
	x, y := randBool(r, depth-1), randBool(r, depth-1)
	switch r.Intn(7) {
	case 0:
		return Not(x)
	case 1:
		return And(x, y)
	case 2:
		return Or(x, y)
	case 3:
		return Implies(x, y)
	case 4:
		return Iff(x, y)
	case 5:
		return Xor(x, y)
	}
	return Ite(x, y, randBool(r, depth-1))
}

func randInstance(r *rand.Rand, weighted bool) instance {
	in := instance{ngroups: 3 + r.Intn(5)}
	for i := r.Intn(3); i > 0; i-- {
		in.hard = append(in.hard, randBool(r, 2))
	}
	for i := 4 + r.Intn(6); i > 0; i-- {
		w := uint64(1)
		if weighted {
			w = uint64(1 + r.Intn(4))
		}
		in.softs = append(in.softs, softSpec{t: randBool(r, 2), w: w, g: r.Intn(in.ngroups)})
	}
	// Group indices must appear in creation order 0,1,... so that names
	// match; renumber by first use.
	ren := map[int]int{}
	for i := range in.softs {
		g, ok := ren[in.softs[i].g]
		if !ok {
			g = len(ren)
			ren[in.softs[i].g] = g
		}
		in.softs[i].g = g
	}
	in.ngroups = len(ren)
	return in
}

func (in instance) load(t testing.TB, s *Solver) {
	t.Helper()
	for _, h := range in.hard {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
	for _, sf := range in.softs {
		if err := s.AddSoft(sf.t, sf.w, gname(sf.g)); err != nil {
			t.Fatal(err)
		}
	}
}

func (in instance) terms() []*Term {
	ts := slices.Clone(in.hard)
	for _, sf := range in.softs {
		ts = append(ts, sf.t)
	}
	return ts
}

// brute is the oracle's view of an instance.
type brute struct {
	in      instance
	weights []uint64
	viol    []uint32 // distinct violation masks of assignments satisfying the hard constraints
}

func newBrute(in instance) *brute {
	b := &brute{in: in, weights: make([]uint64, in.ngroups)}
	for _, sf := range in.softs {
		b.weights[sf.g] += sf.w
	}
	vs := vars(in.terms()...)
	// All variables: p0..p3 and a, b, whether used or not.
	seen := map[uint32]bool{}
	for asg := 0; asg < 1<<(4+2*rw); asg++ {
		env := map[varKey]gval{}
		for i := 0; i < 4; i++ {
			env[varKey{fmt.Sprintf("p%d", i), SortBool}] = gval{b: asg>>i&1 == 1}
		}
		env[varKey{"a", SortBV(rw)}] = gval{u: uint64(asg>>4) & mask(rw)}
		env[varKey{"b", SortBV(rw)}] = gval{u: uint64(asg>>(4+rw)) & mask(rw)}
		ok := true
		for _, h := range in.hard {
			if !evalGo(h, env).b {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		var v uint32
		for _, sf := range in.softs {
			if !evalGo(sf.t, env).b {
				v |= 1 << sf.g
			}
		}
		if !seen[v] {
			seen[v] = true
			b.viol = append(b.viol, v)
		}
	}
	_ = vs
	return b
}

func (b *brute) correction(r uint32) bool {
	for _, v := range b.viol {
		if v&^r == 0 {
			return true
		}
	}
	return false
}

func (b *brute) cost(r uint32) uint64 {
	var c uint64
	for g := 0; g < b.in.ngroups; g++ {
		if r>>g&1 == 1 {
			c += b.weights[g]
		}
	}
	return c
}

// mcses returns the MCSes of the instance with the blocked sets excluded
// (no MCS contains a blocked set) and at most size groups (0: any).
func (b *brute) mcses(blocked []uint32, size int) []uint32 {
	ok := func(r uint32) bool {
		if !b.correction(r) {
			return false
		}
		for _, x := range blocked {
			if r&x == x {
				return false
			}
		}
		return true
	}
	var out []uint32
	for r := uint32(0); r < 1<<b.in.ngroups; r++ {
		if size > 0 && bits.OnesCount32(r) > size || !ok(r) {
			continue
		}
		minimal := true
		for g := 0; g < b.in.ngroups && minimal; g++ {
			if r>>g&1 == 1 && ok(r&^(1<<g)) {
				minimal = false
			}
		}
		if minimal {
			out = append(out, r)
		}
	}
	return out
}

func (b *brute) sat(groups uint32) bool {
	for _, v := range b.viol {
		if v&groups == 0 {
			return true
		}
	}
	return false
}

func maskOf(t testing.TB, names []string) uint32 {
	var m uint32
	for _, n := range names {
		var g int
		if _, err := fmt.Sscanf(n, "g%d", &g); err != nil {
			t.Fatalf("group name %q", n)
		}
		m |= 1 << g
	}
	return m
}

func maskString(m uint32) string {
	var parts []string
	for g := 0; m != 0; g++ {
		if m&1 == 1 {
			parts = append(parts, gname(g))
		}
		m >>= 1
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// checkModel verifies with the Go semantics that an MCS's model satisfies
// the hard constraints and every soft outside the MCS.
func checkModel(t testing.TB, in instance, m *MCS) {
	t.Helper()
	env, err := modelEnv(m.Model, vars(in.terms()...))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range in.hard {
		if !evalGo(h, env).b {
			t.Fatalf("model of %v violates hard %v", m.Groups, h)
		}
	}
	in_ := map[string]bool{}
	for _, g := range m.Groups {
		in_[g] = true
	}
	for _, sf := range in.softs {
		if !in_[gname(sf.g)] && !evalGo(sf.t, env).b {
			t.Fatalf("model of %v violates soft %v of %s", m.Groups, sf.t, gname(sf.g))
		}
	}
}

func TestRandomMCSAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, alg := range []MCSAlgorithm{LevelSearch, OptimizeBlocking} {
		n := 150
		if alg == OptimizeBlocking {
			n = 60
		}
		shared := newSolver(t, &Options{MCS: alg})
		for seed := int64(1); seed <= randomSeeds(int64(n)); seed++ {
			func() {
				r := rand.New(rand.NewSource(seed))
				in := randInstance(r, seed%2 == 0)
				size := []int{0, 0, 1, 2, 3}[r.Intn(5)]
				b := newBrute(in)
				want := b.mcses(nil, size)
				s := reset(t, shared)
				in.load(t, s)
				got, err := s.AllMCS(ctx, Bounds{MaxSize: size}, nil)
				if len(b.viol) == 0 {
					if !errors.Is(err, ErrHardUnsat) || len(got) != 0 {
						t.Fatalf("%v seed %d: hard unsat, got %d MCSes, err %v", alg, seed, len(got), err)
					}
					return
				}
				if err != nil {
					t.Fatalf("%v seed %d: %v", alg, seed, err)
				}
				var gm []uint32
				var last uint64
				for i, m := range got {
					x := maskOf(t, m.Groups)
					gm = append(gm, x)
					if m.Cost != b.cost(x) {
						t.Fatalf("%v seed %d: MCS %v reports cost %d, oracle %d", alg, seed, m.Groups, m.Cost, b.cost(x))
					}
					if i > 0 && m.Cost < last {
						t.Fatalf("%v seed %d: cost decreased from %d to %d", alg, seed, last, m.Cost)
					}
					last = m.Cost
					checkModel(t, in, m)
				}
				slices.Sort(gm)
				if !slices.Equal(gm, want) {
					var gs, ws []string
					for _, x := range gm {
						gs = append(gs, maskString(x))
					}
					for _, x := range want {
						ws = append(ws, maskString(x))
					}
					t.Fatalf("%v seed %d size %d: MCSes %v, brute force %v", alg, seed, size, gs, ws)
				}
			}()
		}
	}
}

func TestRandomOptimum(t *testing.T) {
	ctx := context.Background()
	fmShared := newSolver(t, nil)
	zShared := newSolver(t, &Options{MCS: OptimizeBlocking})
	for seed := int64(1); seed <= randomSeeds(80); seed++ {
		func() {
			r := rand.New(rand.NewSource(seed))
			in := randInstance(r, seed%3 != 0)
			b := newBrute(in)
			fm := reset(t, fmShared)
			in.load(t, fm)
			opt, err := fm.Optimum(ctx)
			z := reset(t, zShared)
			in.load(t, z)
			zm, zerr := z.NextMCS(ctx, Bounds{})
			if len(b.viol) == 0 {
				if !errors.Is(err, ErrHardUnsat) || !errors.Is(zerr, ErrHardUnsat) {
					t.Fatalf("seed %d: hard unsat; Fu-Malik %v, Optimize %v", seed, err, zerr)
				}
				return
			}
			if err != nil || zerr != nil {
				t.Fatalf("seed %d: %v / %v", seed, err, zerr)
			}
			best := ^uint64(0)
			for _, v := range b.viol {
				best = min(best, b.cost(v))
			}
			if opt.Cost != best || zm.Cost != best {
				t.Fatalf("seed %d: Fu-Malik %d, Z3 Optimize %d, brute force %d", seed, opt.Cost, zm.Cost, best)
			}
			checkModel(t, in, opt)
			// The relaxation scope is gone: enumeration still agrees.
			first, err := fm.NextMCS(ctx, Bounds{})
			if err != nil || first.Cost != best {
				t.Fatalf("seed %d: after Optimum, first MCS %v, %v", seed, first, err)
			}
		}()
	}
}

func TestRandomMUS(t *testing.T) {
	ctx := context.Background()
	for _, alg := range []MUSAlgorithm{DeletionMUS, QuickXplain} {
		shared := newSolver(t, &Options{MUS: alg})
		for seed := int64(1); seed <= randomSeeds(100); seed++ {
			func() {
				r := rand.New(rand.NewSource(seed))
				in := randInstance(r, false)
				b := newBrute(in)
				s := reset(t, shared)
				in.load(t, s)
				mus, err := s.MUS(ctx)
				all := uint32(1)<<in.ngroups - 1
				if b.sat(all) {
					if !errors.Is(err, ErrSat) {
						t.Fatalf("%v seed %d: satisfiable, got %v, %v", alg, seed, mus, err)
					}
					return
				}
				if err != nil {
					t.Fatalf("%v seed %d: %v", alg, seed, err)
				}
				m := maskOf(t, mus)
				if b.sat(m) {
					t.Fatalf("%v seed %d: MUS %v is satisfiable", alg, seed, mus)
				}
				for g := 0; g < in.ngroups; g++ {
					if m>>g&1 == 1 && !b.sat(m&^(1<<g)) {
						t.Fatalf("%v seed %d: MUS %v minus %s is still unsatisfiable", alg, seed, mus, gname(g))
					}
				}
			}()
		}
	}
}

// TestRandomIncremental adds a random instance in stages, enumerating (and
// blocking) some MCSes at each stage, and checks every answer against brute
// force on the problem as it stands (blocks included), costs across the
// whole run non-decreasing, and the final enumeration equal to a fresh
// solver's on the final problem with the same blocks.
func TestRandomIncremental(t *testing.T) {
	ctx := context.Background()
	inc, scratch := newSolver(t, nil), newSolver(t, nil)
	for seed := int64(1); seed <= randomSeeds(100); seed++ {
		func() {
			r := rand.New(rand.NewSource(seed))
			full := randInstance(r, seed%2 == 1)
			size := []int{0, 0, 2, 3}[r.Intn(4)]
			stages := 2 + r.Intn(3)
			s := reset(t, inc)
			var cur instance
			var blocked []uint32
			var blockedNames [][]string
			var last uint64
			hi, si := 0, 0
			for st := 1; st <= stages; st++ {
				// Add a prefix of the remaining constraints.
				hTo := len(full.hard) * st / stages
				sTo := len(full.softs) * st / stages
				for ; hi < hTo; hi++ {
					cur.hard = append(cur.hard, full.hard[hi])
					if err := s.AddHard(full.hard[hi]); err != nil {
						t.Fatal(err)
					}
				}
				for ; si < sTo; si++ {
					sf := full.softs[si]
					cur.softs = append(cur.softs, sf)
					cur.ngroups = max(cur.ngroups, sf.g+1)
					if err := s.AddSoft(sf.t, sf.w, gname(sf.g)); err != nil {
						t.Fatal(err)
					}
				}
				b := newBrute(cur)
				k := r.Intn(4)
				if st == stages {
					k = 1 << 20
				}
				for ; k > 0; k-- {
					m, err := s.NextMCS(ctx, Bounds{MaxSize: size})
					want := b.mcses(blocked, size)
					if errors.Is(err, ErrExhausted) || errors.Is(err, ErrHardUnsat) {
						if len(want) != 0 {
							t.Fatalf("seed %d stage %d: exhausted, brute force has %d more", seed, st, len(want))
						}
						break
					}
					if err != nil {
						t.Fatal(err)
					}
					x := maskOf(t, m.Groups)
					if !slices.Contains(want, x) {
						t.Fatalf("seed %d stage %d: %v is not an MCS of the current problem", seed, st, m.Groups)
					}
					for _, w := range want {
						if b.cost(w) < m.Cost {
							t.Fatalf("seed %d stage %d: %v costs %d, %s only %d", seed, st, m.Groups, m.Cost, maskString(w), b.cost(w))
						}
					}
					if m.Cost < last {
						t.Fatalf("seed %d stage %d: cost decreased from %d to %d", seed, st, last, m.Cost)
					}
					last = m.Cost
					checkModel(t, cur, m)
					if st == stages {
						// Compared with the fresh solver below, so not blocked
						// here but remembered.
						blockedNames = append(blockedNames, m.Groups)
					}
					blocked = append(blocked, x)
					if err := s.Block(m.Groups); err != nil {
						t.Fatal(err)
					}
				}
			}
			// From scratch: final problem, the blocks of the earlier stages.
			f := reset(t, scratch)
			full.load(t, f)
			nFinal := len(blockedNames)
			for _, x := range blocked[:len(blocked)-nFinal] {
				var names []string
				for g := 0; g < full.ngroups; g++ {
					if x>>g&1 == 1 {
						names = append(names, gname(g))
					}
				}
				if err := f.Block(names); err != nil {
					t.Fatal(err)
				}
			}
			got, err := f.AllMCS(ctx, Bounds{MaxSize: size}, nil)
			if err != nil && !errors.Is(err, ErrHardUnsat) {
				t.Fatal(err)
			}
			var a, c []uint32
			for _, m := range got {
				a = append(a, maskOf(t, m.Groups))
			}
			for _, g := range blockedNames {
				c = append(c, maskOf(t, g))
			}
			slices.Sort(a)
			slices.Sort(c)
			if !slices.Equal(a, c) {
				t.Fatalf("seed %d: incremental final MCSes %v, from scratch %v", seed, c, a)
			}
		}()
	}
}
