package corpus

import (
	"fmt"
	"strings"
	"sync/atomic"
)

// atomicCounters holds sync/atomic's typed values as a struct's fields,
// as libraries keep them.
type atomicCounters struct {
	i32 atomic.Int32
	i64 atomic.Int64
	u32 atomic.Uint32
	u64 atomic.Uint64
	up  atomic.Uintptr
	b   atomic.Bool
}

// limit is a package variable of an atomic type, loaded in a loop
// (go-runewidth's strictWidthLUTLimit).
var limit atomic.Int32

// AtomicTypes exercises the methods of sync/atomic's typed values (Int32,
// Int64, Uint32, Uint64, Uintptr, Bool: Load, Store, Swap,
// CompareAndSwap, Add, And, Or, with wrap-around at the type's width) in
// a struct, a package variable and a new variable.
func AtomicTypes() string {
	var out []string
	var c atomicCounters
	c.i32.Store(1<<31 - 1)
	c.i64.Store(-5)
	c.u32.Store(1<<32 - 1)
	c.u64.Store(10)
	c.up.Store(0xf0)
	out = append(out, fmt.Sprint("add ", c.i32.Add(1), c.i64.Add(3), c.u32.Add(2), c.u64.Add(^uint64(0)), c.up.Add(1)))
	out = append(out, fmt.Sprint("and ", c.i32.And(0x0f), c.i64.And(-4), c.u32.And(0), c.u64.And(1), c.up.And(0xf),
		" now ", c.i32.Load(), c.i64.Load(), c.u32.Load(), c.u64.Load(), c.up.Load()))
	out = append(out, fmt.Sprint("or ", c.i32.Or(-8), c.i64.Or(3), c.u32.Or(6), c.u64.Or(1<<63), c.up.Or(0x100),
		" now ", c.i32.Load(), c.i64.Load(), c.u32.Load(), c.u64.Load(), c.up.Load()))
	out = append(out, fmt.Sprint("swap ", c.i32.Swap(-1), c.i64.Swap(-2), c.u32.Swap(3), c.u64.Swap(4), c.up.Swap(5),
		" cas ", c.i32.CompareAndSwap(-1, 1), c.i32.CompareAndSwap(-1, 2), c.i64.CompareAndSwap(-2, 2),
		c.u32.CompareAndSwap(0, 1), c.u64.CompareAndSwap(4, 40), c.up.CompareAndSwap(5, 50),
		" now ", c.i32.Load(), c.i64.Load(), c.u32.Load(), c.u64.Load(), c.up.Load()))
	out = append(out, fmt.Sprint("bool ", c.b.Load(), c.b.Swap(true), c.b.CompareAndSwap(true, false), c.b.CompareAndSwap(true, true), c.b.Load()))
	c.b.Store(true)
	out = append(out, fmt.Sprint(c.b.Load()))

	limit.Store(0x300)
	n := 0
	for r := int32(0); r < 0x400; r++ {
		if r >= limit.Load() {
			n++
			if r == 0x3ff {
				limit.Store(0x110000)
			}
		}
	}
	out = append(out, fmt.Sprint("limit ", n, limit.Load()))
	p, q := new(atomic.Uint64), new(atomic.Uint64)
	p.Add(7)
	q.Add(1)
	out = append(out, fmt.Sprint(p.Load(), q.Load()))
	return strings.Join(out, "; ")
}
