package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// strHeader and sliceHeader are the layouts of a string and a slice, as
// libraries declare them instead of reflect's deprecated headers.
type strHeader struct {
	data unsafe.Pointer
	len  int
}

type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

// addrHeader reads a string's data pointer as a number.
type addrHeader struct {
	data uintptr
	len  int
}

type namedBytes []byte

// offsetIn is the offset of sub in s, which holds it, by the difference
// of their data pointers (gjson's fillIndex).
func offsetIn(s, sub string) int {
	sh := *(*strHeader)(unsafe.Pointer(&s))
	subh := *(*strHeader)(unsafe.Pointer(&sub))
	return int(uintptr(subh.data) - uintptr(sh.data))
}

// toBytes and toString convert without copying, as gjson's stringBytes
// and bytesString do.
func toBytes(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&sliceHeader{
		data: (*strHeader)(unsafe.Pointer(&s)).data,
		len:  len(s),
		cap:  len(s),
	}))
}

// capBytes converts as msgpack's stringToBytes does: a string and a
// capacity laid out as a slice header.
func capBytes(s string) []byte {
	return *(*[]byte)(unsafe.Pointer(&struct {
		string
		Cap int
	}{s, len(s)}))
}

func toString(b []byte) string {
	return *(*string)(unsafe.Pointer(&b))
}

// copyOut copies a substring through slice headers made from string
// headers (gjson's getBytes).
func copyOut(raw, str string) (string, string) {
	rawhi := *(*strHeader)(unsafe.Pointer(&raw))
	strhi := *(*strHeader)(unsafe.Pointer(&str))
	rawh := sliceHeader{data: rawhi.data, len: rawhi.len, cap: rawhi.len}
	strh := sliceHeader{data: strhi.data, len: strhi.len, cap: rawhi.len}
	if strh.data == nil || rawh.data == nil {
		return "", ""
	}
	if uintptr(strh.data) >= uintptr(rawh.data) && uintptr(strh.data)+uintptr(strh.len) <= uintptr(rawh.data)+uintptr(rawh.len) {
		start := uintptr(strh.data) - uintptr(rawh.data)
		r := string(*(*[]byte)(unsafe.Pointer(&rawh)))
		return r, r[start : start+uintptr(strh.len)]
	}
	return string(*(*[]byte)(unsafe.Pointer(&rawh))), string(*(*[]byte)(unsafe.Pointer(&strh)))
}

// Unsafe runs the layout-defined idioms of package unsafe: strings and
// slices read through header structs and built from them, a []byte read
// as a string, substring offsets from pointer differences, and
// unsafe.String, StringData, Slice, SliceData and Add, with their panics.
func Unsafe() string {
	var out []string
	doc := `{"name":"gjson","tags":["a","bb"],"n":12}`
	for _, key := range []string{`"name"`, `"bb"`, `12`, `}`} {
		i := strings.Index(doc, key)
		sub := doc[i : i+len(key)]
		out = append(out, fmt.Sprint(key, offsetIn(doc, sub), offsetIn(doc, doc[i:]), offsetIn(sub, sub)))
	}
	out = append(out, fmt.Sprint(offsetIn(doc, doc[len(doc):]) >= 0))

	b := toBytes(doc[1:7])
	out = append(out, fmt.Sprint(len(b), cap(b), string(b), b[0]))
	b = capBytes(doc[2:6])
	out = append(out, fmt.Sprint(len(b), cap(b), string(b), b[3], len(capBytes(""))))
	w := []byte("hello, world")
	s := toString(w[7:])
	out = append(out, s, toString(nil), fmt.Sprint(len(toString(w[:0]))))

	raw := doc[8:30]
	r1, r2 := copyOut(raw, raw[3:9])
	r3, r4 := copyOut(raw, "elsewhere")
	r5, r6 := copyOut("", raw)
	out = append(out, r1, r2, r3, r4, r5+"|"+r6)

	// Header views of a slice: its length and capacity, and a string view
	// of its first two words.
	xs := make([]byte, 3, 10)
	copy(xs, "xyz")
	xh := *(*sliceHeader)(unsafe.Pointer(&xs))
	out = append(out, fmt.Sprint(xh.len, xh.cap, xh.data != nil, *(*string)(unsafe.Pointer(&xs))))
	sh := *(*strHeader)(unsafe.Pointer(&xs))
	out = append(out, fmt.Sprint(sh.len))
	var nilBytes []byte
	nh := *(*sliceHeader)(unsafe.Pointer(&nilBytes))
	out = append(out, fmt.Sprint(nh.data == nil, nh.len, nh.cap))
	// A header with a uintptr data field: the same address.
	ah := *(*addrHeader)(unsafe.Pointer(&doc))
	out = append(out, fmt.Sprint(ah.len, ah.data == uintptr((*strHeader)(unsafe.Pointer(&doc)).data)))
	// A slice built from a slice's own header shares its elements.
	xh.len = 5
	ys := *(*[]byte)(unsafe.Pointer(&xh))
	ys[4] = '!'
	xs = xs[:5]
	out = append(out, fmt.Sprint(len(ys), cap(ys), xs[4] == '!', string(ys[:3])))

	// A pointer converted to a pointer of an identical underlying type
	// shares the variable.
	nb := namedBytes("abc")
	p := (*[]byte)(unsafe.Pointer(&nb))
	(*p)[0] = 'X'
	*p = append(*p, 'd')
	out = append(out, string(nb))
	n := 41
	ip := (*int)(unsafe.Pointer(&n))
	*ip++
	out = append(out, fmt.Sprint(n, unsafe.Pointer(&n) == unsafe.Pointer(ip)))

	// unsafe.String, StringData, Slice, SliceData, Add.
	data := []byte("abcdef")
	out = append(out, unsafe.String(unsafe.SliceData(data), len(data)), unsafe.String(unsafe.SliceData(data[2:]), 3))
	out = append(out, unsafe.String(unsafe.StringData(doc[2:]), 4), unsafe.String(nil, 0))
	out = append(out, fmt.Sprint(unsafe.StringData("") == nil || true))
	nums := []int{10, 20, 30, 40}
	view := unsafe.Slice(unsafe.SliceData(nums[1:]), 2)
	view[1] = 33
	out = append(out, fmt.Sprint(nums, len(view), cap(view)))
	one := unsafe.Slice(&n, 1)
	one[0] = 7
	out = append(out, fmt.Sprint(n, len(unsafe.Slice((*int)(nil), 0)), unsafe.Slice((*int)(nil), 0) == nil))
	base := unsafe.Pointer(unsafe.SliceData(nums))
	third := (*int)(unsafe.Add(base, 2*unsafe.Sizeof(nums[0])))
	*third = 300
	out = append(out, fmt.Sprint(nums, uintptr(unsafe.Add(base, 3*unsafe.Sizeof(nums[0])))-uintptr(base)))
	out = append(out, fmt.Sprint(unsafe.SliceData([]int(nil)) == nil, unsafe.SliceData(nums[:0]) != nil))
	out = append(out, recovered(func() { unsafeString(nil, 1) }))
	out = append(out, recovered(func() { unsafeSlice(nil, 2) }))
	out = append(out, recovered(func() { unsafeSlice(&n, -1) }))
	out = append(out, recovered(func() { unsafeString(unsafe.SliceData(data), -1) }))
	check(offsetIn(doc, doc[5:]) == 5, "substring offset")
	check(toString(toBytes(doc)) == doc, "round trip")
	return strings.Join(out, "\n")
}

// unsafeSlice and unsafeString call unsafe.Slice and unsafe.String with
// arguments that make them panic. Under -race (checkptr) the compiler
// calls checking variants in the runtime, from which the panic is a
// fatal error, not one recover sees; go:nocheckptr keeps the plain
// calls, so the native program panics as the spec says.
//
//go:nocheckptr
func unsafeSlice(p *int, n int) { _ = unsafe.Slice(p, n) }

//go:nocheckptr
func unsafeString(p *byte, n int) { _ = unsafe.String(p, n) }

type uPair struct {
	a int16
	b [2]int64
	c string
}

// UnsafeAddrs takes variables' addresses as uintptrs and back, with a
// field's offset added, as go-cmp and reflect.NewAt users do.
func UnsafeAddrs() string {
	x := 5
	*(*int)(unsafe.Pointer(uintptr(unsafe.Pointer(&x)))) = 6
	p := uPair{a: 1, b: [2]int64{2, 3}, c: "c"}
	*(*int64)(unsafe.Pointer(uintptr(unsafe.Pointer(&p)) + unsafe.Offsetof(p.b) + 8)) = 30
	*(*string)(unsafe.Pointer(uintptr(unsafe.Pointer(&p)) + unsafe.Offsetof(p.c))) = "cc"
	v := reflect.ValueOf(&p).Elem()
	f := v.Type().Field(0)
	a := reflect.NewAt(f.Type, unsafe.Pointer(uintptr(unsafe.Pointer(v.UnsafeAddr()))+f.Offset)).Elem()
	a.SetInt(11)
	c := reflect.NewAt(v.Type().Field(2).Type, unsafe.Pointer(uintptr(unsafe.Pointer(v.UnsafeAddr()))+v.Type().Field(2).Offset)).Elem()
	same := reflect.ValueOf(&p).Pointer() == uintptr(unsafe.Pointer(&p))
	m := map[int]int{}
	return fmt.Sprint(x, p.a, p.b, p.c, c.Interface(), same, reflect.ValueOf(m).Pointer() == reflect.ValueOf(m).Pointer(), unsafe.Pointer(reflect.ValueOf(m).Pointer()) != nil)
}
