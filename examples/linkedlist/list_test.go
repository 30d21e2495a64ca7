package linkedlist

import "testing"

// build returns the list of the first n%5 of keys a..d, inserted in
// order (so the last inserted is the header).
func build(n, a, b, c, d int) *List {
	l := &List{}
	keys := [4]int{a, b, c, d}
	m := n % 5
	if m < 0 {
		m = -m
	}
	for i := 0; i < m && i < 4; i++ {
		l.Insert(keys[i])
	}
	return l
}

// FuzzDelete is Delete's specification as a test: the list built from the
// inputs, Delete(k), then one check per conjunct of the invariant and per
// postcondition (the key is gone, the result says whether it was there,
// the size went down by one exactly when it was).
func FuzzDelete(f *testing.F) {
	f.Add(3, 1, 2, 3, 0, 2) // the middle node
	f.Add(3, 1, 2, 3, 0, 3) // the header
	f.Add(3, 1, 2, 3, 0, 1) // the last node
	f.Add(2, 5, 6, 0, 0, 7) // a key not in the list
	f.Add(0, 0, 0, 0, 0, 1) // the empty list
	f.Add(1, 4, 0, 0, 0, 4) // the only node
	f.Fuzz(func(t *testing.T, n, a, b, c, d, k int) {
		l := build(n, a, b, c, d)
		had, size := l.Contains(k), l.Size
		removed := l.Delete(k)
		if !l.Acyclic() {
			t.Fatal("acyclic")
		}
		if !l.UniqueKeys() {
			t.Error("unique keys")
		}
		if !l.SizeOK() {
			t.Error("size invariant")
		}
		if l.Contains(k) {
			t.Error("key still there")
		}
		if removed != had {
			t.Error("result")
		}
		if want := size - btoi(had); l.Size != want {
			t.Error("size decremented")
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
