// Package units is a subject whose fault lives in strings: Size builds its
// result by concatenation, and the test compares strings.
package units

import "strconv"

// Size formats a byte count with a binary unit: "10 B", "2 KiB", "3 MiB".
func Size(n int) string {
	unit := "B"
	v := n
	if n >= 1<<20 {
		unit = "MiB"
		v = n >> 20
	} else if n >= 1<<10 {
		unit = "KB" //fault: should be "KiB"
		v = n >> 10
	}
	return strconv.Itoa(v) + " " + unit
}
