// Package bad holds subjects for the interpreter's bad-input tests.
package bad

import (
	"fmt"
	"os"
	"sort"
	"unsafe"
)

// Unsafe converts a uintptr to unsafe.Pointer, which the interpreter does
// not run.
func Unsafe(x uintptr) *int {
	return (*int)(unsafe.Pointer(x))
}

// Host calls a function the bridge does not cover.
func Host() string {
	h, _ := os.Executable()
	return h
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

// Deadlock waits for a value nobody sends.
func Deadlock() int {
	c := make(chan int)
	return <-c // deadlock
}

// GoPanic panics in a goroutine other than the entry's.
func GoPanic() int {
	done := make(chan int)
	go func() {
		var m map[int]int
		m[0] = 1
		done <- 1
	}()
	return <-done
}

// Abandon starts goroutines that are still blocked when it returns.
func Abandon() int {
	c := make(chan int)
	for i := 0; i < 3; i++ {
		go func() { c <- i }()
	}
	return <-c
}

// Exit exits with code 3.
func Exit() {
	os.Exit(3)
}

// Loud has a String method that never returns.
type Loud int

func (l Loud) String() string {
	for {
		l++
	}
}

// FormatForever formats a Loud: fmt calls its String method.
func FormatForever() string {
	return fmt.Sprint(Loud(1))
}

// Sorted sorts with a less function that panics.
func Sorted() []int {
	xs := []int{3, 1, 2}
	sort.Slice(xs, func(i, j int) bool { panic("no order") })
	return xs
}

// Stringer panics in its String method; fmt reports it in the output.
type Stringer struct{}

func (Stringer) String() string { panic("bad String") }

// FormatPanic formats a Stringer.
func FormatPanic() string {
	return fmt.Sprint(Stringer{})
}
