package interp

import "testing"

// addrOrderSrc allocates variables with a large byte slice between each
// and the next, as go-cmp's LargeMapKey case does, and counts the
// variables whose address (reflect.Value.Pointer, which go-cmp sorts
// pointer map keys by) is below the one allocated before.
const addrOrderSrc = `package order

import "reflect"

func grab(size int) *[]byte {
	b := make([]byte, size)
	return &b
}

func Descents(n, size int) int {
	ps := make([]*[]byte, n)
	for i := range ps {
		ps[i] = grab(size)
		*ps[i] = nil // the array goes, the variable stays
	}
	d := 0
	for i := 1; i < n; i++ {
		if reflect.ValueOf(ps[i]).Pointer() < reflect.ValueOf(ps[i-1]).Pointer() {
			d++
		}
	}
	return d
}
`

// TestVariablesInAllocationOrder checks that heap variables a run
// allocates have ascending addresses even when the collector runs
// between them (a 256 KiB byte slice is 8 MiB of cells): 24 variables
// in a row cross at most one boundary between chunks (of 31 cells at
// least), where the order may change, as natively where a new span
// begins. Carved
// from the allocator one by one, about a quarter of them came below the
// one before.
func TestVariablesInAllocationOrder(t *testing.T) {
	p := loadSource(t, "order", addrOrderSrc)
	fn := p.Func("order", "Descents")
	for _, opts := range []RunOptions{{NoTrace: true}, {}} {
		res, err := p.Run(bgContext, fn, []Value{Int(24), Int(1 << 18)}, &opts)
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Returns[0].Int(); d > 1 {
			t.Errorf("NoTrace %v: %d of 24 variables are below the one allocated before them", opts.NoTrace, d)
		}
	}
}
