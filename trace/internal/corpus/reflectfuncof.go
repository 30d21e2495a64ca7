package corpus

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// ReflectFuncOf: func types built at run time by reflect.FuncOf, as an
// expression checker builds a predicate's type: their methods, their
// identity with the types of declared functions, assignability, values of
// them, and FuncOf's panics.

type rfNamed func(int, ...string) (string, error)

func rfJoin(n int, parts ...string) (string, error) {
	if n < 0 {
		return "", errors.New("negative")
	}
	return strings.Repeat(strings.Join(parts, "+"), n), nil
}

func rfPanic(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return "no panic"
}

func ReflectFuncOf() string {
	var sb strings.Builder
	intT, strT, anyT := reflect.TypeFor[int](), reflect.TypeFor[string](), reflect.TypeFor[any]()
	errT := reflect.TypeFor[error]()
	ft := reflect.FuncOf([]reflect.Type{intT, reflect.SliceOf(strT)}, []reflect.Type{strT, errT}, true)
	fmt.Fprintln(&sb, ft, ft.Kind(), ft.Name() == "", ft.NumIn(), ft.NumOut(), ft.In(1), ft.Out(1), ft.IsVariadic())
	check(ft == reflect.TypeOf(rfJoin), "FuncOf gives the type of a declared function of that signature")
	check(ft == reflect.FuncOf([]reflect.Type{intT, reflect.SliceOf(strT)}, []reflect.Type{strT, errT}, true), "FuncOf is canonical")
	fixed := reflect.FuncOf([]reflect.Type{intT, reflect.SliceOf(strT)}, []reflect.Type{strT, errT}, false)
	check(ft != fixed, "variadic is part of the type")
	fmt.Fprintln(&sb, fixed, fixed.IsVariadic())

	pred := reflect.FuncOf([]reflect.Type{anyT}, []reflect.Type{reflect.TypeFor[bool]()}, false)
	unknown := reflect.FuncOf([]reflect.Type{anyT}, nil, false)
	fmt.Fprintln(&sb, pred, unknown, unknown.NumOut(), reflect.FuncOf(nil, nil, false))
	named := reflect.TypeFor[rfNamed]()
	fmt.Fprintln(&sb, named.ConvertibleTo(ft), ft.AssignableTo(named), named.AssignableTo(ft),
		ft.ConvertibleTo(pred), pred.AssignableTo(anyT), pred.Comparable())

	// Values of a built type: a variable of it, set and called.
	v := reflect.New(ft).Elem()
	fmt.Fprintln(&sb, v.IsNil(), v.Type() == ft, reflect.Zero(pred).IsNil())
	v.Set(reflect.ValueOf(rfJoin))
	out := v.Call([]reflect.Value{reflect.ValueOf(2), reflect.ValueOf("a"), reflect.ValueOf("b")})
	fmt.Fprintln(&sb, out[0], out[1].IsNil())
	out = v.Call([]reflect.Value{reflect.ValueOf(-1)})
	fmt.Fprintln(&sb, out[0], out[1])
	fn := v.Interface().(func(int, ...string) (string, error))
	s, err := fn(1, "x", "y", "z")
	fmt.Fprintln(&sb, s, err)

	// Built types inside other built types.
	fmt.Fprintln(&sb, reflect.MapOf(strT, ft), reflect.SliceOf(pred), reflect.PointerTo(unknown).Elem() == unknown,
		reflect.FuncOf([]reflect.Type{pred}, []reflect.Type{ft}, false))

	fmt.Fprintln(&sb, rfPanic(func() { reflect.FuncOf([]reflect.Type{intT}, nil, true) }))
	fmt.Fprintln(&sb, rfPanic(func() { reflect.FuncOf(nil, nil, true) }))
	fmt.Fprintln(&sb, rfPanic(func() { reflect.FuncOf(make([]reflect.Type, 129), nil, false) }))
	return sb.String()
}
