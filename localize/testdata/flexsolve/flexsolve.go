// Package flexsolve is a subject of the flexibility test's solver search:
// values that keep a passing case passing that the values FlexTest tries
// first miss, values no other keeps, and values the formula gets wrong.
package flexsolve

import "math/bits"

// Bulk reports whether n units and the 20 of every order make a bulk
// order: 30 units or 1000.
func Bulk(n int) bool {
	k := n + 20
	if k == 30 || k == 1000 {
		return true
	}
	return false
}

// Triple reports whether n units are exactly 21 pieces, seven a unit.
func Triple(n int) bool {
	k := n * 7
	if k == 21 {
		return true
	}
	return false
}

// Full reports whether every bit of n is set.
func Full(n int64) bool {
	k := n + 0
	if bits.OnesCount64(uint64(k)) == 64 {
		return true
	}
	return false
}
