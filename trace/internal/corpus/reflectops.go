package corpus

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// rInner is a struct reached through pointers, interfaces and fields.
type rInner struct {
	Name string
	N    int32
	Vals []uint8
}

// Double is a method reflection finds and calls.
func (in rInner) Double() int32 { return in.N * 2 }

// Label is a method of the pointer type.
func (in *rInner) Label() string { return in.Name + "#" + strconv.Itoa(int(in.N)) }

// rRoot is what ReflectOps walks.
type rRoot struct {
	I   int
	S   string
	B   bool
	F   float64
	U   uint16
	Xs  []int
	M   map[string]int
	P   *rInner
	A   [3]int8
	E   any
	N   rInner
	Sl  []rInner
	un  int
	Fn  func(int) int
	Str fmt.Stringer
}

// ReflectOps runs ops, a program of reflect operations, over a fixed
// value: each byte chooses an operation (its value mod 12) and an
// argument (the rest). It returns what the operations observed and the
// value at the end. The fuzz target FuzzReflectDifferential runs it
// natively and interpreted.
func ReflectOps(ops []byte) string {
	root := rRoot{I: 3, S: "s", Xs: []int{1, 2}, M: map[string]int{"a": 1}, P: &rInner{Name: "p", N: 4}, E: rInner{Name: "e"},
		Sl: []rInner{{Name: "x"}}, un: 9, Fn: func(x int) int { return x + 1 }, Str: rCelsius(1.5)}
	var sb strings.Builder
	top := reflect.ValueOf(&root).Elem()
	cur := top
	for i, b := range ops {
		if i >= 64 {
			break
		}
		op, arg := int(b%12), int(b/12)
		func() {
			defer func() {
				if x := recover(); x != nil {
					sb.WriteString("panic;")
				}
			}()
			cur = reflectOp(&sb, top, cur, op, arg)
		}()
	}
	keys := make([]string, 0, len(root.M))
	for k := range root.M {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprint(&sb, "|", root.I, root.S, root.B, root.F, root.U, root.Xs, len(root.Xs), keys, root.A, root.E, root.N, root.Sl, root.un, root.P != nil, root.Str)
	for _, k := range keys {
		fmt.Fprint(&sb, k, "=", root.M[k], " ")
	}
	if root.P != nil {
		fmt.Fprint(&sb, *root.P)
	}
	if root.Fn != nil {
		fmt.Fprint(&sb, root.Fn(2))
	}
	return sb.String()
}

func reflectOp(sb *strings.Builder, top, cur reflect.Value, op, arg int) reflect.Value {
	if !cur.IsValid() {
		cur = top
	}
	switch op {
	case 0:
		return top
	case 1:
		if cur.Kind() == reflect.Struct && cur.NumField() > 0 {
			return cur.Field(arg % cur.NumField())
		}
	case 2:
		if (cur.Kind() == reflect.Pointer || cur.Kind() == reflect.Interface) && !cur.IsNil() {
			return cur.Elem()
		}
	case 3:
		switch cur.Kind() {
		case reflect.Slice, reflect.Array, reflect.String:
			if cur.Len() > 0 {
				return cur.Index(arg % cur.Len())
			}
		}
	case 4:
		if cur.Kind() == reflect.Map && cur.Len() > 0 {
			keys := cur.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
			return cur.MapIndex(keys[arg%len(keys)])
		}
	case 5:
		if cur.CanSet() {
			fill(cur, arg)
		}
	case 6:
		fmt.Fprint(sb, cur.Kind(), " ", cur.Type(), " ", cur.CanSet(), cur.CanAddr(), cur.IsZero(), cur.CanInterface(), ";")
		if cur.CanInterface() && printable(cur.Type(), 0) {
			fmt.Fprintf(sb, "%v;", cur.Interface())
		}
	case 7:
		f := reflect.TypeOf(0.0)
		if cur.Type().ConvertibleTo(f) && cur.Kind() != reflect.String {
			fmt.Fprint(sb, cur.Convert(f).Float(), ";")
		}
		if cur.Kind() == reflect.String {
			fmt.Fprint(sb, cur.Convert(reflect.TypeOf([]byte(nil))).Len(), ";")
		}
	case 8:
		switch cur.Kind() {
		case reflect.Slice:
			fmt.Fprint(sb, cur.Len(), cur.Cap() >= cur.Len(), cur.IsNil(), ";")
		case reflect.Map, reflect.String, reflect.Array:
			fmt.Fprint(sb, cur.Len(), ";")
		}
	case 9:
		if cur.NumMethod() > 0 {
			m := cur.Method(arg % cur.NumMethod())
			if m.Type().NumIn() == 0 {
				fmt.Fprint(sb, m.Call(nil)[0], ";")
			}
		}
	case 10:
		if cur.Kind() == reflect.Func && !cur.IsNil() {
			fmt.Fprint(sb, cur.Call([]reflect.Value{reflect.ValueOf(arg)})[0].Int(), ";")
		}
		if cur.Kind() == reflect.Struct {
			t := cur.Type()
			f := t.Field(arg % t.NumField())
			fmt.Fprint(sb, f.Name, f.Type, f.IsExported(), f.Index, ";")
		}
	case 11:
		if cur.CanAddr() {
			return cur.Addr()
		}
	}
	return cur
}

// fill sets the settable v from arg, by its kind.
func fill(v reflect.Value, arg int) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(arg*37 - 200))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(arg * 4099))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(arg) / 3)
	case reflect.String:
		v.SetString(strconv.Itoa(arg))
	case reflect.Bool:
		v.SetBool(arg%2 == 0)
	case reflect.Slice:
		if arg%3 == 0 && v.Len() > 0 {
			v.SetLen(v.Len() - 1)
			return
		}
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, arg)
		v.Set(reflect.Append(v, e))
	case reflect.Map:
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		k := reflect.New(v.Type().Key()).Elem()
		fill(k, arg%5)
		e := reflect.New(v.Type().Elem()).Elem()
		fill(e, arg)
		if arg%4 == 1 {
			v.SetMapIndex(k, reflect.Value{})
		} else {
			v.SetMapIndex(k, e)
		}
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		} else {
			v.Set(reflect.Zero(v.Type()))
		}
	case reflect.Interface:
		if arg%2 == 0 {
			v.Set(reflect.ValueOf(arg))
		} else {
			v.Set(reflect.Zero(v.Type()))
		}
	case reflect.Struct:
		v.Set(reflect.Zero(v.Type()))
	case reflect.Array:
		if v.Len() > 0 {
			fill(v.Index(arg%v.Len()), arg)
		}
	}
}

// printable reports whether fmt prints values of t the same in every run
// (no pointers, funcs or interfaces inside).
func printable(t reflect.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Interface, reflect.Chan, reflect.UnsafePointer, reflect.Uintptr:
		return false
	case reflect.Slice, reflect.Array:
		return printable(t.Elem(), depth+1)
	case reflect.Map:
		return printable(t.Key(), depth+1) && printable(t.Elem(), depth+1)
	case reflect.Struct:
		for i := range t.NumField() {
			if !printable(t.Field(i).Type, depth+1) {
				return false
			}
		}
	}
	return true
}
