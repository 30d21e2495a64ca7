package maxsat

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestFloatMCS: a temperature conversion c = (f - 32) * 5 / 9 written with
// 9 / 5, in float32 (binary64 multiplications take Z3 seconds to
// bit-blast); the expected 100 for f = 212 makes the factor's statement,
// and the difference's, MCSes of size one whose angelic values give 100
// to the last bit. Only the difference's: no float32 factor k makes
// 180*k exactly 100 (the two floats around 100/180 give 99.99999 and
// 100.00001, and rounding is monotonic), which the test checks natively.
func TestFloatMCS(t *testing.T) {
	s := newSolver(t, nil)
	f, d, k, c := FloatVar("f", 32), FloatVar("d", 32), FloatVar("k", 32), FloatVar("c", 32)
	for g, soft := range map[string]*Term{
		"L1": Eq(d, FSub(f, Float32(32))),
		"L2": Eq(k, FDiv(Float32(9), Float32(5))),
	} {
		if err := s.AddSoft(soft, 1, g); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []*Term{Eq(f, Float32(212)), Eq(c, FMul(d, k)), Eq(c, Float32(100)), Not(FIsNaN(k))} {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]float64{}
	for {
		m, err := s.NextMCS(context.Background(), Bounds{MaxSize: 1})
		if errors.Is(err, ErrExhausted) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		x := d
		if m.Groups[0] == "L2" {
			x = k
		}
		v, err := m.Model.Float(x)
		if err != nil {
			t.Fatal(err)
		}
		got[m.Groups[0]] = v
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
	}
	lo := float32(100.0 / 180)
	if float32(180)*lo > 100 {
		lo = math.Nextafter32(lo, 0)
	}
	hi := math.Nextafter32(lo, 1)
	if p, q := float32(180)*lo, float32(180)*hi; !(p < 100 && q > 100) {
		t.Fatalf("premise: 180*%v = %v, 180*%v = %v do not bracket 100", lo, p, hi, q)
	}
	if _, ok := got["L1"]; len(got) != 1 || !ok {
		t.Fatalf("MCSes %v, want L1 alone", got)
	}
	if d := float32(got["L1"]); d*float32(9)/float32(5) != 100 {
		t.Errorf("angelic d = %v: d*1.8 = %v, want 100", d, d*float32(9)/float32(5))
	}
}

// TestFloatTerms checks values and sorts of the float operations.
func TestFloatTerms(t *testing.T) {
	m := anyModel(t)
	x, y := Float64(0.1), Float64(0.2)
	for _, tc := range []struct {
		term *Term
		want string
	}{
		{FAdd(x, y), "0.30000000000000004"},
		{FSub(x, y), "-0.1"},
		{FMul(x, y), "0.020000000000000004"},
		{FDiv(Float64(1), Float64(0)), "+Inf"},
		{FDiv(Float64(0), Float64(0)), "NaN"},
		{FNeg(Float64(0)), "-0"},
		{FAbs(Float64(-2.5)), "2.5"},
		{FSqrt(Float64(2)), "1.4142135623730951"},
		{FFloor(Float64(-2.5)), "-3"},
		{FCeil(Float64(-2.5)), "-2"},
		{FTrunc(Float64(-2.5)), "-2"},
		{FToF(Float64(0.1), 32), "0.1"},
		{FToF(FToF(Float64(0.1), 32), 64), "0.10000000149011612"},
		{FAdd(Float32(0.1), Float32(0.2)), "0.3"},
		{FLt(Float64(math.NaN()), x), "false"},
		{FEq(Float64(math.NaN()), Float64(math.NaN())), "false"},
		{Eq(Float64(math.NaN()), Float64(math.NaN())), "true"},
		{FEq(Float64(0), FNeg(Float64(0))), "true"},
		{Eq(Float64(0), FNeg(Float64(0))), "false"},
		{FToSBV(Float64(-7.9), 64), "18446744073709551609:BV64"},
		{FToUBV(Float64(7.9), 8), "7:BV8"},
		{SBVToF(BVInt(-3, 64), 64), "-3"},
		{UBVToF(BV(1<<63, 64), 32), "9.223372e+18"},
	} {
		v, err := m.Eval(tc.term)
		if err != nil || v.String() != tc.want {
			t.Errorf("%s = %v, %v; want %s", tc.term, v, err, tc.want)
		}
	}
	for _, bad := range []*Term{
		FAdd(Float64(1), Float32(1)),
		FAdd(Float64(1), BV(1, 64)),
		FLt(Int(1), Float64(1)),
		FloatVar("h", 16),
		SBVToF(Float64(1), 64),
		SBVToF(BV(1, 8), 16),
		FToSBV(BV(1, 8), 8),
		FToF(Str("x"), 64),
	} {
		var se *SortError
		if !errors.As(bad.Err(), &se) {
			t.Errorf("%v: Err() = %v, want a *SortError", bad, bad.Err())
		}
	}
}
