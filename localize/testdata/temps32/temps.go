// Package temps32 is temps in float32, which Z3 bit-blasts several times
// faster.
package temps32

// Celsius converts a Fahrenheit temperature to Celsius.
func Celsius(f float32) float32 {
	c := (f - 32) * (9.0 / 5) //fault: should be 5.0 / 9
	return c
}

// Fever reports whether a temperature in Fahrenheit is a fever.
func Fever(f float32) bool {
	return Celsius(f) >= 38
}
