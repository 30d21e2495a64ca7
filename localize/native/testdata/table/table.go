// Package table is a subject of the native evidence's package data: a
// fault in one entry of a package-level table.
package table

// digits maps a digit's name to its value.
var digits = map[string]int{
	"zero":  0,
	"one":   1,
	"two":   2,
	"three": 4, //fault: should be 3
	"four":  4,
}

// Value returns the value of a digit's name, or -1.
func Value(name string) int {
	if v, ok := digits[name]; ok {
		return v
	}
	return -1
}
