// Package lib is a library whose initializer the interpreter cannot run:
// reflect.TypeFor is a generic function of a standard package, which has
// no native counterpart to call.
package lib

import "reflect"

var intType = reflect.TypeFor[int]()

// Name returns "int".
func Name() string { return intType.Name() }
