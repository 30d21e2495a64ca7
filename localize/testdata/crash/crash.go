// Package crash holds faults whose failures are not failed checks: a
// slice-bounds panic, a nil dereference in a method, a loop whose step
// skips its bound, and an exit on an argument that is not bad.
package crash

import "os"

// Window returns the n elements of s from i.
func Window(s []int, i, n int) []int {
	end := i - n //fault: should be i + n
	return s[i:end]
}

type node struct {
	v    int
	next *node
}

// List is a singly linked list.
type List struct{ head *node }

// Push adds v at the front.
func (l *List) Push(v int) { l.head = &node{v, l.head} }

// Sum adds the list's values.
func (l *List) Sum() int {
	s := 0
	for p := l.head; p != nil; p = p.next.next { //fault: should be p = p.next
		s += p.v
	}
	return s
}

// Evens counts the even numbers below n.
func Evens(n int) int {
	c := 0
	for i := 0; i != n; i += 2 { //fault: should be i < n
		c++
	}
	return c
}

// Digits returns the number of digits of s, exiting on a string too long
// to be a number of at most four digits.
func Digits(s string) int {
	if len(s) > 3 { //fault: should be > 4
		os.Exit(2)
	}
	return len(s)
}

// At returns the k-th element of s, from 0.
func At(s []int, k int) int {
	i := k + 1 //fault: should be k
	return s[i]
}
