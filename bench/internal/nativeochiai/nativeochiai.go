// Package nativeochiai is the baseline the bench reports put faultloc's
// rankings beside: Ochiai over the spectrum of one native go test run of
// a package (spectra.GoTest, every case), and the rank it gives a faulty
// line. bench/realbugs and bench/suites share it.
package nativeochiai

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/spectra"
)

// Collect runs the tests of pattern natively in dir and returns their
// spectrum: one row per case, its line coverage and verdict.
func Collect(ctx context.Context, dir, pattern string) (*spectra.Matrix, error) {
	return CollectSkipping(ctx, dir, pattern, nil)
}

// CollectSkipping is Collect without the top-level tests skip names
// and their subtests, which neither run nor have a row.
func CollectSkipping(ctx context.Context, dir, pattern string, skip []string) (*spectra.Matrix, error) {
	g := &spectra.GoTest{Patterns: []string{pattern}, Dir: dir}
	if len(skip) > 0 {
		// Over whole case names: the tests and their subtests.
		g.Skip = strings.TrimSuffix(SkipPattern(skip), "$") + "(/.*)?$"
	}
	m := spectra.NewMatrix()
	if err := g.Collect(ctx, m); err != nil {
		return nil, err
	}
	return m, nil
}

// Failing returns the names of m's failing cases that keep accepts (nil:
// all), in m's order.
func Failing(m *spectra.Matrix, keep func(name string) bool) []string {
	var out []string
	for i := range m.NumTests() {
		if t := m.Test(i); t.Failed && (keep == nil || keep(t.Name)) {
			out = append(out, t.Name)
		}
	}
	return out
}

// Rank returns the rank under Ochiai over m (ties at their worst
// position) of the first of lines of the file path that a failing case
// executed, and why there is none (rank 0).
func Rank(m *spectra.Matrix, path string, lines []int) (int, string) {
	f, err := spectra.Lookup("ochiai")
	if err != nil {
		return 0, err.Error()
	}
	for _, e := range m.Rank(f, nil).Entries {
		if e.Counts.EF > 0 && SameFile(e.Element.File, path) && slices.Contains(lines, e.Element.Line) {
			return int(e.Rank), ""
		}
	}
	return 0, "no faulty line executed by a failing case"
}

// SameFile reports whether a and b name the same file, symbolic links
// resolved where they exist.
func SameFile(a, b string) bool {
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return ra == rb
}

// TopLevel returns the top-level tests of cases ("TestX" of "TestX/a"),
// each once, in the order of cases.
func TopLevel(cases []string) []string {
	var out []string
	for _, c := range cases {
		top, _, _ := strings.Cut(c, "/")
		if !slices.Contains(out, top) {
			out = append(out, top)
		}
	}
	return out
}

// SkipPattern returns a go test -skip pattern of the top-level tests
// tops: the tests named and their subtests.
func SkipPattern(tops []string) string {
	quoted := make([]string, len(tops))
	for i, t := range tops {
		quoted[i] = regexp.QuoteMeta(t)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}
