package corpus

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// NativeUnexported reads an unexported field of a native value through
// its address, as repr and go-cmp do: UnsafeAddr of the addressable
// field, reflect.NewAt of it; UnsafeAddr of an unaddressable value
// panics.
func NativeUnexported() string {
	err := errors.New("sentinel")
	f := reflect.ValueOf(err).Elem().Field(0)
	out := []string{fmt.Sprint(f.CanInterface(), f.CanAddr())}
	g := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	out = append(out, fmt.Sprint(g.CanInterface(), g.Interface()))
	func() {
		defer func() { out = append(out, fmt.Sprint(recover())) }()
		reflect.ValueOf(err).UnsafeAddr() // the pointer itself is no variable
	}()
	return strings.Join(out, "\n")
}
