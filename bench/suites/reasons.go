package main

import (
	"regexp"
	"strings"
)

var (
	// position matches a source position (file.go:12:3), with the ": "
	// that follows it.
	position = regexp.MustCompile(`(?:[^\s:()"]*\.go|-)(?::\d+){1,2}:?\s*`)
	// quoted matches a quoted string.
	quoted = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")
	// number matches a number that is not part of a name.
	number = regexp.MustCompile(`\b0x[0-9a-fA-F]+\b|\b\d+(?:\.\d+)?\b`)
	// typeName matches a named type after the word "type": a package's
	// path and the name, or a builtin's.
	typeName = regexp.MustCompile(`\btype [*\[\]]*[\w./-]+(?:\{[^}]*\}|\[[^\]]*\])?`)
	// testPrefix matches the name of the test a *trace.TestError wraps
	// the error in.
	testPrefix = regexp.MustCompile(`^(?:test |listing )?(?:Test|Example|Fuzz|Benchmark)\S*: `)
	spaces     = regexp.MustCompile(`\s+`)
)

// notInTable is the bridge's reason for a function it does not know:
// "no bridge for F" says it all.
const notInTable = ": not in the bridge's table (see trace/README.md)"

// maxReason is the length at which a reason is cut.
const maxReason = 100

// reason turns the message of a case that cannot run, or of a false
// failure, into the reason it counts under: the message without its
// positions, test names, quoted strings, numbers and the types of the
// library, and without the trace: prefixes, so that the same missing
// bridge blocks cases of many libraries under one reason. "no bridge for
// F" keeps F, the function, and the bridge's reason unless it is only
// that F is not in the bridge's table. Only the message's first line
// counts, cut to maxReason bytes.
func reason(msg string) string {
	s, _, _ := strings.Cut(msg, "\n")
	s = strings.ReplaceAll(s, "trace: ", "")
	s = strings.ReplaceAll(s, notInTable, "")
	s = strings.TrimSpace(position.ReplaceAllString(s, ""))
	for {
		t := testPrefix.ReplaceAllString(s, "")
		if t == s {
			break
		}
		s = t
	}
	s = quoted.ReplaceAllString(s, "…")
	s = typeName.ReplaceAllString(s, "type …")
	s = number.ReplaceAllString(s, "N")
	s = spaces.ReplaceAllString(s, " ")
	if len(s) > maxReason {
		cut := strings.LastIndexByte(s[:maxReason], ' ')
		if cut < maxReason/2 {
			cut = maxReason
		}
		s = s[:cut] + " …"
	}
	return s
}
