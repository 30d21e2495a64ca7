package interp

import (
	"strings"
	"testing"
)

// A printer that walks every field of a value (alecthomas/repr, which
// kong's assertions use on a whole *kong.Kong) reaches the reflect.Types
// and reflect.Values the value holds, and through unsafe their
// unexported fields.
const opaqueSrc = `package walk

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

type Node struct {
	Name   string
	Type   reflect.Type
	Target reflect.Value
	Next   *Node
}

func walk(v reflect.Value, depth int, out *[]string) {
	if depth > 8 || len(*out) > 200 {
		*out = append(*out, "too deep")
		return
	}
	if !v.CanInterface() && v.CanAddr() {
		if u := reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem(); u.CanInterface() {
			v = u
		}
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			*out = append(*out, "nil")
			return
		}
		walk(v.Elem(), depth+1, out)
	case reflect.Struct:
		*out = append(*out, fmt.Sprintf("%s{%d}", v.Type(), v.NumField()))
		for i := range v.NumField() {
			*out = append(*out, v.Type().Field(i).Name)
			walk(v.Field(i), depth+1, out)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			walk(v.MapIndex(k), depth+1, out)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walk(v.Index(i), depth+1, out)
		}
	default:
		*out = append(*out, v.Kind().String())
	}
}

func Walk() string {
	x := 3
	n := &Node{Name: "a", Type: reflect.TypeOf(x), Target: reflect.ValueOf(&x).Elem(), Next: &Node{Name: "b"}}
	var out []string
	walk(reflect.ValueOf(n), 0, &out)
	flag := reflect.ValueOf(n.Target).FieldByName("flag")
	return strings.Join(out, " ") + fmt.Sprintf(" | flag %d", flag.Uint())
}
`

// TestReflectOpaque: walking a reflect.Type and a reflect.Value field by
// field ends at once: a reflect.Value shows gc's three fields (the flag
// word gc's reflect would hold, the others zero), the type behind a
// reflect.Type no fields, and nothing of the interpreter's own state.
func TestReflectOpaque(t *testing.T) {
	p := loadSource(t, "walk", opaqueSrc)
	res, err := p.Run(bgContext, p.Func("walk", "Walk"), nil, &RunOptions{NoTrace: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != Returned {
		t.Fatalf("outcome %v: %v", res.Outcome, res.Panic)
	}
	got := res.Returns[0].Str()
	t.Log(got)
	for _, want := range []string{"walk.Node{4}", "reflect.Value{3} typ_ nil ptr unsafe.Pointer flag uintptr", "| flag 386"} {
		if !strings.Contains(got, want) {
			t.Errorf("walk: %s\nwant it to hold %q", got, want)
		}
	}
	for _, internal := range []string{"too deep", "Program", "cell", "ssa"} {
		if strings.Contains(got, internal) {
			t.Errorf("walk: %s\nholds %q: the interpreter's own state", got, internal)
		}
	}
}
