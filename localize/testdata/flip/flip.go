// Package flip is the subject of TestDiagnoseFlip: a wrong comparison
// that fails two tests, one of which executes it three times.
package flip

import "strings"

// Label says whether n is "small" (at most 10) or "large".
func Label(n int) string {
	if n < 10 { //fault: should be n <= 10
		return "small"
	}
	return "large"
}

// Labels labels each of ns, separated by spaces.
func Labels(ns []int) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = Label(n)
	}
	return strings.Join(out, " ")
}
