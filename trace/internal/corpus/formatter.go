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
	return strings.Join(out, "\n")
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
