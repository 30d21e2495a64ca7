// Package table is a table-driven test's subject: Distance's fault makes
// several rows of TestDistance fail.
package table

// Distance returns the edit distance between a and b (insertions,
// deletions and substitutions of bytes).
func Distance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cur := row[j]
			if a[i-1] == b[j-1] {
				row[j] = prev
			} else {
				row[j] = 1 + min(prev, row[j], row[j-1]-1) //fault: should be row[j-1]
			}
			prev = cur
		}
	}
	return row[len(b)]
}
