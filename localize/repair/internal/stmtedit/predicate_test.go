package stmtedit

import (
	"slices"
	"strings"
	"testing"
)

func TestPredicateGuards(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // guards among the predicates', in this order
		none []string // guards not among them
	}{
		{
			name: "missing decimal point",
			src: `package p

import "strings"

func strip(s string) string {
	// here
	offset := len(s) - 1
	for offset > 0 && s[offset] != '.' {
		offset--
	}
	return s[:offset+1]
}

var _ = strings.ToUpper
`,
			want: []string{"if strings.ContainsRune(s, '.') { return s }", "if !strings.ContainsRune(s, '.') { return s }"},
			none: []string{"if strings.ContainsRune('.', s) { return s }"},
		},
		{
			name: "renamed import, NaN",
			src: `package p

import m "math"

func mean(xs []float64, x float64) float64 {
	// here
	return xs[0] + x
}

var _ = m.Abs
`,
			want: []string{"if m.IsNaN(x) { return x }", "if !m.IsNaN(x) { return x }"},
		},
		{
			name: "not imported",
			src: `package p

func strip(s string) string {
	// here
	return s + "."
}
`,
			none: []string{"if strings.Contains(s, \".\") { return s }"},
		},
		{
			name: "shadowed package name",
			src: `package p

import "strings"

func f(s string) string {
	strings := s + "x"
	// here
	return strings
}

var _ = strings.ToUpper
`,
			none: []string{"if strings.Contains(s, \"x\") { return s }"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, g := range guardsBefore(t, tc.src) {
				if g.kind == condPredicate {
					got = append(got, g.String())
				}
			}
			if len(got) > maxPredicates {
				t.Errorf("%d predicate guards, more than %d", len(got), maxPredicates)
			}
			last := -1
			for _, w := range tc.want {
				i := slices.Index(got, w)
				if i < 0 || i < last {
					t.Errorf("%q missing or out of order in:\n%s", w, strings.Join(got, "\n"))
				}
				last = i
			}
			for _, n := range tc.none {
				if slices.Contains(got, n) {
					t.Errorf("unexpected %q", n)
				}
			}
		})
	}
}
