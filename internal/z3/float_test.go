//go:build cgo

package z3

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFloatOps checks Z3's floating-point operations, as this package
// builds them, against Go's own on seeded random operands (special values
// included): the IEEE 754 results must be bit for bit Go's (any NaN for a
// NaN), comparisons and conversions as Go defines them where it does.
func TestFloatOps(t *testing.T) {
	c := newCtx(t)
	ast := must[AST](t)
	for _, w := range []int{32, 64} {
		if _, err := c.FloatSort(w); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.FloatSort(16); err == nil {
		t.Error("FloatSort(16): no error")
	}
	bv64 := must[Sort](t)(c.BVSort(64))
	bv32 := must[Sort](t)(c.BVSort(32))
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	defer s.Close()
	if r := must[Result](t)(s.Check(context.Background(), nil)); r != Sat {
		t.Fatal(r)
	}
	m := must[*Model](t)(s.Model())
	defer m.Close()
	lit := func(f float64) AST { return ast(c.App(OpFPFromBits, 64, 0, ast(c.Uint64(math.Float64bits(f), bv64)))) }
	lit32 := func(f float32) AST {
		return ast(c.App(OpFPFromBits, 32, 0, ast(c.Uint64(uint64(math.Float32bits(f)), bv32))))
	}
	var boolOf func(a AST) bool
	// bits reads a float's encoding; to_ieee_bv is unspecified on NaN, so
	// NaN is asked first.
	bits := func(a AST) uint64 {
		if boolOf(ast(c.App(OpFPIsNaN, 0, 0, a))) {
			return math.Float64bits(math.NaN())
		}
		v := must[Value](t)(m.Eval(ast(c.App(OpFPToBits, 0, 0, a)), true))
		if v.Kind != Uint64Value {
			t.Fatalf("bits of %s: %+v", c.String(a), v)
		}
		return v.Uint64
	}
	boolOf = func(a AST) bool {
		v := must[Value](t)(m.Eval(a, true))
		if v.Kind != BoolValue {
			t.Fatalf("%s: %+v", c.String(a), v)
		}
		return v.Bool
	}
	same := func(what string, got uint64, want float64) {
		t.Helper()
		if math.IsNaN(want) {
			if !math.IsNaN(math.Float64frombits(got)) {
				t.Errorf("%s = %v, want NaN", what, math.Float64frombits(got))
			}
		} else if got != math.Float64bits(want) {
			t.Errorf("%s = %v (%#x), want %v", what, math.Float64frombits(got), got, want)
		}
	}
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 3, 1e308, -1e308, 5e-324, math.Inf(1), math.Inf(-1), math.NaN(), 2.5, -2.5}
	rng := rand.New(rand.NewPCG(5, 8))
	vals := append([]float64{}, specials...)
	for range 20 {
		vals = append(vals, (rng.Float64()-0.5)*math.Pow(10, float64(rng.IntN(40)-20)))
	}
	for i, x := range vals {
		y := vals[(i*7+3)%len(vals)]
		X, Y := lit(x), lit(y)
		same("x+y", bits(ast(c.App(OpFPAdd, 0, 0, X, Y))), x+y)
		same("x-y", bits(ast(c.App(OpFPSub, 0, 0, X, Y))), x-y)
		same("x*y", bits(ast(c.App(OpFPMul, 0, 0, X, Y))), x*y)
		same("x/y", bits(ast(c.App(OpFPDiv, 0, 0, X, Y))), x/y)
		same("-x", bits(ast(c.App(OpFPNeg, 0, 0, X))), -x)
		same("abs", bits(ast(c.App(OpFPAbs, 0, 0, X))), math.Abs(x))
		same("sqrt", bits(ast(c.App(OpFPSqrt, 0, 0, X))), math.Sqrt(x))
		same("floor", bits(ast(c.App(OpFPFloor, 0, 0, X))), math.Floor(x))
		same("ceil", bits(ast(c.App(OpFPCeil, 0, 0, X))), math.Ceil(x))
		same("trunc", bits(ast(c.App(OpFPTrunc, 0, 0, X))), math.Trunc(x))
		same("float32", bits(ast(c.App(OpFPToFP, 64, 0, ast(c.App(OpFPToFP, 32, 0, X))))), float64(float32(x)))
		for _, cmp := range []struct {
			op   Op
			want bool
		}{{OpFPLt, x < y}, {OpFPLe, x <= y}, {OpFPGt, x > y}, {OpFPGe, x >= y}, {OpFPEq, x == y}, {OpFPIsNaN, math.IsNaN(x)}} {
			args := []AST{X, Y}
			if cmp.op == OpFPIsNaN {
				args = args[:1]
			}
			if got := boolOf(ast(c.App(cmp.op, 0, 0, args...))); got != cmp.want {
				t.Errorf("%v(%v, %v) = %v, want %v", cmp.op, x, y, got, cmp.want)
			}
		}
		if !math.IsNaN(x) && math.Abs(x) < 1e18 {
			v := must[Value](t)(m.Eval(ast(c.App(OpFPToSBV, 64, 0, X)), true))
			if int64(v.Uint64) != int64(x) {
				t.Errorf("int64(%v) = %d, want %d", x, int64(v.Uint64), int64(x))
			}
			n := int64(x)
			same("float64(int64)", bits(ast(c.App(OpFPFromSBV, 64, 0, ast(c.Uint64(uint64(n), bv64))))), float64(n))
		}
		if x >= 0 && x < 1e19 {
			v := must[Value](t)(m.Eval(ast(c.App(OpFPToUBV, 64, 0, X)), true))
			if v.Uint64 != uint64(x) {
				t.Errorf("uint64(%v) = %d, want %d", x, v.Uint64, uint64(x))
			}
		}
		u := rng.Uint64()
		same("float64(uint64)", bits(ast(c.App(OpFPFromUBV, 64, 0, ast(c.Uint64(u, bv64))))), float64(u))
		x32, y32 := float32(x), float32(y)
		got32 := bits(ast(c.App(OpFPMul, 0, 0, lit32(x32), lit32(y32))))
		if p := x32 * y32; !(math.IsNaN(float64(p)) && got32 == math.Float64bits(math.NaN())) && uint32(got32) != math.Float32bits(p) {
			t.Errorf("float32 %v*%v = %v, want %v", x32, y32, math.Float32frombits(uint32(got32)), p)
		}
	}
}

// TestFloatFreshSorts: the conversions make their float sort and rounding
// mode inside the call; with neither made before in the context, a fresh
// node must not be reclaimed before use (it was: "rm and float sorts
// expected").
func TestFloatFreshSorts(t *testing.T) {
	c := newCtx(t)
	ast := must[AST](t)
	bv := must[Sort](t)(c.BVSort(64))
	x := ast(c.App(OpFPFromBits, 64, 0, ast(c.Uint64(math.Float64bits(0.1), bv))))
	for _, op := range []Op{OpFPToFP, OpFPAdd, OpFPSqrt, OpFPFloor, OpFPToSBV} {
		args := []AST{x}
		if op == OpFPAdd {
			args = append(args, x)
		}
		if _, err := c.App(op, 32, 0, args...); err != nil {
			t.Errorf("%v: %v", op, err)
		}
	}
}
