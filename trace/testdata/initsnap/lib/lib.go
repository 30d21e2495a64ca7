// Package lib is a library whose initializer leaves memory that a copy
// must reproduce exactly: a slice and a subslice of one array, a pointer
// into it, a map, a cycle of pointers, a map holding itself, a closure's
// variable. Bump changes all of it: a run that sees another run's
// changes started from a leaked copy.
package lib

// T is a node of a ring.
type T struct {
	N    int
	Next *T
}

var (
	List  = []int{1, 2, 3}
	Tail  = List[1:]
	First = &List[0]
	Table = map[string]int{"a": 1}
	Ring  = newRing(3)
	Count = initCount()
	// Self holds itself through an interface; Next counts in a closure.
	Self = map[string]any{}
	Next = counter()
)

func init() { Self["self"] = Self }

func counter() func() int {
	n := 0
	return func() int { n++; return n }
}

func newRing(n int) *T {
	head := &T{N: 0}
	t := head
	for i := 1; i < n; i++ {
		t.Next = &T{N: i}
		t = t.Next
	}
	t.Next = head
	return head
}

func initCount() int { return len(List) + len(Table) }

// Bump changes every variable and reports whether they were as the
// initializer left them, and whether the aliasing among them holds.
func Bump() string {
	switch {
	case Count != 4:
		return "Count changed"
	case List[0] != 1 || List[1] != 2 || Table["a"] != 1 || Ring.N != 0:
		return "values changed"
	case &Tail[0] != &List[1] || First != &List[0]:
		return "aliasing lost"
	case Ring.Next.Next.Next != Ring:
		return "ring broken"
	case len(Self) != 1:
		return "Self changed"
	case Next() != 1:
		return "the closure's variable changed"
	}
	Self["self"].(map[string]any)["n"] = 1
	if Self["n"] != 1 {
		return "Self is not itself"
	}
	Count++
	*First += 100
	Tail[0] += 10
	Table["a"]++
	Table["b"] = 2
	Ring.N = 7
	Ring = Ring.Next
	if List[1] != 12 || List[0] != 101 {
		return "aliasing lost after a store"
	}
	return ""
}
