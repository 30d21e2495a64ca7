// Package pure is a subject of the purity tests: the side-effect check
// of the functions a synthesis may call. Each function's line says what
// the check finds, "//pure" or "//impure: why", and Site is the site
// whose function no other may call.
package pure

import "fmt"

var (
	Limit int
	Count int
	Table []int
	Seen  = map[int]bool{}
)

type box struct{ n int }

func (b box) get() int { return b.n } //impure: a method

func Site(x int) int { return x + Limit } //impure: the site's function

func double(x int) int { return 2 * x } //pure

func bounded(x int) int { //pure
	if x > Limit {
		return Limit
	}
	return x
}

func locals(x int) int { //pure
	var b box
	b.n = x
	arr := [2]int{x, x}
	arr[1] = b.n
	return arr[0] + arr[1] + len(Table)
}

func nested(x int) int { return double(bounded(x)) + min(x, 3) } //pure

func even(n int) bool { //pure
	if n == 0 {
		return true
	}
	return odd(n - 1)
}

func odd(n int) bool { //pure
	if n == 0 {
		return false
	}
	return even(n - 1)
}

func element(i int) int { return Table[i] } //pure

func count() int { Count++; return Count } //impure: writes a package-level variable

func callsCount() int { return count() + 1 } //impure: calls an impure function

func through(p *int) int { *p = 1; return *p } //impure: writes through a pointer it was given

func slice(s []int) int { s[0] = 1; return s[0] } //impure: writes an element of a slice it was given

func mark(x int) bool { Seen[x] = true; return true } //impure: updates a map

func printed(x int) int { fmt.Println(x); return x } //impure: calls outside the package

func deferred(x int) int { defer double(x); return x } //impure: defers

func panics(x int) int { panic(x) } //impure: panics

func closure(x int) int { f := func() int { return x }; return f() } //impure: makes a closure

func callsSite(x int) int { return Site(x) } //impure: calls the site's function

func byValue(f func() int) int { return f() } //impure: calls a function value

func viaInterface(s fmt.Stringer) int { return len(s.String()) } //impure: calls through an interface
