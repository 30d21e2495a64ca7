package udiff

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Unified returns the unified diff, with three lines of context, of two
// versions of a file that differ in one run of lines, a and b,
// naming the file name; "" if they are equal.
func Unified(name string, a, b []byte) string {
	lines := func(s string) []string {
		ls := strings.SplitAfter(s, "\n")
		if ls[len(ls)-1] == "" {
			ls = ls[:len(ls)-1]
		}
		return ls
	}
	x, y := lines(string(a)), lines(string(b))
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	if pre == len(x) && pre == len(y) {
		return ""
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	const context = 3
	from := max(0, pre-context)
	xTo, yTo := min(len(x), len(x)-suf+context), min(len(y), len(y)-suf+context)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- a/%s\n+++ b/%s\n", name, name)
	fmt.Fprintf(&sb, "@@ -%d,%d +%d,%d @@\n", from+1, xTo-from, from+1, yTo-from)
	line := func(prefix, l string) {
		sb.WriteString(prefix + strings.TrimSuffix(l, "\n") + "\n")
	}
	for _, l := range x[from:pre] {
		line(" ", l)
	}
	for _, l := range x[pre : len(x)-suf] {
		line("-", l)
	}
	for _, l := range y[pre : len(y)-suf] {
		line("+", l)
	}
	for _, l := range x[len(x)-suf : xTo] {
		line(" ", l)
	}
	return sb.String()
}

// Rename returns diff, made by Unified with file's base name, naming
// name instead.
func Rename(diff, file, name string) string {
	base, name := filepath.Base(file), filepath.ToSlash(name)
	return strings.Replace(diff, "--- a/"+base+"\n+++ b/"+base+"\n", "--- a/"+name+"\n+++ b/"+name+"\n", 1)
}
