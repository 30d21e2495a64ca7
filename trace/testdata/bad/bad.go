// Package bad holds subjects for the interpreter's bad-input tests.
package bad

import "os"

// Spawn uses a goroutine, which the interpreter does not run yet.
func Spawn() int {
	done := make(chan int)
	go func() { done <- 1 }()
	return <-done
}

// Env calls a function the bridge does not cover.
func Env() string {
	return os.Getenv("HOME")
}

// Index panics with an index out of range.
func Index(i int) int {
	xs := []int{1, 2, 3}
	return xs[i]
}

// Boom panics with a value of its own.
func Boom() {
	panic("boom")
}

// Forever never returns.
func Forever(n int) int {
	for {
		n++
	}
}

// Recurse never stops recursing.
func Recurse(n int) int {
	return Recurse(n+1) + 1
}

// DivZero divides by zero.
func DivZero(a, b int) int {
	return a / b
}

// NilMap writes into a nil map.
func NilMap() {
	var m map[string]int
	m["x"] = 1
}

// Recovered recovers from its own panic and returns through a named result.
func Recovered() (r int) {
	defer func() {
		if e := recover(); e != nil {
			r = 42
		}
	}()
	var p *int
	return *p
}
