package testmatch

import (
	"regexp"
	"strings"
)

// Exact returns the pattern that selects the cases named (full names as
// go test prints them, "TestX/sub") and no other case but their parents,
// which go test runs to reach them: one alternative a name, each level
// anchored and quoted. No name gives "", which selects every case:
// callers with nothing to select must not call it.
func Exact(names ...string) string {
	alts := make([]string, len(names))
	for i, n := range names {
		levels := strings.Split(n, "/")
		for j, l := range levels {
			levels[j] = "^" + regexp.QuoteMeta(l) + "$"
		}
		alts[i] = strings.Join(levels, "/")
	}
	return strings.Join(alts, "|")
}
