package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// emptyPair is a struct of zero size whose fields are variables too.
type emptyPair struct {
	a struct{}
	b [0]string
}

// zeroSink makes the allocations of ZeroSize escape, so that the compiler
// puts them where the runtime does every zero-size allocation: at one
// address (runtime.zerobase).
var zeroSink []any

type emptyStruct struct{}

// ZeroSize compares pointers to zero-size variables that escape: equal, as
// the runtime gives them all one address, through ==, interfaces, map
// keys, reflect and %p; pointers to variables of a size are not. An empty
// slice's data pointer, read through a slice header, is that address too
// (and not nil).
func ZeroSize() string {
	a, b := &emptyStruct{}, &emptyStruct{}
	n1, n2 := new(struct{}), new(struct{})
	z1, z2 := new([0]int), new([0]int)
	p1, p2 := &emptyPair{}, &emptyPair{}
	x1, x2 := &struct{ x int }{}, &struct{ x int }{}
	var v emptyStruct
	pv := &v
	zeroSink = append(zeroSink, a, b, n1, n2, z1, z2, p1, p2, x1, x2, pv)
	var ia, ib any = a, b
	seen := map[*emptyStruct]int{}
	for range 3 {
		seen[&emptyStruct{}]++
	}
	*a = emptyStruct{}
	lines := []string{
		fmt.Sprint(a == b, ia == ib, n1 == n2, z1 == z2, p1 == p2, &p1.a == &p2.a, &p1.b == &p2.b, a == pv),
		fmt.Sprint(x1 == x2, len(seen), *a == *b, *p1 == *p2),
		fmt.Sprint(reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer(),
			fmt.Sprintf("%p", n1) == fmt.Sprintf("%p", n2),
			fmt.Sprintf("%p", x1) == fmt.Sprintf("%p", x2)),
	}
	e1, e2 := make([]int, 0), make([]byte, 0, 0)
	zeroSink = append(zeroSink, e1, e2)
	d1 := (*sliceHeader)(unsafe.Pointer(&e1)).data
	d2 := (*sliceHeader)(unsafe.Pointer(&e2)).data
	lines = append(lines, fmt.Sprint(d1 == d2, d1 != nil, d1 == unsafe.Pointer(n1)))
	return strings.Join(lines, "\n")
}
