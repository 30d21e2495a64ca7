// Package othertests is a regression subject: its dependency sub changed
// a function's signature, and sub's own tests use the new one, which the
// old version lacks; they are not this package's tests and must not block it.
package othertests

import "example.com/othertests/sub"

// Quad returns 4x.
func Quad(x int) int { return sub.Scale(sub.Scale(x)) }
