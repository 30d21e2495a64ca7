// Package tally is a subject of the repair and localization tests:
// Words counts the words into stats, a map the caller may leave nil for
// no counts, and count writes to it all the same (an assignment to an
// entry of a nil map, a panic the failing test's own deferred recover
// reports). The fix is a guard before the statement that panics, in
// count, a line every passing test runs.
package tally

import "strings"

// Words returns the words of text, lower-cased, a hyphenated word as its parts, and adds each to
// stats, if stats is not nil.
func Words(text string, stats map[string]int) []string {
	var ws []string
	for _, w := range strings.Fields(text) {
		w = strings.ToLower(strings.Trim(w, ".,;:!?"))
		if w == "" {
			continue
		}
		if strings.Contains(w, "-") {
			// A hyphenated word counts as its parts.
			parts := strings.Split(w, "-")
			for _, p := range parts {
				ws = append(ws, p)
				count(stats, p)
			}
			continue
		}
		ws = append(ws, w)
		count(stats, w)
	}
	return ws
}

// count adds one to w's count in stats.
func count(stats map[string]int, w string) {
	//fault: missing guard: if stats == nil { return }
	stats[w]++
}
