package corpus

import (
	"fmt"
	"io"
	"reflect"
	"regexp"
	"unsafe"
)

// uiPointer is go-cmp's value.Pointer: a reference's address as an
// unsafe.Pointer, with its type, for identity (its cycle detection and
// its reports' reference marks).
type uiPointer struct {
	p unsafe.Pointer
	t reflect.Type
}

func uiPointerOf(v reflect.Value) uiPointer {
	return uiPointer{unsafe.Pointer(v.Pointer()), v.Type()}
}

// NativeIdentity takes the addresses of values of the standard
// library (a *regexp.Regexp, io.EOF's *errors.errorString), whose
// memory the interpreter does not model, as unsafe.Pointers through
// reflect.Value.Pointer, as go-cmp does for every reference it
// compares: they compare as the references do, key a map, and convert
// back to the same uintptrs.
func NativeIdentity() string {
	re1, re2 := regexp.MustCompile("a*b"), regexp.MustCompile("a*b")
	vs := []reflect.Value{reflect.ValueOf(re1), reflect.ValueOf(re2), reflect.ValueOf(re1), reflect.ValueOf(io.EOF), reflect.ValueOf(io.EOF)}
	seen := map[uiPointer]int{}
	var out []any
	for i, v := range vs {
		p := uiPointerOf(v)
		first, ok := seen[p]
		if !ok {
			seen[p] = i
			first = i
		}
		out = append(out, first, uintptr(p.p) == v.Pointer(), p.p != nil)
	}
	out = append(out, len(seen), uiPointerOf(vs[0]) == uiPointerOf(vs[2]), uiPointerOf(vs[0]) == uiPointerOf(vs[1]))
	return fmt.Sprint(out...)
}
