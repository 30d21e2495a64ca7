package corpus

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"unsafe"
)

// ReflectKeys keys a map by reflect.Value, as a command-line parser's
// registry of per-field decoders does: the Value of a variable or field
// reached by its address (reflect.ValueOf(&s.F).Elem()) and the same
// field reached through its struct (Elem().Field(i), reflect.Indirect,
// FieldByName, an array's Index) are == and find one entry; Values of
// different fields, and a copy's, do not.
func ReflectKeys() string {
	type inner struct{ D []int }
	var s struct {
		A string
		B int
		C inner
		E [2]bool
	}
	m := map[reflect.Value]string{}
	m[reflect.ValueOf(&s.A).Elem()] = "A"
	m[reflect.ValueOf(&s.B).Elem()] = "B"
	m[reflect.ValueOf(&s.C.D).Elem()] = "C.D"
	m[reflect.ValueOf(&s.E[1]).Elem()] = "E[1]"
	var grammar any = &s
	v := reflect.Indirect(reflect.ValueOf(grammar))
	var out []string
	for _, f := range []reflect.Value{
		v.Field(0), v.FieldByName("B"), v.Field(2).Field(0), v.Field(3).Index(1),
		v.Field(3).Index(0), reflect.ValueOf(s).Field(0),
	} {
		got, ok := m[f]
		out = append(out, fmt.Sprintf("%s %v %q", f.Type(), ok, got))
	}
	out = append(out, fmt.Sprint(
		reflect.ValueOf(&s.A).Elem() == v.Field(0),
		v.Field(0) == v.Field(1),
		reflect.ValueOf(&s) == reflect.ValueOf(grammar),
		reflect.ValueOf(&s).Elem() == v,
	))
	type holder struct{ v reflect.Value }
	hs := []holder{{v.Field(1)}}
	_, ok := m[hs[0].v]
	out = append(out, fmt.Sprint(ok, len(m)))
	return strings.Join(out, "\n")
}

// ReflectNewAtNative reads an unexported field of a value that lives
// natively through reflect.NewAt of its address, as printers and
// comparers do (repr, go-cmp): the field's type is one the program
// cannot name (regexp's *onePassProg), and the Value NewAt gives is the
// field itself, readable through Interface.
func ReflectNewAtNative() string {
	re := regexp.MustCompile("^ab$")
	var out []string
	for _, name := range []string{"onepass", "numSubexp", "expr"} {
		f := reflect.ValueOf(re).Elem().FieldByName(name)
		u := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
		out = append(out, fmt.Sprint(f.Type(), f.CanInterface(), u.CanInterface(), u.Kind()))
		if u.Kind() != reflect.Pointer {
			out = append(out, fmt.Sprint(u.Interface()))
		}
	}
	return strings.Join(out, "\n")
}
