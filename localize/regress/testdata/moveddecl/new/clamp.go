// Package moveddecl is a regression subject whose new version moves a
// constant to an added file, beside a new function its tests call.
package moveddecl

// Clamp returns x, at most Limit.
func Clamp(x int) int {
	if x > Limit {
		return Limit - 1 // the regression
	}
	return x
}
