package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// ufInner is embedded first in ufOuter, as go-cmp's teststructs'
// Headquarter is in Cartel: a value whose layout takes more bytes than
// the interpreter's cells for it do.
type ufInner struct {
	id    uint64
	name  string
	tags  []string
	when  [3]int64
	flag  bool
	extra string
}

type ufOuter struct {
	ufInner
	source string
	count  int
	label  string
	tail   [2]string
}

// ufField is go-cmp's retrieveUnexportedField: the field f of the
// addressable struct v, through reflect.NewAt of v's address plus the
// field's offset.
func ufField(v reflect.Value, f reflect.StructField) reflect.Value {
	return reflect.NewAt(f.Type, unsafe.Pointer(uintptr(unsafe.Pointer(v.UnsafeAddr()))+f.Offset)).Elem()
}

// ufWalk formats every field of the addressable struct v, recursively,
// read through ufField.
func ufWalk(sb *strings.Builder, v reflect.Value) {
	for i := range v.NumField() {
		f := ufField(v, v.Type().Field(i))
		if f.Kind() == reflect.Struct {
			ufWalk(sb, f)
			continue
		}
		fmt.Fprintf(sb, "%s=%v ", v.Type().Field(i).Name, f.Interface())
	}
}

// AdjacentFields reads and writes the unexported fields of two
// structs made one after the other (reflect.New, as go-cmp makes a value
// addressable), each through its own address and the field's offset:
// the offset of a late field of the first reaches past where the second
// begins in the interpreter's memory.
func AdjacentFields() string {
	mk := func(n int) reflect.Value {
		v := reflect.New(reflect.TypeFor[ufOuter]()).Elem()
		v.Set(reflect.ValueOf(ufOuter{
			ufInner: ufInner{id: uint64(n), name: fmt.Sprint("in", n), tags: []string{"t"}, when: [3]int64{int64(n), 2, 3}, flag: n%2 == 0, extra: "x"},
			source:  fmt.Sprint("src", n), count: n * 10, label: fmt.Sprint("l", n), tail: [2]string{"a", fmt.Sprint("z", n)},
		}))
		return v
	}
	x, y := mk(1), mk(2)
	var sb strings.Builder
	for _, v := range []reflect.Value{x, y, x} {
		ufWalk(&sb, v)
		sb.WriteString("\n")
	}
	// a write through the last field of each
	for i, v := range []reflect.Value{x, y} {
		f, _ := v.Type().FieldByName("tail")
		ufField(v, f).Index(1).SetString(fmt.Sprint("w", i))
	}
	o := x.Interface().(ufOuter)
	p := y.Interface().(ufOuter)
	fmt.Fprint(&sb, o.tail, p.tail, o.extra, p.when)
	return sb.String()
}
