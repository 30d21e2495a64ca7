package localize

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// candidate converts a decoded MCS and its verification run.
func (s Sources) candidate(c *encode.Candidate, v *search.Verdict, byExpr bool) Candidate {
	rr := v.Res
	out := Candidate{Verified: v.Passed, Locations: []Location{}, Angelic: []AngelicValue{}}
	for _, st := range c.Statements {
		l := Location{File: st.Pos.Filename, Line: st.Pos.Line, Text: s.Line(st.Pos.Filename, st.Pos.Line), Expr: st.Expr}
		if byExpr {
			l.Column = st.Pos.Column
		}
		out.Locations = append(out.Locations, l)
	}
	for _, a := range c.Angelic {
		out.Angelic = append(out.Angelic, AngelicValue{File: a.Pos.Filename, Line: a.Pos.Line, Occurrence: int(a.Key.Occ), Instr: a.Instr, Expr: a.Expr, Branch: a.Branch, Value: a.Value.String(), Orig: a.Orig.String()})
	}
	if t := rr.Trace; t != nil {
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if _, ok := t.Instr(e).(*ssa.If); ok && ProgramCode(t, e) {
				p := t.Pos(e)
				if strings.HasSuffix(p.Filename, "_test.go") {
					continue // the test's own decisions are not the program's path
				}
				out.Path = append(out.Path, Decision{File: p.Filename, Line: p.Line, Taken: t.Value(e).Bool()})
			}
		}
	}
	return out
}

// NewCandidate turns a decoded correction set (encode.Encoder.Decode) and
// the replay of the case with its hooks into a report's Candidate, for a
// caller that runs its own search: its statements' locations (with the
// source lines quoted; byExpr gives each its column and expression, for
// encode.ByExpression), its angelic values, the path of the replay, and
// Verified set when the replay passed.
func NewCandidate(c *encode.Candidate, replay *trace.CaseResult, byExpr bool) Candidate {
	v := &search.Verdict{Res: &trace.Result{}}
	if replay != nil && replay.Result != nil {
		v.Res, v.Passed = replay.Result, replay.Passed()
	}
	return Sources{}.candidate(c, v, byExpr)
}

// NewReport returns the report of a caller's own localization of the
// case named test: its candidates ordered as AgxFaults orders them
// (verified first, then smaller, then by position; [Report.Rerank]) and
// ranked, so that the writers, Rerank, Fuse and Restrict apply to it.
// mode names the technique; failure says how the case failed.
func NewReport(test, mode, failure string, cands []Candidate) *Report {
	r := &Report{Test: test, Mode: mode, Failure: failure, Candidates: slices.Clone(cands)}
	if r.Candidates == nil {
		r.Candidates = []Candidate{}
	}
	r.Rerank(nil)
	return r
}
