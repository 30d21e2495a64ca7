// Package lib is a library whose initializer the interpreter cannot run:
// reflect.StructOf builds a struct type at run time, which the emulation
// of reflect over interpreted values does not do.
package lib

import "reflect"

var intType = reflect.StructOf([]reflect.StructField{{Name: "N", Type: reflect.TypeFor[int]()}}).Field(0).Type

// Name returns "int".
func Name() string { return intType.Name() }
