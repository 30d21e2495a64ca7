package moveddecl

// Limit bounds Clamp.
const Limit = 10

// ClampAll clamps each of xs.
func ClampAll(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, Clamp(x))
	}
	return out
}
