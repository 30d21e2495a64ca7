// Package nativeonly is a test subject whose failing test calls what
// faultloc's interpreter refuses to run (an unsafe.Pointer conversion
// that reads a float64's bits as an integer), so that only the native
// evidence ranks it. Its fault is in package-level data: an entry of a
// table that package initialization builds.
package nativeonly

import (
	"strconv"
	"unsafe"
)

// prefixes are the powers of ten of the unit prefixes Size accepts.
var prefixes = map[byte]float64{
	'k': 1e3,
	'M': 1e6,
	'G': 1e6, //fault: should be 1e9
}

// Size parses a size such as "2k" or "1.5G" into a number of bytes.
func Size(s string) (float64, error) {
	scale := 1.0
	if n := len(s); n > 0 {
		if p, ok := prefixes[s[n-1]]; ok {
			scale = p
			s = s[:n-1]
		}
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, err
	}
	return x * scale, nil
}

// Abs returns |x| by clearing the sign bit of its IEEE 754 bits.
func Abs(x float64) float64 {
	bits := *(*uint64)(unsafe.Pointer(&x))
	bits &^= 1 << 63
	return *(*float64)(unsafe.Pointer(&bits))
}

// Distance returns how far apart two sizes are.
func Distance(a, b string) (float64, error) {
	x, err := Size(a)
	if err != nil {
		return 0, err
	}
	y, err := Size(b)
	if err != nil {
		return 0, err
	}
	return Abs(x - y), nil
}
