// Package celsius is a subject of the repair tests: Celsius's compound
// assignment adds the offset it should subtract.
package celsius

// freezing is water's freezing point in degrees Fahrenheit.
const freezing = 32

// Celsius converts degrees Fahrenheit to degrees Celsius.
func Celsius(f int) int {
	d := f
	d += freezing //fault: should be d -= freezing
	return d * 5 / 9
}
