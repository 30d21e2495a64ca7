package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// rvFlag is the type of reflect.Value's flag field, as go-spew declares
// it.
type rvFlag uintptr

// rvFlagOffset is the offset of reflect.Value's flag field.
func rvFlagOffset() uintptr {
	f, ok := reflect.TypeOf(reflect.Value{}).FieldByName("flag")
	if !ok {
		panic("reflect.Value has no flag field")
	}
	return f.Offset
}

// rvFlagAt is go-spew's flagField: a pointer to v's flag word.
func rvFlagAt(v *reflect.Value, off uintptr) *rvFlag {
	return (*rvFlag)(unsafe.Pointer(uintptr(unsafe.Pointer(v)) + off))
}

type flagSecret struct{ n int }

func (s flagSecret) String() string { return fmt.Sprintf("secret%d", s.n) }

type flagPSecret struct{ n int }

func (s *flagPSecret) String() string { return fmt.Sprintf("psecret%d", s.n) }

type flagHolder struct {
	s   flagSecret
	p   flagPSecret
	m   map[string]int
	bs  []byte
	ptr *int
	Pub flagSecret
	flagSecret
}

type flagOne struct{ m map[string]int }

// ReflectFlag runs go-spew's bypass (bypass.go): the flag word of a
// reflect.Value found by its field's offset and reached through the
// variable's address as a uintptr, its read-only and addressable bits
// inferred as spew's init does, cleared and set to read unexported
// fields through Interface and their pointer methods through Addr, and
// the kind bits changed (spew's test of kinds reflect may add).
func ReflectFlag() string {
	var out []string
	off := rvFlagOffset()
	type t0 int
	var t struct {
		A t0
		t0
		a t0
	}
	vA := reflect.ValueOf(t).FieldByName("A")
	va := reflect.ValueOf(t).FieldByName("a")
	vt0 := reflect.ValueOf(t).FieldByName("t0")
	ro := *rvFlagAt(&vA, off) ^ (*rvFlagAt(&va, off) | *rvFlagAt(&vt0, off))
	vPtrA := reflect.ValueOf(&t).Elem().FieldByName("A")
	addr := *rvFlagAt(&vA, off) ^ *rvFlagAt(&vPtrA, off)
	out = append(out, fmt.Sprint("ro ", ro, " addr ", addr))

	// The words of Values of direct and indirect kinds, addressable or
	// not, of fields of a struct held directly and indirectly.
	n := 3
	words := []reflect.Value{
		reflect.ValueOf(1), reflect.ValueOf("s"), reflect.ValueOf(&n), reflect.ValueOf(&n).Elem(),
		va, vt0, reflect.ValueOf(map[int]int{}), reflect.ValueOf([]int{1}), reflect.ValueOf([]int{1}).Index(0),
		reflect.ValueOf(flagHolder{}).Field(2), reflect.ValueOf(flagOne{}).Field(0), reflect.ValueOf([1]*int{}).Index(0),
		reflect.ValueOf([2]*int{}).Index(1), reflect.ValueOf(flagHolder{}),
	}
	for _, v := range words {
		out = append(out, fmt.Sprint(v.Kind(), " ", *rvFlagAt(&v, off)))
	}

	bypass := func(v reflect.Value) reflect.Value {
		if !v.IsValid() || (v.CanInterface() && v.CanAddr()) {
			return v
		}
		f := rvFlagAt(&v, off)
		*f &^= ro
		*f |= addr
		return v
	}
	x := 7
	h := flagHolder{s: flagSecret{1}, p: flagPSecret{2}, m: map[string]int{"k": 3}, bs: []byte("bytes"), ptr: &x, Pub: flagSecret{4}, flagSecret: flagSecret{5}}
	for _, hv := range []reflect.Value{reflect.ValueOf(h), reflect.ValueOf(&h).Elem()} {
		for i := range hv.NumField() {
			fv := hv.Field(i)
			before := fmt.Sprint(fv.CanInterface(), fv.CanAddr())
			bv := bypass(fv)
			line := fmt.Sprint(hv.Type().Field(i).Name, " ", before, " ", bv.CanInterface(), bv.CanAddr(), bv.CanSet(), " ", *rvFlagAt(&bv, off), " ", fv.CanInterface())
			switch s := bv.Addr().Interface().(type) {
			case fmt.Stringer:
				line += " " + s.String()
			default:
				line += " " + fmt.Sprint(reflect.Indirect(reflect.ValueOf(s)).Kind())
			}
			switch v := bv.Interface().(type) {
			case map[string]int:
				line += fmt.Sprint(" ", v["k"])
			case []byte:
				line += " " + string(v)
			case *int:
				line += fmt.Sprint(" ", *v)
			default:
				line += fmt.Sprint(" ", v)
			}
			out = append(out, line)
		}
	}
	// Bytes of an unexported []byte field, as spew's hex dump reads them.
	bs := bypass(reflect.ValueOf(h).Field(3)).Slice(0, 3).Interface().([]byte)
	out = append(out, string(bs))
	// Through an addressable field the pointer method changes the
	// variable itself.
	bypass(reflect.ValueOf(&h).Elem().Field(1)).Addr().Interface().(*flagPSecret).n = 20
	bypass(reflect.ValueOf(&h).Elem().Field(0)).Set(reflect.ValueOf(flagSecret{10}))
	out = append(out, fmt.Sprint(h.p.n, h.s.n))

	// A copy made before the word changed keeps its flags.
	w := va
	b := bypass(va)
	out = append(out, fmt.Sprint(w.CanInterface(), b.CanInterface(), va.CanInterface()))

	// The kind bits: all set, as spew's TestAddedReflectValue does, with
	// and without the read-only bits.
	k := reflect.ValueOf(int8(5))
	kf := rvFlagAt(&k, off)
	*kf |= 0x1f
	out = append(out, fmt.Sprint(k.Kind(), " ", k.Type(), " ", k.String(), " ", k.CanInterface(), " ", k.Interface()))
	*rvFlagAt(&k, off) |= ro
	out = append(out, fmt.Sprint(k.Kind(), " ", k.String(), " ", k.CanInterface()))
	*rvFlagAt(&k, off) &^= 0x1f | ro
	*rvFlagAt(&k, off) |= rvFlag(reflect.Int8)
	out = append(out, fmt.Sprint(k.Kind(), " ", k.Int(), " ", k.CanInterface()))
	check(ro == 1<<5|1<<6 && addr == 1<<8, "spew's flags")
	return strings.Join(out, "\n")
}
