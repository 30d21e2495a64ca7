// Package temps is a subject whose fault lives in float arithmetic.
package temps

// Celsius converts a Fahrenheit temperature to Celsius.
func Celsius(f float64) float64 {
	c := (f - 32) * (9.0 / 5) //fault: should be 5.0 / 9
	return c
}

// Fever reports whether a temperature in Fahrenheit is a fever.
func Fever(f float64) bool {
	return Celsius(f) >= 38
}
