// Package ties is a subject whose fix candidates tie: TestDist/reversed
// fails, and both Dist's return and Abs's faulty return (in util.go, after
// dist.go in position order) are verified one-line candidates; the
// spectrum of the passing cases puts the faulty line first.
package ties

// Dist returns the distance between a and b.
func Dist(a, b int) int {
	return Abs(a - b)
}
