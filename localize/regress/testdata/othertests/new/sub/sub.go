// Package sub is a dependency of othertests whose new release changed a
// function's signature, which its own tests use.
package sub

// Scale returns kx.
func Scale(x, k int) int { return k * x }
