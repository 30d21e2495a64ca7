package cireport

import (
	"math"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// Level is how strongly a result asks for attention, SARIF's level.
type Level string

// The levels, SARIF's names (GitHub annotations: error, warning, notice).
const (
	Error   Level = "error"   // checked by a re-run: a verified fix candidate, a plausible fix, a verified root cause
	Warning Level = "warning" // ranked by evidence: a ranked line, a cause of a regression
	Note    Level = "note"    // context: a candidate whose re-run did not pass, an auxiliary change, a critical predicate
)

// Rule is what produced a result: a technique and the kind of finding.
type Rule struct {
	// ID is stable for the technique and the finding:
	// "fix-candidate/agx", "ranked-line/spectrum", "spectrum/ochiai".
	ID string
	// Description says in one sentence what a result of the rule is.
	Description string
	// Level is the level of the rule's results.
	Level Level
}

// Location is a place in source a result points at: its start (the file,
// absolute or relative to the working directory; the line, 0 for the
// whole file; the column where known) and, for a span, its end.
type Location struct {
	localize.Position
	EndLine   int // last line of a span; 0: Line
	EndColumn int // 1-based column after the span's end; 0: unknown
	// Text is the line's source, trimmed; it goes into the partial
	// fingerprint in place of the line number.
	Text string
}

// Result is one finding: a fix candidate, a ranked line, a change.
type Result struct {
	Rule Rule
	// Message says what was found, for a reader.
	Message string
	// Locations are where: the statements of a candidate in source
	// order, one line of a ranking. The first is the primary one.
	Locations []Location
	// Group names the report the result belongs to, the failing case
	// of a localize report ("" for one report); Top keeps the first
	// results of each group, and the fingerprint includes it.
	Group string
	// Rank is the result's position in its report's ranking (ties share
	// their worst position; with spectra's average policy a fraction);
	// 0 when the report gives none.
	Rank float64
	// Score is the suspiciousness the rank comes from, when Scored.
	Score  float64
	Scored bool
	// Evidence names what placed the result ("verified candidate",
	// "spectrum", "slice", "mutation", ...).
	Evidence string
	// Properties are further facts, written into SARIF's property bag
	// (angelic values, spectrum counts, the test's failure).
	Properties map[string]any
	// Fixes are changes that repair what the result found (a patch of
	// faultloc repair): SARIF's fixes; GitHub annotations leave them
	// out.
	Fixes []Fix
}

// Fix is one change of one file that repairs a result's finding: the
// span Deleted replaced with Inserted.
type Fix struct {
	// Description says what the change is, for a reader.
	Description string
	// Deleted is the span replaced: its start (file, line, column) and
	// its EndLine and EndColumn (the column after it); a span that
	// ends where it starts is an insertion point.
	Deleted Location
	// Inserted is the text put in its place ("" deletes it).
	Inserted string
}

// Top returns the first n results of each group of rs, in their order
// (n ≤ 0: all).
func Top(rs []Result, n int) []Result {
	if n <= 0 {
		return rs
	}
	seen := map[string]int{}
	var out []Result
	for _, r := range rs {
		if seen[r.Group] < n {
			seen[r.Group]++
			out = append(out, r)
		}
	}
	return out
}

// Threshold returns the results of rs whose score is at least min, and
// those without a score (a candidate, a line a localize report ranks
// without one), in their order. A NaN score is below every min.
func Threshold(rs []Result, min float64) []Result {
	var out []Result
	for _, r := range rs {
		if !r.Scored || !math.IsNaN(r.Score) && r.Score >= min {
			out = append(out, r)
		}
	}
	return out
}

// slug turns a name into a rule id's part: lower case, spaces as '-'.
func slug(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return "unnamed"
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '.', r == '_':
			return r
		}
		return '-'
	}, s)
}
