package corpus

import (
	"errors"
	"fmt"
	"reflect"
)

func zeroOf[T int | float64 | string]() T { return T(rune(0)) }

func recovered(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return "no panic"
}

// Regressions exercises cases once wrong in the interpreter: T(0) in a
// string instantiation, the messages of failed type assertions, method
// values of nil interfaces, and reflect.DeepEqual.
func Regressions() string {
	var err error
	var x any = "s"
	type pair struct {
		a []int
		m map[string]int
	}
	p1 := pair{[]int{1}, map[string]int{"k": 1}}
	p2 := pair{[]int{1}, map[string]int{"k": 1}}
	var nilSlice []int
	return fmt.Sprint(
		len(zeroOf[string]()), zeroOf[int](), zeroOf[float64](),
		recovered(func() { _ = x.(int) }),
		recovered(func() { _ = err.(fmt.Stringer) }),
		recovered(func() { _ = x.(fmt.Stringer) }),
		recovered(func() { f := err.Error; _ = f }),
		reflect.DeepEqual(p1, p2), reflect.DeepEqual(nilSlice, []int{}), reflect.DeepEqual([]any{1, "a"}, []any{1, "a"}),
		reflect.DeepEqual(errors.New("a"), errors.New("a")),
	)
}

type valRecv struct{ n int }

func (v valRecv) get() int { return v.n }

type getter interface{ get() int }

// NilReceiver calls a value method through an interface holding a nil
// pointer; the panic message is the runtime's.
func NilReceiver() string {
	var p *valRecv
	var g getter = p
	return recovered(func() { g.get() })
}
