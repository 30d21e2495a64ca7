// Package tracegen generates seeded, trace-like partial MaxSMT problems for
// the maxsat benchmarks (bench/maxsat, maxsat's bench_test.go): the
// formula that AgxFaults-style fault localization builds from a failing
// run of a straight-line program with branches. Every statement instance
// is a 32-bit assignment or a guard, hard unless its statement's fault
// predicate is true; each statement's "not faulty" is soft, one group per
// statement; inputs and the test oracle are hard.
package tracegen

import (
	"fmt"
	"math/rand"

	"github.com/faultloc/faultloc/maxsat"
)

const width = 32

// Soft is a soft constraint with its group.
type Soft struct {
	T     *maxsat.Term
	Group string
}

// Stage is a batch of constraints: one run (trace) of the program.
type Stage struct {
	Hard []*maxsat.Term
	Soft []Soft
}

// Program is a generated program with one seeded fault.
type Program struct {
	stmts  []stmt
	inputs int
	fault  int
	seed   int64
}

type opKind int

const (
	opAdd opKind = iota
	opSub
	opXor
	opMulK
	opAndK
	opOrK
	opShlK
	opLShrK
	opAddK
	opGuard // g ⇔ x <s y, followed by a phi
	nOps
)

type stmt struct {
	op   opKind
	x, y int    // operand slots: < 0 input -x-1, else earlier statement index
	k    uint32 // constant
	// phi after a guard: value = g ? x : y, with x, y earlier statements
	phiX, phiY int
	check      bool // the test checks this statement's value
}

// NewProgram generates a program of n statements over 4 inputs. Operands
// are mostly recent values (locality, as in real code); every eighth
// statement is a branch whose guard selects between two earlier values; a
// test checks about one value in twenty (and the last). The fault is a wrong
// constant in one statement that feeds a checked value.
func NewProgram(seed int64, n int) *Program {
	r := rand.New(rand.NewSource(seed))
	p := &Program{inputs: 4, seed: seed}
	pick := func(i int) int {
		if i == 0 || r.Intn(10) == 0 {
			return -1 - r.Intn(p.inputs)
		}
		back := 1 + r.Intn(min(i, 6))
		return i - back
	}
	for i := 0; i < n; i++ {
		s := stmt{x: pick(i), y: pick(i), k: uint32(1 + r.Intn(7))}
		if i%8 == 7 && i >= 2 {
			s.op = opGuard
			s.phiX, s.phiY = i-1, i-2
		} else {
			s.op = opKind(r.Intn(int(opGuard)))
			if s.op == opMulK && r.Intn(2) == 0 {
				s.op = opAddK // keep multiplications rarer
			}
		}
		s.check = r.Intn(20) == 0 || i == n-1
		p.stmts = append(p.stmts, s)
	}
	// The fault: a wrong constant in an assignment in the last quarter of
	// the program whose effect reaches a checked value on the first run's
	// inputs (run seed = seed).
	in := p.inputsFor(seed)
	good := p.run(in, false)
	start := n - 1 - r.Intn(max(n/4, 1))
	candidates := func(yield func(int) bool) {
		for f := start; f >= 0; f-- {
			if op := p.stmts[f].op; (op == opMulK || op == opAddK) && !yield(f) {
				return
			}
		}
		for f := start + 1; f < n; f++ {
			if op := p.stmts[f].op; (op == opMulK || op == opAddK) && !yield(f) {
				return
			}
		}
	}
	for f := range candidates {
		p.fault = f
		bad := p.run(in, true)
		for i := f; i < n; i++ {
			if p.stmts[i].check && good[i] != bad[i] {
				return p
			}
		}
	}
	// No check sees a fault: let the test also check the first value a
	// fault changes.
	for f := range candidates {
		p.fault = f
		bad := p.run(in, true)
		for i := f; i < n; i++ {
			if good[i] != bad[i] {
				p.stmts[i].check = true
				return p
			}
		}
	}
	p.fault = -1 // no visible fault: every trace passes
	return p
}

func (p *Program) inputsFor(seed int64) []uint32 {
	r := rand.New(rand.NewSource(seed))
	in := make([]uint32, p.inputs)
	for i := range in {
		in[i] = uint32(r.Intn(2000)) - 1000
	}
	return in
}

// Statements returns the number of statements.
func (p *Program) Statements() int { return len(p.stmts) }

// Fault returns the group name of the faulty statement, or "" if no fault
// could be made visible.
func (p *Program) Fault() string {
	if p.fault < 0 {
		return ""
	}
	return group(p.fault)
}

func group(i int) string { return fmt.Sprintf("s%d", i) }

// run executes the program; with faulty, statement p.fault adds 1 to its
// constant.
func (p *Program) run(in []uint32, faulty bool) []uint32 {
	v := make([]uint32, len(p.stmts))
	val := func(slot int) uint32 {
		if slot < 0 {
			return in[-slot-1]
		}
		return v[slot]
	}
	for i, s := range p.stmts {
		k := s.k
		if faulty && i == p.fault {
			k++
		}
		x, y := val(s.x), val(s.y)
		switch s.op {
		case opAdd:
			v[i] = x + y
		case opSub:
			v[i] = x - y
		case opXor:
			v[i] = x ^ y
		case opMulK:
			v[i] = x * (2*k + 1)
		case opAndK:
			v[i] = x & (k<<4 | 0xf0f)
		case opOrK:
			v[i] = x | k<<8
		case opShlK:
			v[i] = x << (k % 4)
		case opLShrK:
			v[i] = x >> (k % 4)
		case opAddK:
			v[i] = x + k*1000
		case opGuard:
			if int32(x) < int32(y) {
				v[i] = v[s.phiX]
			} else {
				v[i] = v[s.phiY]
			}
		}
	}
	return v
}

// Trace encodes one run of the faulty program on seeded inputs as a stage:
// the run's instances use variables suffixed with the run number, share
// the statements' fault predicates, and the oracle demands the correct
// program's values at the checked statements. Softs are emitted only when
// withSoft is set (a statement's soft is added once, by its first trace).
func (p *Program) Trace(run int, seed int64, withSoft bool) (Stage, bool) {
	in := p.inputsFor(seed)
	good, bad := p.run(in, false), p.run(in, true)
	failing := false
	var st Stage
	bv := func(name string) *maxsat.Term { return maxsat.BVVar(fmt.Sprintf("%s_%d", name, run), width) }
	vars := make([]*maxsat.Term, len(p.stmts))
	ins := make([]*maxsat.Term, p.inputs)
	for i := range ins {
		ins[i] = bv(fmt.Sprintf("in%d", i))
		st.Hard = append(st.Hard, maxsat.Eq(ins[i], maxsat.BV(uint64(in[i]), width)))
	}
	val := func(slot int) *maxsat.Term {
		if slot < 0 {
			return ins[-slot-1]
		}
		return vars[slot]
	}
	for i, s := range p.stmts {
		vars[i] = bv(fmt.Sprintf("v%d", i))
		ab := maxsat.BoolVar("ab_" + group(i))
		k := s.k
		if i == p.fault {
			k++
		}
		x, y := val(s.x), val(s.y)
		K := func(c uint32) *maxsat.Term { return maxsat.BV(uint64(c), width) }
		var rhs, body *maxsat.Term
		switch s.op {
		case opAdd:
			rhs = maxsat.Add(x, y)
		case opSub:
			rhs = maxsat.Sub(x, y)
		case opXor:
			rhs = maxsat.BVXor(x, y)
		case opMulK:
			rhs = maxsat.Mul(x, K(2*k+1))
		case opAndK:
			rhs = maxsat.BVAnd(x, K(k<<4|0xf0f))
		case opOrK:
			rhs = maxsat.BVOr(x, K(k<<8))
		case opShlK:
			rhs = maxsat.Shl(x, K(k%4))
		case opLShrK:
			rhs = maxsat.LShr(x, K(k%4))
		case opAddK:
			rhs = maxsat.Add(x, K(k*1000))
		case opGuard:
			g := maxsat.BoolVar(fmt.Sprintf("g%d_%d", i, run))
			body = maxsat.Iff(g, maxsat.SLT(x, y))
			// The phi is hard: it is no statement of its own.
			st.Hard = append(st.Hard, maxsat.Eq(vars[i], maxsat.Ite(g, vars[s.phiX], vars[s.phiY])))
		}
		if body == nil {
			body = maxsat.Eq(vars[i], rhs)
		}
		st.Hard = append(st.Hard, maxsat.Or(ab, body))
		if withSoft {
			st.Soft = append(st.Soft, Soft{T: maxsat.Not(ab), Group: group(i)})
		}
		if s.check {
			st.Hard = append(st.Hard, maxsat.Eq(vars[i], K(good[i])))
			failing = failing || good[i] != bad[i]
		}
	}
	return st, failing
}

// Failing returns the failing trace of the program's first run, the one
// NewProgram chose the fault for (its inputs come from the program's seed).
func (p *Program) Failing() Stage {
	st, _ := p.Trace(0, p.seed, true)
	return st
}

// Load adds a stage to a solver.
func Load(s *maxsat.Solver, st Stage) error {
	for _, h := range st.Hard {
		if err := s.AddHard(h); err != nil {
			return err
		}
	}
	for _, sf := range st.Soft {
		if err := s.AddSoft(sf.T, 1, sf.Group); err != nil {
			return err
		}
	}
	return nil
}
