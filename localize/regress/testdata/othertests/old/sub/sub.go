// Package sub is a dependency of othertests whose new release changed a
// function's signature, which its own tests use.
package sub

// Scale returns 2x.
func Scale(x int) int { return 2 * x }
