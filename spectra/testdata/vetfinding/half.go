// Package vetfinding is a test subject whose test file has a go vet
// finding (a %q verb given an int): go test refuses to build it, yet its
// cases run, and the native collection measures them.
package vetfinding

// Half returns x halved.
func Half(x int) int {
	return x / 2
}
