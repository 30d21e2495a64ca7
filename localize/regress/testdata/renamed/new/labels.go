// Package renamed is a regression subject whose new version renames
// custom.go to labels.go, with a new function its tests call.
package renamed

// Prefix starts every label.
const Prefix = "x"

const (
	// Suffix ends a marked label.
	Suffix = "!"
	// Dot ends a sentence.
	Dot = "."
)

// Style says how to label.
type Style struct {
	Upper bool
	Mark  string
}

// Label labels s.
func Label(s string) string {
	return Prefix + s + Suffix // the regression: Marked adds the suffix
}

// Marked labels s and marks it.
func Marked(s string) string { return Label(s) + Suffix }
