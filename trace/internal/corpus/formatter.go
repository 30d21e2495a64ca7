package corpus

import (
	"errors"
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

// fmtMutating's String sets a field of its receiver, as a lazily
// cached description does (testify's mock compares arguments after
// formatting them).
type fmtMutating struct {
	N int
	s string
}

func (m *fmtMutating) String() string {
	m.s = fmt.Sprint("n=", m.N)
	return m.s
}

// FmtMutatingStringer formats values whose String method changes them:
// the change is seen by the program after the formatting, whether the
// value was given as a pointer, inside an interface, a slice or a struct
// field, and a copy of the value made before formatting stays as it was.
func FmtMutatingStringer() string {
	a, b := &fmtMutating{N: 1}, &fmtMutating{N: 2}
	before := *a
	var out []string
	out = append(out, fmt.Sprintf("%v|%s", a, []any{b}))
	out = append(out, fmt.Sprintf("%q|%q|%q", a.s, b.s, before.s))
	c := struct{ M *fmtMutating }{&fmtMutating{N: 3}}
	out = append(out, fmt.Sprintf("%v|%+v|%q", c, c, c.M.s))
	d := []*fmtMutating{{N: 4}, {N: 5}}
	out = append(out, fmt.Sprint(d), fmt.Sprintf("%q", d[1].s))
	// As testify's mock compares an expected call's argument with the
	// actual one, formats it, then compares it with another's.
	var x, y, z any = &fmtMutating{N: 1}, &fmtMutating{N: 2}, &fmtMutating{N: 1}
	eq := []bool{reflect.DeepEqual(x, y)}
	render := func() string { return fmt.Sprintf("(%[1]T=%[1]v)", x) }
	out = append(out, render())
	eq = append(eq, reflect.DeepEqual(x, z), reflect.DeepEqual(z, x))
	out = append(out, fmt.Sprint(eq))
	return strings.Join(out, "\n")
}

// FmtIndexed formats with explicit argument indexes, %T among them:
// one operand for several verbs, star widths and precisions by index,
// verbs after an index going on from it, a bad index and a missing
// operand, and %w by index.
func FmtIndexed() string {
	m := &fmtMutating{N: 7}
	var out []string
	out = append(out, fmt.Sprintf("%[1]T=%[1]v|%[1]T", m))
	out = append(out, fmt.Sprintf("%[2]d %[1]T %d %T", m, 3, 4))
	out = append(out, fmt.Sprintf("%[3]*.[2]*[1]f|%[2]*[3]d|", 12.0, 2, 6))
	// Formats vet reports, as fmt prints them.
	for _, c := range []struct {
		format string
		args   []any
	}{
		{badFormats[0], []any{12.0, 2, 6}}, {badFormats[1], []any{1, 2}}, {badFormats[2], []any{m}},
		{badFormats[3], []any{m, 5}}, {badFormats[4], []any{m}}, {badFormats[5], []any{m, 1}},
	} {
		out = append(out, fmt.Sprintf(c.format, c.args...))
	}
	out = append(out, fmt.Sprintf("%d %[1]T %[1]x %% %[1]q", fmtPoint{1, 2}))
	base := errors.New("base")
	err := fmt.Errorf("%[2]T: %[1]w", base, m)
	out = append(out, err.Error(), fmt.Sprint(errors.Is(err, base)))
	return strings.Join(out, "\n")
}

// badFormats are formats with bad indexes, widths and operands
// (FmtIndexed), out of vet's sight.
var badFormats = []string{
	"%-[1]*[2]d|%[3]2d|%[2].2d|",
	"%[5]d|%[1]T|%[x]d|%[1]",
	"%[2]T %v %[0]d %[1]T %T %d",
	"%[1]T %[3]*d %T",
	"%[1]T %*d %v",
	"%[2]v %T %T %v %[1]d %.*[2]v %[1]T %*.*d %5.*d %.[2]3d|%[1]T",
}
