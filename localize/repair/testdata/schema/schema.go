// Package schema is a subject of the patch schema's tests: statements of
// the shapes a schema switches (a condition in a loop with break and
// continue, a declaration and the rest of its block, a statement with a
// label, a := that reuses a named result). Grade's good is true from 81
// where it should be from 80.
package schema

// Sum returns the sum of xs up to the first negative, zeros skipped.
func Sum(xs []int) int {
	total := 0
	for _, x := range xs {
		if x < 0 {
			break
		}
		if x == 0 {
			continue
		}
		total += x
	}
	return total
}

// Grade returns "fail" under 50, "pass" under 80, else "good".
func Grade(score int) string {
	limit := 50
	if score < limit {
		return "fail"
	}
	good := score > 80 //fault: should be >= 80
	if good {
		return "good"
	}
	return "pass"
}

// Find returns the index of the first of the sorted rows that holds v,
// -1 if none.
func Find(rows [][]int, v int) int {
outer:
	for i, r := range rows {
		for _, x := range r {
			if x == v {
				return i
			}
			if x > v {
				continue outer
			}
		}
	}
	return -1
}

// Half returns n/2 and whether n is even.
func Half(n int) (h int, even bool) {
	h, rem := n/2, n%2
	even = rem == 0
	return
}
