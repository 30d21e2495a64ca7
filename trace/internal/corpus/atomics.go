package corpus

import (
	"fmt"
	"strings"
	"sync/atomic"
	"unsafe"
)

// AtomicFuncs exercises sync/atomic's functions on every integer type
// they take (Add, And, Or, Load, Store, Swap, CompareAndSwap, with
// wrap-around at the type's width) and on unsafe.Pointer, as
// go.uber.org/atomic's wrappers call them.
func AtomicFuncs() string {
	var out []string
	var i32 int32 = 1<<31 - 1
	var i64 int64 = -5
	var u32 uint32 = 1<<32 - 1
	var u64 uint64 = 10
	var up uintptr = 0xf0
	out = append(out, fmt.Sprint("add ", atomic.AddInt32(&i32, 1), " ", atomic.AddInt64(&i64, 3), " ",
		atomic.AddUint32(&u32, 2), " ", atomic.AddUint64(&u64, ^uint64(0)), " ", atomic.AddUintptr(&up, 1)))
	if i32 != -1<<31 || u32 != 1 || u64 != 9 {
		panic(fmt.Sprint("AtomicFuncs: add wrapped to ", i32, " ", u32, " ", u64))
	}
	out = append(out, fmt.Sprint("and ", atomic.AndInt32(&i32, 0x0f), " ", atomic.AndInt64(&i64, -4), " ",
		atomic.AndUint32(&u32, 0), " ", atomic.AndUint64(&u64, 1), " ", atomic.AndUintptr(&up, 0xf), " now ", i32, i64, u32, u64, up))
	out = append(out, fmt.Sprint("or ", atomic.OrInt32(&i32, -8), " ", atomic.OrInt64(&i64, 3), " ",
		atomic.OrUint32(&u32, 6), " ", atomic.OrUint64(&u64, 1<<63), " ", atomic.OrUintptr(&up, 0x100), " now ", i32, i64, u32, u64, up))
	atomic.StoreInt32(&i32, 7)
	atomic.StoreInt64(&i64, 8)
	atomic.StoreUint32(&u32, 9)
	atomic.StoreUint64(&u64, 10)
	atomic.StoreUintptr(&up, 11)
	out = append(out, fmt.Sprint("load ", atomic.LoadInt32(&i32), atomic.LoadInt64(&i64), atomic.LoadUint32(&u32),
		atomic.LoadUint64(&u64), atomic.LoadUintptr(&up)))
	out = append(out, fmt.Sprint("swap ", atomic.SwapInt32(&i32, -1), atomic.SwapInt64(&i64, -2), atomic.SwapUint32(&u32, 3),
		atomic.SwapUint64(&u64, 4), atomic.SwapUintptr(&up, 5), " now ", i32, i64, u32, u64, up))
	out = append(out, fmt.Sprint("cas ", atomic.CompareAndSwapInt32(&i32, -1, 1), atomic.CompareAndSwapInt32(&i32, -1, 2),
		atomic.CompareAndSwapInt64(&i64, -2, 2), atomic.CompareAndSwapUint32(&u32, 0, 1),
		atomic.CompareAndSwapUint64(&u64, 4, 40), atomic.CompareAndSwapUintptr(&up, 5, 50), " now ", i32, i64, u32, u64, up))

	// unsafe.Pointer, starting from its zero value.
	a, b := new(string), new(string)
	*a, *b = "a", "b"
	var p unsafe.Pointer
	out = append(out, fmt.Sprint("pointer ", atomic.LoadPointer(&p) == nil, " ", atomic.CompareAndSwapPointer(&p, nil, unsafe.Pointer(a))))
	atomic.StorePointer(&p, unsafe.Pointer(b))
	old := atomic.SwapPointer(&p, unsafe.Pointer(a))
	out = append(out, fmt.Sprint(*(*string)(old), *(*string)(atomic.LoadPointer(&p)), " ",
		atomic.CompareAndSwapPointer(&p, unsafe.Pointer(b), nil), atomic.CompareAndSwapPointer(&p, unsafe.Pointer(a), nil),
		" ", p == nil))
	var nilInt *int32
	out = append(out, func() (msg string) {
		defer func() { msg = fmt.Sprint(recover()) }()
		atomic.AddInt32(nilInt, 1)
		return "no panic"
	}())
	return strings.Join(out, "; ")
}
