package bridgework

import (
	"reflect"
	"testing"
)

// TestCycles compares graphs with cycles, of which reflect.DeepEqual
// compares each pair of nodes once, and long lists.
func TestCycles(t *testing.T) {
	if !reflect.DeepEqual(Loop(1), Loop(1)) {
		t.Error("two loops of 1 differ")
	}
	if reflect.DeepEqual(Loop(1), Loop(2)) {
		t.Error("loops of 1 and 2 are equal")
	}
	if !reflect.DeepEqual(Ring(3, 1), Ring(4, 1)) {
		t.Error("rings of 3 and 4 nodes of 1 differ")
	}
	if reflect.DeepEqual(Ring(3, 1), Ring(4, 2)) {
		t.Error("rings of 1 and 2 are equal")
	}
	if !reflect.DeepEqual(List(500, 1, 7), List(500, 1, 7)) {
		t.Error("equal lists differ")
	}
	if reflect.DeepEqual(List(500, 1, 7), List(500, 1, 8)) {
		t.Error("lists that differ at their 500th node are equal")
	}
	a, b := []any{nil}, []any{nil}
	a[0], b[0] = a, b
	if !reflect.DeepEqual(a, b) {
		t.Error("slices holding themselves differ")
	}
}

// TestArrays compares 110 pointers to 10 arrays of 10000 ints with as
// many to 11 such arrays: reflect.DeepEqual compares 110 pairs of arrays
// (1100000 ints), each pair once.
func TestArrays(t *testing.T) {
	if !reflect.DeepEqual(Arrays(110, 10), Arrays(110, 11)) {
		t.Error("arrays of zeros differ")
	}
}

// TestLargeArrays compares 930 pointers to 30 arrays of 10000 ints with
// as many to 31 such arrays: reflect.DeepEqual compares 930 pairs of
// arrays (9300000 ints).
func TestLargeArrays(t *testing.T) {
	if !reflect.DeepEqual(Arrays(930, 30), Arrays(930, 31)) {
		t.Error("arrays of zeros differ")
	}
}

// TestCopies copies a slice of 524288 ints 2000 times: each copy is one
// step of the interpreter, and the loop about 10000 steps.
func TestCopies(t *testing.T) {
	a, b := make([]int, 1<<19), make([]int, 1<<19)
	a[len(a)-1] = 1
	n := 0
	for range 2000 {
		n += copy(b, a)
	}
	if n != 2000<<19 || b[len(b)-1] != 1 {
		t.Errorf("copied %d ints", n)
	}
}
