// Package renamed is a regression subject whose new version renames
// custom.go to labels.go, with a new function its tests call.
package renamed

// Prefix starts every label.
const Prefix = "x"

// Style says how to label.
type Style struct{ Upper bool }

// Label labels s.
func Label(s string) string {
	return Prefix + s
}
