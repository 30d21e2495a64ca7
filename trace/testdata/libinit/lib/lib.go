// Package lib is a library whose initializer the interpreter cannot run:
// reflect.NewAt makes a Value of memory an unsafe.Pointer points to,
// which the emulation of reflect over interpreted values does not do.
package lib

import (
	"reflect"
	"unsafe"
)

var intType = reflect.NewAt(reflect.TypeFor[int](), unsafe.Pointer(new(int))).Elem().Type()

// Name returns "int".
func Name() string { return intType.Name() }
