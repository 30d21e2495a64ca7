package interp

import (
	"go/types"
	"testing"
)

// growSink makes the test's slices escape: the compiler gives the first
// append to a non-escaping nil slice a 32-byte stack buffer, a capacity no
// interpreter can predict (it depends on escape analysis).
var growSink any

// growCap reproduces the capacities native appends produce (for escaping
// slices), for elements of several sizes, with and without pointers.
func TestGrowCapMatchesRuntime(t *testing.T) {
	check := func(name string, esize int64, noscan bool, native func(n int) []int) {
		t.Helper()
		caps := native(3000)
		c := 0
		for n := 1; n <= len(caps); n++ {
			if n > c {
				c = growCap(n, c, esize, noscan)
			}
			if c != caps[n-1] {
				t.Errorf("%s: after %d appends cap %d, native %d", name, n, c, caps[n-1])
				return
			}
		}
	}
	check("byte", 1, true, func(n int) (caps []int) {
		var s []byte
		for i := 0; i < n; i++ {
			s = append(s, byte(i))
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	check("int", 8, true, func(n int) (caps []int) {
		var s []int
		for i := 0; i < n; i++ {
			s = append(s, i)
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	check("string", 16, false, func(n int) (caps []int) {
		var s []string
		for i := 0; i < n; i++ {
			s = append(s, "")
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	type triple struct{ a, b, c int64 }
	check("triple", 24, true, func(n int) (caps []int) {
		var s []triple
		for i := 0; i < n; i++ {
			s = append(s, triple{})
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	type mixed struct {
		p *int
		a [5]int32
	}
	check("mixed", 32, false, func(n int) (caps []int) {
		var s []mixed
		for i := 0; i < n; i++ {
			s = append(s, mixed{})
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	check("[3]byte", 3, true, func(n int) (caps []int) {
		var s [][3]byte
		for i := 0; i < n; i++ {
			s = append(s, [3]byte{})
			growSink = s
			caps = append(caps, cap(s))
		}
		return
	})
	if gcSizes.Sizeof(types.Typ[types.String]) != 16 || hasPointers(types.Typ[types.Int]) || !hasPointers(types.Typ[types.String]) {
		t.Error("sizes or pointer classification wrong")
	}
}
