package maxsat

import (
	"fmt"
	"math/big"

	"github.com/faultloc/faultloc/internal/z3"
)

// This file is the test oracle's own semantics of terms, written from the
// SMT-LIB definitions independently of Z3, for bit-vectors of width <= 64,
// Booleans and integers (without division by zero).

type varKey struct {
	name string
	sort Sort
}

type gval struct {
	b   bool
	u   uint64
	big *big.Int
}

func mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func sext(u uint64, w int) int64 {
	sh := uint(64 - w)
	return int64(u<<sh) >> sh
}

func evalGo(t *Term, env map[varKey]gval) gval {
	switch t.kind {
	case kVar:
		return env[varKey{t.name, t.sort}]
	case kConst:
		switch t.sort.Kind {
		case BoolSort:
			return gval{b: t.bits != 0}
		case IntSort:
			return gval{big: t.big}
		}
		return gval{u: t.bits}
	}
	a := make([]gval, len(t.args))
	for i, x := range t.args {
		a[i] = evalGo(x, env)
	}
	w := 0
	if len(t.args) > 0 && t.args[0].sort.Kind == BVSort {
		w = t.args[0].sort.Width
	}
	m := mask(w)
	bv := func(u uint64) gval { return gval{u: u & mask(t.sort.Width)} }
	bo := func(b bool) gval { return gval{b: b} }
	switch t.op {
	case z3.OpNot:
		return bo(!a[0].b)
	case z3.OpAnd:
		r := true
		for _, x := range a {
			r = r && x.b
		}
		return bo(r)
	case z3.OpOr:
		r := false
		for _, x := range a {
			r = r || x.b
		}
		return bo(r)
	case z3.OpImplies:
		return bo(!a[0].b || a[1].b)
	case z3.OpIff:
		return bo(a[0].b == a[1].b)
	case z3.OpXor:
		return bo(a[0].b != a[1].b)
	case z3.OpEq:
		return bo(eqVal(t.args[0].sort, a[0], a[1]))
	case z3.OpDistinct:
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if eqVal(t.args[0].sort, a[i], a[j]) {
					return bo(false)
				}
			}
		}
		return bo(true)
	case z3.OpIte:
		if a[0].b {
			return a[1]
		}
		return a[2]
	case z3.OpBVAdd:
		return bv(a[0].u + a[1].u)
	case z3.OpBVSub:
		return bv(a[0].u - a[1].u)
	case z3.OpBVMul:
		return bv(a[0].u * a[1].u)
	case z3.OpBVNeg:
		return bv(-a[0].u)
	case z3.OpBVUDiv:
		if a[1].u == 0 {
			return bv(m)
		}
		return bv(a[0].u / a[1].u)
	case z3.OpBVURem:
		if a[1].u == 0 {
			return bv(a[0].u)
		}
		return bv(a[0].u % a[1].u)
	case z3.OpBVSDiv:
		x, y := sext(a[0].u, w), sext(a[1].u, w)
		if y == 0 {
			if x < 0 {
				return bv(1)
			}
			return bv(m)
		}
		return bv(uint64(x / y))
	case z3.OpBVSRem:
		x, y := sext(a[0].u, w), sext(a[1].u, w)
		if y == 0 {
			return bv(a[0].u)
		}
		return bv(uint64(x % y))
	case z3.OpBVSMod:
		x, y := sext(a[0].u, w), sext(a[1].u, w)
		if y == 0 {
			return bv(a[0].u)
		}
		r := x % y
		if r != 0 && (r < 0) != (y < 0) {
			r += y
		}
		return bv(uint64(r))
	case z3.OpBVShl:
		if a[1].u >= uint64(w) {
			return bv(0)
		}
		return bv(a[0].u << a[1].u)
	case z3.OpBVLShr:
		if a[1].u >= uint64(w) {
			return bv(0)
		}
		return bv(a[0].u >> a[1].u)
	case z3.OpBVAShr:
		s := a[1].u
		if s >= uint64(w) {
			s = uint64(w - 1)
		}
		return bv(uint64(sext(a[0].u, w) >> s))
	case z3.OpBVAnd:
		return bv(a[0].u & a[1].u)
	case z3.OpBVOr:
		return bv(a[0].u | a[1].u)
	case z3.OpBVXor:
		return bv(a[0].u ^ a[1].u)
	case z3.OpBVNot:
		return bv(^a[0].u)
	case z3.OpBVSLT:
		return bo(sext(a[0].u, w) < sext(a[1].u, w))
	case z3.OpBVSLE:
		return bo(sext(a[0].u, w) <= sext(a[1].u, w))
	case z3.OpBVSGT:
		return bo(sext(a[0].u, w) > sext(a[1].u, w))
	case z3.OpBVSGE:
		return bo(sext(a[0].u, w) >= sext(a[1].u, w))
	case z3.OpBVULT:
		return bo(a[0].u < a[1].u)
	case z3.OpBVULE:
		return bo(a[0].u <= a[1].u)
	case z3.OpBVUGT:
		return bo(a[0].u > a[1].u)
	case z3.OpBVUGE:
		return bo(a[0].u >= a[1].u)
	case z3.OpZeroExt:
		return bv(a[0].u)
	case z3.OpSignExt:
		return bv(uint64(sext(a[0].u, w)))
	case z3.OpExtract:
		return bv(a[0].u >> uint(t.p2))
	case z3.OpConcat:
		return bv(a[0].u<<uint(t.args[1].sort.Width) | a[1].u)
	case z3.OpAdd:
		return gval{big: new(big.Int).Add(a[0].big, a[1].big)}
	case z3.OpSub:
		return gval{big: new(big.Int).Sub(a[0].big, a[1].big)}
	case z3.OpMul:
		return gval{big: new(big.Int).Mul(a[0].big, a[1].big)}
	case z3.OpNeg:
		return gval{big: new(big.Int).Neg(a[0].big)}
	case z3.OpDiv:
		return gval{big: new(big.Int).Div(a[0].big, a[1].big)} // Euclidean, as SMT-LIB
	case z3.OpMod:
		return gval{big: new(big.Int).Mod(a[0].big, a[1].big)}
	case z3.OpLT:
		return bo(a[0].big.Cmp(a[1].big) < 0)
	case z3.OpLE:
		return bo(a[0].big.Cmp(a[1].big) <= 0)
	case z3.OpGT:
		return bo(a[0].big.Cmp(a[1].big) > 0)
	case z3.OpGE:
		return bo(a[0].big.Cmp(a[1].big) >= 0)
	case z3.OpBV2Int:
		if t.p1 != 0 {
			return gval{big: big.NewInt(sext(a[0].u, w))}
		}
		return gval{big: new(big.Int).SetUint64(a[0].u)}
	case z3.OpInt2BV:
		z := new(big.Int).Mod(a[0].big, new(big.Int).Lsh(big.NewInt(1), uint(t.p1)))
		return bv(z.Uint64())
	}
	panic(fmt.Sprintf("evalGo: unsupported %v", t.op))
}

func eqVal(s Sort, a, b gval) bool {
	switch s.Kind {
	case BoolSort:
		return a.b == b.b
	case IntSort:
		return a.big.Cmp(b.big) == 0
	}
	return a.u == b.u
}

// vars collects the variables of ts in first-occurrence order.
func vars(ts ...*Term) []varKey {
	seen := map[varKey]bool{}
	var out []varKey
	var walk func(*Term)
	walk = func(t *Term) {
		if t.kind == kVar {
			k := varKey{t.name, t.sort}
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
		for _, a := range t.args {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	return out
}

// modelEnv reads the values of vs from a solver model.
func modelEnv(m *Model, vs []varKey) (map[varKey]gval, error) {
	env := map[varKey]gval{}
	for _, k := range vs {
		var t *Term
		switch k.sort.Kind {
		case BoolSort:
			t = BoolVar(k.name)
		case IntSort:
			t = IntVar(k.name)
		default:
			t = BVVar(k.name, k.sort.Width)
		}
		v, err := m.Eval(t)
		if err != nil {
			return nil, err
		}
		env[k] = gval{b: v.Bool, u: v.Bits, big: v.Big}
	}
	return env, nil
}
