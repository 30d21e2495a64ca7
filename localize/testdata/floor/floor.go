// Package floor is a subject whose fault is a loop assigning the wrong
// variable: the binary search records lo where mid belongs.
package floor

// Floor returns the index of the last element of the sorted slice a
// that is at most x, or -1 when every element is greater.
func Floor(a []int, x int) int {
	lo, hi := 0, len(a)-1
	result := -1
	for lo <= hi {
		mid := (lo + hi) / 2
		if a[mid] <= x {
			result = lo //fault: should be mid
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	return result
}
