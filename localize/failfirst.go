package localize

import (
	"context"
	"go/parser"
	"go/token"
	"slices"

	"github.com/faultloc/faultloc/internal/stmtline"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// FailureFirst is a [Refiner] that puts the failing statement ahead of
// verified candidates that only force branches. The failing statement
// is where the failing case failed in the package's code (a panic, or a
// run-time error a deferred recover turned into a value): a line at
// distance 0 from the failure in the relevant slice
// ([ProximityScorer] with Relevant), outside test files. It moves when
// no passing case of the spectrum runs it (so Ochiai scores it 1 on one
// failing case) and every line ranked before it is a verified
// candidate's whose angelic values all steer the run (branch
// decisions, booleans such as a comma-ok's ok): such a candidate makes
// the case pass by steering its run away from the statement that
// fails, and a statement only failing runs reach, where they fail, is
// likelier to be wrong than the branches before it. A line ranked
// before it that a candidate gives another value, a line of other
// evidence ranked before it, or a verified candidate on the statement
// itself leaves the ranking as it is. The statement moves with
// [EvidenceFailure].
//
// bench/realbugs/HISTORICAL.md (go run ./bench/realbugs -kinds
// historical) measures it: among its bugs are faults at the statement
// that panics (a type assertion on a node built wrong, an index where a
// guard is missing) that such candidates had put behind them.
type FailureFirst struct{}

var _ Refiner = FailureFirst{}

// Refine moves rep's failing statement, when it qualifies, to the front.
func (FailureFirst) Refine(ctx context.Context, rep *Report, f *Failure) error {
	if len(rep.Ranking) == 0 || rep.Ranking[0].Evidence != EvidenceVerified || f.Spectrum == nil {
		return nil
	}
	branchOnly := branchOnlyLines(rep.Candidates)
	if !branchOnly[rep.Ranking[0].SourceLine()] {
		return nil // a value leads: no slice needed to say so
	}
	near, err := ProximityScorer{Relevant: true}.Score(ctx, f)
	if err != nil {
		return nil // no slice: nothing to say of the failing statement
	}
	failing := map[trace.Line]bool{} // the failing statements
	for l, x := range near {
		if x == 1 && !IsTestFile(l.File) {
			failing[l] = true
		}
	}
	named := map[trace.Line]bool{} // as rankings name them: by the statement's first line
	for l := range unpassedLines(f.Spectrum, failing) {
		named[l] = true
		named[statementStart(l)] = true
	}
	var at []int // the failing statements' indexes in the ranking
	for i, rl := range rep.Ranking {
		if named[rl.SourceLine()] {
			if rl.Evidence == EvidenceVerified {
				return nil // a candidate's line: in the head already, as the candidate placed it
			}
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	for _, rl := range rep.Ranking[:at[0]] {
		if rl.Evidence != EvidenceVerified || !branchOnly[rl.SourceLine()] {
			return nil
		}
	}
	var front []RankedLine
	for _, i := range at {
		rl := rep.Ranking[i]
		rl.Evidence, rl.Score = EvidenceFailure, 1
		front = append(front, rl)
	}
	rep.Ranking = MoveToFront(rep.Ranking, front)
	return nil
}

// unpassedLines returns the lines of ls that some failing case of m
// runs and no passing case does.
func unpassedLines(m *spectra.Matrix, ls map[trace.Line]bool) map[trace.Line]bool {
	out := map[trace.Line]bool{}
	for i := range m.NumElements() {
		e := m.Element(i)
		l := trace.Line{File: e.File, Line: e.Line}
		if e.Kind != spectra.Line || !ls[l] {
			continue
		}
		if c := m.Counts(i); c.EF > 0 && c.EP == 0 {
			out[l] = true
		}
	}
	return out
}

// steers reports whether the angelic value a decides which way the run
// goes: a branch decision, or a boolean given to a variable (the ok of
// a comma-ok, a flag) that only conditions read.
func steers(a AngelicValue) bool {
	return a.Branch || a.Value == "true" || a.Value == "false"
}

// branchOnlyLines returns the lines of the verified candidates cs whose
// angelic values all steer the run ([steers]), less any line that a
// verified candidate gives another value.
func branchOnlyLines(cs []Candidate) map[trace.Line]bool {
	out := map[trace.Line]bool{}
	valued := map[trace.Line]bool{}
	for _, c := range cs {
		if !c.Verified {
			continue
		}
		branch := len(c.Angelic) > 0 && !slices.ContainsFunc(c.Angelic, func(a AngelicValue) bool { return !steers(a) })
		for _, l := range c.Locations {
			if branch {
				out[l.SourceLine()] = true
			} else {
				valued[l.SourceLine()] = true
			}
		}
	}
	for l := range valued {
		delete(out, l)
	}
	return out
}

// statementStart returns the first line of the innermost statement
// holding l, which a ranking names a statement written over several
// lines by (a panic inside a composite literal, say); l itself when the
// file does not parse or no statement holds it.
func statementStart(l trace.Line) trace.Line {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, l.File, nil, parser.SkipObjectResolution)
	if err != nil {
		return l
	}
	start := stmtline.Start(fset, file, l.Line)
	if start == 0 {
		return l
	}
	return trace.Line{File: l.File, Line: start}
}
