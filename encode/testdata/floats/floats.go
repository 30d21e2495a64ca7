// Package floats exercises the float operations encode models, for its
// tests: every function's run must satisfy its own encoding.
package floats

import "math"

// Mix computes with float64 and float32, converts to and from integers,
// calls math's modelled functions and branches on comparisons.
func Mix(x, y float64, n int) float64 {
	s := x*y + x/2 - -y
	if s < x || math.IsNaN(s) {
		s = math.Abs(s) + 1
	} else if s >= y && s != 0 {
		s = math.Sqrt(s)
	}
	var f32 float32 = float32(x) * float32(y)
	if f32 <= 1 {
		s += float64(f32)
	}
	if s > -1e15 && s < 1e15 {
		k := int64(s)
		u := uint8(math.Abs(s))
		s = s + float64(k)/3 + float64(u) + float64(n)
	}
	if s == s {
		s = math.Floor(s) + math.Ceil(s/3) - math.Trunc(-s/7)
	}
	return s
}

// Celsius converts a Fahrenheit temperature; its test expects 100 for
// 212 and gets 324: the factor is 9/5 where it should be 5/9.
func Celsius(f float64) float64 {
	d := f - 32
	c := d * (9.0 / 5)
	return c
}

// Above reports whether half of x is above 1.
func Above(x float64) bool {
	return x/2 > 1
}

// Celsius32 is Celsius in float32, which Z3 bit-blasts several times
// faster.
func Celsius32(f float32) float32 {
	d := f - 32
	c := d * (9.0 / 5)
	return c
}
