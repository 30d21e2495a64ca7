package corpus

import (
	"errors"
	"fmt"
	"strings"
)

type stringer interface{ String() string }

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type list []int

func (l list) String() string { return fmt.Sprint(len(l), " items") }

// Interfaces exercises dynamic dispatch, type assertions and switches.
func Interfaces() string {
	shapes := []shape{rect{1, 2}, &circle{1}, named{rect{2, 2}, "sq"}}
	var out []string
	total := 0.0
	for _, s := range shapes {
		total += s.area()
		out = append(out, s.name())
	}
	var x any = 42
	i, ok := x.(int)
	_, notStr := x.(string)
	describe := func(v any) string {
		switch v := v.(type) {
		case nil:
			return "nil"
		case int:
			return fmt.Sprint("int ", v+1)
		case string, []byte:
			return fmt.Sprint("stringish ", v)
		case error:
			return "error " + v.Error()
		case fmt.Stringer:
			return "stringer " + v.String()
		default:
			return fmt.Sprintf("other %T", v)
		}
	}
	var s stringer = celsius(21.5)
	_, isShape := s.(shape)
	var e error
	var nilPtr *circle
	var sh shape = nilPtr
	check(sh != nil, "interface holding a nil pointer is not nil")
	eq := any(1) == any(1) && any("a") != any(1)
	return fmt.Sprint(out, total, i, ok, notStr, describe(nil), describe(3), describe("s"), describe([]byte("b")),
		describe(errors.New("e")), describe(celsius(3)), describe(1.5), describe(list{1, 2}), s, isShape, e == nil, eq)
}

// Closures exercises closures capturing variables and loop variables.
func Closures() string {
	counter := func() func() int {
		n := 0
		return func() int {
			n++
			return n
		}
	}
	c1, c2 := counter(), counter()
	c1()
	c1()
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	var got []int
	for _, f := range fs {
		got = append(got, f())
	}
	apply := func(xs []int, f func(int) int) []int {
		out := make([]int, len(xs))
		for i, x := range xs {
			out[i] = f(x)
		}
		return out
	}
	k := 3
	mul := apply([]int{1, 2, 3}, func(x int) int { return x * k })
	method := rect{2, 5}.area
	upper := strings.ToUpper
	return fmt.Sprint(c1(), c2(), got, mul, method(), upper("go"))
}

type number interface {
	~int | ~int64 | ~float64
}

func sum[T number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func mapSlice[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

type stack[T any] struct{ items []T }

func (s *stack[T]) push(x T) { s.items = append(s.items, x) }
func (s *stack[T]) pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

type myInt int

// Generics exercises generic functions and types (instantiated).
func Generics() string {
	var st stack[string]
	st.push("a")
	st.push("b")
	top, _ := st.pop()
	_, ok := (&stack[int]{}).pop()
	strs := mapSlice([]int{1, 2, 3}, func(i int) string { return strings.Repeat("*", i) })
	return fmt.Sprint(sum(1, 2, 3), sum(1.5, 2.5), sum[myInt](4, 5), top, ok, strs, min(3, 1, 2), max(2.5, 1.0), min("b", "a"))
}

// Defers exercises defer order, recover, re-panics and named results.
func Defers() string {
	var order []int
	func() {
		for i := 0; i < 3; i++ {
			defer func() { order = append(order, i) }()
		}
	}()
	safeDiv := func(a, b int) (q int, err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("recovered: %v", r)
			}
		}()
		return a / b, nil
	}
	q1, e1 := safeDiv(7, 2)
	_, e2 := safeDiv(1, 0)
	nested := func() (s string) {
		defer func() {
			r := recover()
			s = fmt.Sprint("outer:", r)
		}()
		func() {
			defer func() {
				r := recover()
				panic(fmt.Sprint("again:", r))
			}()
			panic("first")
		}()
		return "unreachable"
	}
	counter := 0
	incr := func() (n int) {
		defer func() { n *= 2 }()
		counter++
		return counter
	}
	return fmt.Sprint(order, q1, e1, e2, nested(), incr(), incr())
}

// Ranges exercises range over ints, strings, maps, functions and channels'
// absence.
func Ranges() string {
	total := 0
	for i := range 5 {
		total += i
	}
	seq := func(yield func(int) bool) {
		for i := 0; i < 10; i++ {
			if !yield(i * i) {
				return
			}
		}
	}
	var sq []int
	for v := range seq {
		if v > 30 {
			break
		}
		sq = append(sq, v)
	}
	pairs := func(yield func(string, int) bool) {
		_ = yield("a", 1) && yield("b", 2)
	}
	var ps []string
	for k, v := range pairs {
		ps = append(ps, fmt.Sprint(k, v))
	}
	var labels []string
outer:
	for i := range 3 {
		for j := range 3 {
			if j > i {
				continue outer
			}
			labels = append(labels, fmt.Sprint(i, j))
		}
	}
	// a defer in the body of a range-over-func loop runs when the
	// enclosing function returns, also when it panics
	var log []string
	loopOnly := func() { // its only defers come from the loop body
		for v := range seq {
			defer func() { log = append(log, fmt.Sprint("d", v)) }()
			if v == 4 {
				panic("stop")
			}
		}
	}
	deferInLoop := func() (s string) {
		defer func() { s = fmt.Sprint(recover(), log) }()
		loopOnly()
		return "unreachable"
	}
	return fmt.Sprint(total, sq, ps, labels, deferInLoop())
}
