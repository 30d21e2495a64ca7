package search

import (
	"strings"

	"github.com/faultloc/faultloc/localize"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// CandidateOf converts a decoded MCS and its verification run.
func CandidateOf(s localize.Sources, c *encode.Candidate, v *Verdict, byExpr bool) localize.Candidate {
	rr := v.Res
	out := localize.Candidate{Verified: v.Passed, Locations: []localize.Location{}, Angelic: []localize.AngelicValue{}}
	for _, st := range c.Statements {
		l := localize.Location{Position: localize.Position{File: st.Pos.Filename, Line: st.Pos.Line}, Text: s.Line(st.Pos.Filename, st.Pos.Line), Expr: st.Expr}
		if byExpr {
			l.Column = st.Pos.Column
		}
		out.Locations = append(out.Locations, l)
	}
	for _, a := range c.Angelic {
		out.Angelic = append(out.Angelic, localize.AngelicValue{Position: localize.Position{File: a.Pos.Filename, Line: a.Pos.Line}, Occurrence: int(a.Key.Occ), Instr: a.Instr, Expr: a.Expr, Branch: a.Branch, Value: a.Value.String(), Orig: a.Orig.String()})
	}
	if t := rr.Trace; t != nil {
		for e := trace.EventID(0); int(e) < t.Len(); e++ {
			if _, ok := t.Instr(e).(*ssa.If); ok && localize.ProgramCode(t, e) {
				p := t.Pos(e)
				if strings.HasSuffix(p.Filename, "_test.go") || t.StaticInfo(t.Static(e)).Support {
					continue // the test's own decisions are not the program's path
				}
				out.Path = append(out.Path, localize.Decision{Position: localize.Position{File: p.Filename, Line: p.Line}, Taken: t.Value(e).Bool()})
			}
		}
	}
	return out
}
