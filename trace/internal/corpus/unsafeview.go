package corpus

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"
)

// s2b builds a []byte over a string's bytes by writing a slice header
// from the string's header (fastjson's s2b).
//
//lint:ignore SA1019 the deprecated headers are the idiom under test
func s2b(s string) (b []byte) {
	strh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	sh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
	sh.Data = strh.Data
	sh.Len = strh.Len
	sh.Cap = strh.Len
	return b
}

// b2sHeader builds a string over a []byte's bytes by writing a string
// header from the slice's.
func b2sHeader(b []byte) (s string) {
	bh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
	sh := (*reflect.StringHeader)(unsafe.Pointer(&s))
	sh.Data = bh.Data
	sh.Len = bh.Len
	return s
}

// truncate shortens a string by writing its header's length.
func truncate(s string, n int) string {
	h := (*strHeader)(unsafe.Pointer(&s))
	h.len = n
	return s
}

// reslice grows a slice's length within its capacity through its header,
// then reads the header again after an ordinary assignment.
func reslice(b []byte, n int) (int, int, string) {
	h := (*sliceHeader)(unsafe.Pointer(&b))
	h.len = n
	first := string(b)
	b = b[:1]
	return h.len, h.cap, first + "|" + string(b)
}

// UnsafeViews runs the header idioms that write through the view: a
// []byte or a string built by storing into its header's fields, from
// another's header (reflect.SliceHeader and StringHeader, or a library's
// own header structs), and a header's length changed in place.
func UnsafeViews() string {
	var out []string
	doc := `{"a":[1,2,3],"b":"fastjson"}`
	for _, s := range []string{doc, doc[5:12], "", "x", doc[3:3], doc[len(doc):]} {
		b := s2b(s)
		out = append(out, fmt.Sprint(len(b), cap(b), string(b) == s, b == nil))
	}
	b := s2b(doc)
	out = append(out, string(b[1:4]), fmt.Sprint(b[len(b)-1]))
	w := []byte("hello, world")
	out = append(out, b2sHeader(w), b2sHeader(w[7:]), fmt.Sprint(len(b2sHeader(nil)), len(b2sHeader(w[3:3]))))
	out = append(out, truncate(doc, 4), truncate(doc[2:], 3), fmt.Sprint(len(truncate(doc, 0))))
	buf := make([]byte, 3, 8)
	copy(buf[:8], "abcdefgh")
	n, c, s := reslice(buf, 6)
	out = append(out, fmt.Sprint(n, c, s))
	for i := range 3 {
		out = append(out, string(s2b(doc[i:i+3])))
	}
	return strings.Join(out, "\n")
}
