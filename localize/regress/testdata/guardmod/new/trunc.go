// Package trunc is a regression subject whose new version marks a cut
// string and changes the condition of the cut with it, wrongly.
package trunc

// Truncate shortens s to at most n bytes, marking a cut with "…".
func Truncate(s string, n int) string {
	if len(s) >= n { // the regression: a string of exactly n bytes is cut
		s = s[:n] + "…"
	}
	return s
}
