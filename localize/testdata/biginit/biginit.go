// Package biginit has a long package initialization, a table that a
// loop builds, ahead of tests that do not read it, for search's
// initScope: the formula of a failing test leaves out the
// initialization the failure does not read, and keeps what it reads
// (limit) blamable.
package biginit

// size is how many entries the table holds: enough that building it
// runs more events than search.InitPruneMin.
const size = 3000

// squares[i] is i*i.
var squares = build(size)

// limit is the largest index Square accepts.
var limit = 100 //fault: Limit is 200

func build(n int) []int {
	t := make([]int, 0, n)
	for i := range n {
		t = append(t, i*i)
	}
	return t
}

// Square returns i*i, or -1 past limit.
func Square(i int) int {
	if i > limit {
		return -1
	}
	return i*i + 1 //fault: i*i
}

// Limit returns the largest index Square accepts.
func Limit() int { return limit }

// Table returns squares[i], which Square does not read.
func Table(i int) int { return squares[i] }
