package bst

import "testing"

// build returns the tree of the first n%5 of keys a..d, added in order.
func build(n, a, b, c, d int) *Tree {
	t := &Tree{}
	keys := [4]int{a, b, c, d}
	m := n % 5
	if m < 0 {
		m = -m
	}
	for i := 0; i < m && i < 4; i++ {
		t.Add(keys[i])
	}
	return t
}

// FuzzAdd is Add's specification as a test: the tree built from the
// inputs, Add(k), then one check per conjunct of the invariant and per
// postcondition (k is found, the result says whether it was new, the
// size went up by one exactly when it was).
func FuzzAdd(f *testing.F) {
	f.Add(3, 5, 3, 8, 0, 4) // into the left subtree's right
	f.Add(3, 5, 3, 8, 0, 9) // right of the right child
	f.Add(3, 5, 3, 8, 0, 1) // left of the left child
	f.Add(2, 5, 8, 0, 0, 6) // left of the right child
	f.Add(0, 0, 0, 0, 0, 7) // the empty tree
	f.Add(2, 5, 3, 0, 0, 5) // a key already there
	f.Add(4, 5, 3, 8, 7, 9) // deeper right
	f.Fuzz(func(t *testing.T, n, a, b, c, d, k int) {
		tr := build(n, a, b, c, d)
		had, size := tr.Contains(k), tr.Size
		added := tr.Add(k)
		if !tr.Acyclic() {
			t.Fatal("acyclic")
		}
		if !tr.ParentsOK() {
			t.Error("parents")
		}
		if !tr.Ordered() {
			t.Error("search order")
		}
		if !tr.SizeOK() {
			t.Error("size invariant")
		}
		if !tr.Contains(k) {
			t.Error("key not found")
		}
		if added == had {
			t.Error("result")
		}
		if want := size + btoi(!had); tr.Size != want {
			t.Error("size incremented")
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
