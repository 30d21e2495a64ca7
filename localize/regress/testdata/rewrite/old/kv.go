// Package kv is the old version of a regression subject for fix sites:
// Parse cuts each line at its '='.
package kv

import "strings"

// Parse reads the "key=value" lines of src.
func Parse(src string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(src, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}
