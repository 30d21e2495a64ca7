// Package testmatch selects test cases by a pattern as go test's -run
// flag does: the pattern is split at slashes outside brackets and
// parentheses into one regular expression per level of a case's name
// ("TestX/sub/subsub"), and a case is selected when each level its name
// has matches that level's expression (unanchored). A case with more
// levels than the pattern has parts is selected by its first levels; one
// with fewer, by the parts it has, as go test runs a test function whose
// subtests the pattern names (and reports the function's own failures).
// A "|" outside brackets and parentheses separates alternatives, each
// split at its slashes ("TestA|TestB/sub"). Each part is rewritten as go
// test rewrites subtest names before it is compiled: a space becomes "_"
// and an unprintable rune its Go escape, so "TestX/a b" selects the
// subtest t.Run("a b"), named "TestX/a_b".
//
// An empty pattern selects every case.
package testmatch

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A Matcher is a compiled -run pattern.
type Matcher struct {
	pattern string
	alts    [][]*regexp.Regexp // alternatives, each one expression per level
}

// Compile compiles a -run pattern. The error names the part that is not a
// valid regular expression.
func Compile(pattern string) (*Matcher, error) {
	m := &Matcher{pattern: pattern}
	if pattern == "" {
		return m, nil
	}
	for _, alt := range Split(pattern) {
		var parts []*regexp.Regexp
		for _, p := range alt {
			re, err := regexp.Compile(rewrite(p))
			if err != nil {
				return nil, fmt.Errorf("testmatch: -run %q: part %q: %w", pattern, p, err)
			}
			parts = append(parts, re)
		}
		m.alts = append(m.alts, parts)
	}
	return m, nil
}

// String returns the pattern.
func (m *Matcher) String() string { return m.pattern }

// Match reports whether the case named name (levels joined by "/", as go
// test prints them) is selected.
func (m *Matcher) Match(name string) bool {
	if m == nil || len(m.alts) == 0 {
		return true
	}
	elems := strings.Split(name, "/")
	for _, parts := range m.alts {
		if matchLevels(parts, elems) {
			return true
		}
	}
	return false
}

// MatchTop reports whether the top-level test named name runs: go test
// runs a test function (and lists its subtests) when its name matches the
// first level of an alternative.
func (m *Matcher) MatchTop(name string) bool {
	return m.Match(strings.SplitN(name, "/", 2)[0])
}

// matchLevels reports whether each level of elems that parts has an
// expression for matches it.
func matchLevels(parts []*regexp.Regexp, elems []string) bool {
	for i, e := range elems {
		if i >= len(parts) {
			break
		}
		if !parts[i].MatchString(e) {
			return false
		}
	}
	return true
}

// rewrite rewrites a part of a pattern as go test rewrites the part, and
// every subtest name: white space (as go test defines it) becomes "_", an
// unprintable rune its escape in a Go rune literal, and each byte that is
// not UTF-8 U+FFFD.
func rewrite(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case isSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isSpace reports whether go test rewrites r to "_": ASCII white space,
// U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029, U+202F,
// U+205F and U+3000 (not Unicode's Z class).
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return 0x2000 <= r && r <= 0x200A
}

// Split splits a pattern into its alternatives, at the bars outside
// brackets and parentheses (and not escaped), and each alternative into
// its levels, at such slashes, as go test does.
func Split(pattern string) [][]string {
	var alts [][]string
	var parts []string
	cs, cp := 0, 0 // depth of [ and (
	start := 0
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '[':
			cs++
		case ']':
			if cs--; cs < 0 { // an unmatched ]: a literal
				cs = 0
			}
		case '(':
			if cs == 0 {
				cp++
			}
		case ')':
			if cs == 0 {
				cp--
			}
		case '\\':
			i++
		case '/', '|':
			if cs == 0 && cp == 0 {
				parts = append(parts, pattern[start:i])
				start = i + 1
				if pattern[i] == '|' {
					alts = append(alts, parts)
					parts = nil
				}
			}
		}
	}
	return append(alts, append(parts, pattern[start:]))
}
