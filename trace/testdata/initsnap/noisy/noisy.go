// Package noisy is a library whose initializer prints: a copy of its
// memory would not print it, so every run must run it.
package noisy

import "fmt"

// Ready is set by the initializer.
var Ready bool

func init() {
	fmt.Println("noisy ready")
	Ready = true
}
