// Package unsafeops holds subjects for the interpreter's tests of
// package unsafe: idioms it runs and constructs it reports unsupported.
package unsafeops

import (
	"reflect"
	"unsafe"
)

type strHeader struct {
	data unsafe.Pointer
	len  int
}

// Offset returns the offset of s[i:] in s from their data pointers.
func Offset(s string, i int) int {
	sub := s[i:]
	return int(uintptr((*strHeader)(unsafe.Pointer(&sub)).data) - uintptr((*strHeader)(unsafe.Pointer(&s)).data))
}

// Bytes returns b's bytes read as a string.
func Bytes(b []byte) string {
	return *(*string)(unsafe.Pointer(&b))
}

// AddrOfVar reads past a variable through its address as a uintptr.
func AddrOfVar() int {
	x := 1
	return *(*int)(unsafe.Pointer(uintptr(unsafe.Pointer(&x)) + 8))
}

// StoreThroughView keeps a header view of a string and writes through
// it: the string is then the header's.
func StoreThroughView(s string) int {
	h := (*strHeader)(unsafe.Pointer(&s))
	h.len = 1
	return len(s)
}

// StringAsBytes reads a string as a slice, past its header.
func StringAsBytes(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&s))
}

// IntAsFloat reads an int's bits as a float64.
func IntAsFloat(x int) float64 {
	return *(*float64)(unsafe.Pointer(&x))
}

// StringOfElem makes a string from the address of an element.
func StringOfElem(b []byte) string {
	return unsafe.String(&b[0], len(b))
}

// ValuePtrField reads the ptr field of a reflect.Value through the
// variable's address as a uintptr.
func ValuePtrField() unsafe.Pointer {
	v := reflect.ValueOf(1)
	f, _ := reflect.TypeOf(v).FieldByName("ptr")
	return *(*unsafe.Pointer)(unsafe.Pointer(uintptr(unsafe.Pointer(&v)) + f.Offset))
}

// InsideField reads a byte inside an int64 field through the struct's
// address as a uintptr.
func InsideField() int8 {
	var p struct{ a, b int64 }
	return *(*int8)(unsafe.Pointer(uintptr(unsafe.Pointer(&p)) + 9))
}

// NativeDeref reads a standard library value through the address its
// reflect.Value gives, which is the interpreter's for identity only.
func NativeDeref() int {
	v := reflect.ValueOf(reflect.TypeOf(0))
	return *(*int)(unsafe.Pointer(v.Pointer()))
}

type strideNode struct{ a, b int64 }

func strideStep(n *strideNode, k int) *strideNode {
	return (*strideNode)(unsafe.Pointer(uintptr(unsafe.Pointer(n)) + uintptr(k)*unsafe.Sizeof(strideNode{})))
}

func lastOf(ns []strideNode) *strideNode { return &ns[len(ns)-1] }

// StrideVariable moves the address of a node that is no array's element
// by one node.
func StrideVariable() int64 {
	return strideStep(new(strideNode), 1).a
}

// StridePastEnd moves the address of an array's last element by one
// element, past the array's end.
func StridePastEnd() int64 {
	return strideStep(lastOf(make([]strideNode, 2)), 1).a
}

// WordsOfInt reads the data word of an interface holding an int.
func WordsOfInt() unsafe.Pointer {
	var x any = 1
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]
}
