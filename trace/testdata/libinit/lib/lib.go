// Package lib is a library whose initializer the interpreter cannot run:
// reflect.FuncOf builds a func type at run time, which the emulation of
// reflect over interpreted values does not do.
package lib

import "reflect"

var intType = reflect.FuncOf(nil, []reflect.Type{reflect.TypeFor[int]()}, false).Out(0)

// Name returns "int".
func Name() string { return intType.Name() }
