package corpus

import (
	"fmt"
	"reflect"
	"strings"
)

// fmtPoint formats itself (fmt.Formatter) by verb and flags.
type fmtPoint struct{ X, Y int }

func (p fmtPoint) Format(s fmt.State, verb rune) {
	switch {
	case verb == 'v' && s.Flag('+'):
		fmt.Fprintf(s, "Point{x=%d, y=%d}", p.X, p.Y)
	case verb == 'd':
		w, ok := s.Width()
		fmt.Fprintf(s, "%d,%d(w=%d %v)", p.X, p.Y, w, ok)
	default:
		fmt.Fprintf(s, "(%d %d)", p.X, p.Y)
	}
}

// fmtPC is a named integer that formats itself, like pkg/errors' Frame.
type fmtPC uintptr

func (f fmtPC) Format(s fmt.State, verb rune) {
	if verb == 's' {
		s.Write([]byte("pc#" + fmt.Sprint(uintptr(f))))
		return
	}
	fmt.Fprintf(s, "%d", uintptr(f)*10)
}

// fmtBad panics while formatting.
type fmtBad struct{}

func (fmtBad) Format(s fmt.State, verb rune) { panic("no format") }

// fmtGo has a GoString method.
type fmtGo int

func (g fmtGo) GoString() string { return fmt.Sprintf("fmtGo(%d)", int(g)) }

// fmtFields holds formatting fields, exported or not: fmt calls their
// methods under %#v only when exported (reflect's CanInterface).
type fmtFields struct {
	P fmtPoint
	p fmtPoint
	G fmtGo
	g fmtGo
	S []fmtPoint
	s []fmtGo
}

// Formatter formats values whose types implement fmt.Formatter, with
// several verbs and flags, inside slices, pointers and interfaces, and
// one whose Format panics.
func Formatter() string {
	var out []string
	p := fmtPoint{1, 2}
	out = append(out, fmt.Sprintf("%v|%+v|%5d|%s|%x", p, p, p, p, p))
	out = append(out, fmt.Sprintf("%v|%v|%s", []fmtPoint{{3, 4}}, &p, any(p)))
	var pc fmtPC = 7
	out = append(out, fmt.Sprintf("%s|%v|%d|%v", pc, pc, pc, []fmtPC{1, 2}))
	out = append(out, fmt.Sprint(fmtBad{}), fmt.Sprintf("%d", fmtBad{}))
	ff := fmtFields{P: fmtPoint{1, 2}, p: fmtPoint{3, 4}, G: 5, g: 6, S: []fmtPoint{{7, 8}}, s: []fmtGo{9}}
	out = append(out, fmt.Sprintf("%#v", ff), fmt.Sprintf("%#v", []fmtFields{ff}), fmt.Sprintf("%+v|%v", ff, &ff))
	return strings.Join(out, "\n")
}

// fmtNilStringer, fmtNilFormat and fmtNilError have methods on a
// pointer receiver that do not guard against a nil one.
type (
	fmtNilStringer struct{ s string }
	fmtNilFormat   struct{ n int }
	fmtNilError    struct{ msg string }
)

func (r *fmtNilStringer) String() string              { return r.s }
func (r *fmtNilFormat) Format(s fmt.State, verb rune) { fmt.Fprintf(s, "%d", r.n) }
func (e *fmtNilError) Error() string                  { return e.msg }

// fmtNilMap's String panics on a nil map, which is no pointer.
type fmtNilMap map[string]int

func (m fmtNilMap) String() string {
	if m == nil {
		panic("nil map")
	}
	return "m"
}

// FmtNilReceiver formats nil pointers whose String, Format and Error
// methods panic on them, as fmt prints them ("<nil>", whatever the
// directive's width and precision), in slices too, beside a non-pointer whose
// method panics (fmt prints the panic); and nil pointers, funcs and
// channels without methods, alone, in structs and in a reflect.Value
// (gorilla/schema's error message names a nil func field so).
func FmtNilReceiver() string {
	var r *fmtNilStringer
	var f *fmtNilFormat
	var e *fmtNilError
	var err error = e
	var m fmtNilMap
	var nilFunc, nilFuncInt any = (func())(nil), (func(int))(nil)
	return strings.Join([]string{
		fmt.Sprintf("%v|%s|%6v|%-6s|%.2v|%q", r, r, r, r, r, r),
		fmt.Sprintf("%v|%d|%x|%+v", f, f, f, f),
		fmt.Sprintf("%v|%s|%v", err, e, fmt.Errorf("wrapped: %w", err)),
		fmt.Sprint(m),
		fmt.Sprintf("%v|%s", []*fmtNilStringer{nil, {"a"}}, []*fmtNilFormat{{1}, nil}),
		fmt.Sprintf("%v|%6v|%-6v|%d|%x", nilFunc, (chan int)(nil), (*int)(nil), (*int)(nil), nilFuncInt),
		fmt.Sprintf("%v|%+v|%v", struct{ F func() }{}, struct{ C chan bool }{}, reflect.ValueOf(struct{ F func() }{}).Field(0)),
	}, "\n")
}

// TypeNames formats types as reflect names them (%T), with byte and rune
// spelled uint8 and int32, as subtest names built with %T show them.
func TypeNames() string {
	type rec struct {
		B byte
		R []rune
	}
	var a any = []byte("x")
	return fmt.Sprintf("%T|%T|%T|%T|%T|%T|%T|%T", a, []rune{}, byte(1), 'r', map[string][]byte{}, rec{}, func(rune) byte { return 0 }, [2]byte{})
}

type verbNode struct{ next *verbNode }

// PointerVerbs formats references with %p, with its flags, and checks
// that the address is the one reflect.Value.Pointer gives (go-spew's
// tests compare the two).
func PointerVerbs() string {
	n := &verbNode{}
	var none *verbNode
	s := []int{1, 2}
	m := map[string]int{}
	ch := make(chan int)
	same := func(x any) bool {
		return fmt.Sprintf("%p", x) == fmt.Sprintf("0x%x", reflect.ValueOf(x).Pointer())
	}
	out := []string{
		fmt.Sprint(same(n), same(s), same(m), same(ch), same(&s[1])),
		fmt.Sprintf("%p %p", none, []int(nil)),
		fmt.Sprint(fmt.Sprintf("%#p", n) == strings.TrimPrefix(fmt.Sprintf("%p", n), "0x")),
		fmt.Sprint(len(fmt.Sprintf("%30p|", n)), len(fmt.Sprintf("%-30p|", n)), strings.HasPrefix(fmt.Sprintf("%30p", n), " ")),
		fmt.Sprint(fmt.Sprintf("%p", n) == fmt.Sprintf("%p", n), fmt.Sprintf("%p", n) != fmt.Sprintf("%p", &verbNode{})),
	}
	return strings.Join(out, "\n")
}
