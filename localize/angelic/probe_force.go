package angelic

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// DefaultForceLines is how many of a ranking's first lines [ForceProbe]
// forces by default: those [localize.DefaultFirstLines] names for a diagnosis.
const DefaultForceLines = localize.DefaultFirstLines

// DefaultForceTimeout bounds a [ForceProbe] by default.
const DefaultForceTimeout = 10 * time.Second

// ForceProbe is a [localize.Refiner] that, when a report has no verified
// candidate, looks for candidates of one statement by running the
// failing case with the values of one of its ranking's first lines
// forced, without a solver: the line's branches and the Booleans it
// returns or stores the other way (predicate switching, Zhang, Gupta and
// Gupta, ICSE 2006), each of the last eight instances alone, the last
// first, then all; then the numbers it computes replaced (after value
// replacement, Jeffrey, Gupta and Gupta, ISSTA 2008): with the values
// the failed checks expected (a check got != want of numbers: an
// instance that computed got's value is given want's), then a float's
// with NaN, zero and the infinities, an integer's with zero and one more
// or less than its value, at every instance, then at the last, then an
// integer's, at one instance, with the value that turns a comparison
// reading it the other way (the other side's value, or one more or
// less) ([encode.Predicate], [encode.Replaceable]). A line whose forcing makes
// the case pass is a verified candidate, its forced values the angelic
// values: a wrong or missing condition, a wrong expression whose
// checks compare its result, or a result that should have been NaN or
// one off, where the technique's formula did not answer in
// time (IEEE 754 arithmetic, a sort of the input) or did not model what
// the line computes. The candidates are appended to the report's, one
// per line at most, and their lines move to the front of the ranking
// with EvidenceVerified, in the order they had, except that a line which
// only passes on a value another line was given (a caller's
// `return f(x)`, a make's length) follows that line: the fix belongs
// where the value is computed. Like a technique's
// verified candidate, one makes the failing case pass and says nothing
// of the passing ones.
//
// Cost: a recorded run of the failing case, then up to 25 tries a line
// (9 switches, 16 replacements), unrecorded, each within four times the
// failing run's steps and memory; the one that passes runs again,
// recorded. What is
// found when Timeout passes is kept (the error says the probe was cut).
// A report that has a verified candidate is left as it is.
//
// On a wrong bound or condition a forced line is often the faulty one,
// on a wrong expression the line given what the check expected, and on
// a missing guard the line whose result the guard would have set.
// bench/realbugs/HISTORICAL.md (go run ./bench/realbugs -kinds
// historical) holds the figures.
type ForceProbe struct {
	// Lines is how many of the ranking's first lines are forced.
	// Default 0: DefaultForceLines.
	Lines int
	// Timeout bounds the probe. Default 0: DefaultForceTimeout.
	Timeout time.Duration
}

var _ localize.Refiner = ForceProbe{}

// Refine forces the first lines of rep's ranking in f's case; see
// [ForceProbe]. It needs Failure.Program and Failure.Case.
func (p ForceProbe) Refine(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
	if slices.ContainsFunc(rep.Candidates, func(c localize.Candidate) bool { return c.Verified }) {
		return nil
	}
	if f.Program == nil || f.Case == nil {
		return errors.New("localize: force probe: no case to run (Failure.Program, Failure.Case)")
	}
	n := cmp.Or(p.Lines, DefaultForceLines)
	at := map[trace.Line]int{}
	var lines []trace.Line
	for _, rl := range rep.Ranking {
		if len(lines) == n {
			break
		}
		l := rl.SourceLine()
		if _, ok := at[l]; !ok {
			at[l] = len(lines)
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, cmp.Or(p.Timeout, DefaultForceTimeout))
	defer cancel()
	sub := &search.Subject{Prog: f.Program, Case: f.Case}
	// Its runs are not the technique's (Report.Stats), as FixProbe's
	// are not.
	runs := 0
	first, err := sub.Run(ctx, &trace.RunOptions{})
	if err != nil {
		return p.cut(ctx, 0, len(lines), err)
	}
	defer first.Release()
	if first.Passed {
		return nil
	}
	t := first.Res.Trace
	kinds := map[trace.StaticID]search.ForceKind{}
	want := search.Expected(first)
	forcers := make([]*search.Forcer, len(lines))
	poll := search.NewPoll(ctx)
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		if poll.Stopped() {
			return p.cut(ctx, 0, len(lines), ctx.Err())
		}
		l, ok := localize.LineOf(t, e)
		if !ok {
			continue
		}
		i, ok := at[l]
		if !ok {
			continue
		}
		if forcers[i] == nil {
			forcers[i] = search.NewForcer(t, want, kinds)
		}
		if k := forcers[i].Kind(e); k != search.ForceNone {
			forcers[i].Add(e, k)
		}
	}
	src := localize.Sources{}
	if c, _ := f.Program.LoadedWith(); c.Overlay != nil {
		for name, b := range c.Overlay {
			src[name] = strings.Split(string(b), "\n")
		}
	}
	var found []forcedLine
	force := func(forced map[trace.EventID]trace.Value) (*encode.Candidate, error) { return encode.Force(t, forced) }
	add := func() {
		found = search.OriginsFirst(t, found, func(fl forcedLine) map[trace.EventID]trace.Value { return fl.forced })
		var ls []trace.Line
		for _, fl := range found {
			rep.Candidates = append(rep.Candidates, fl.cand)
			ls = append(ls, fl.line)
		}
		rep.Promote(ls, localize.EvidenceVerified)
	}
	for i, l := range lines {
		if forcers[i] == nil {
			continue
		}
		cand, forced, v, err := forcers[i].FirstPass(ctx, sub, trace.RunOptions{}, first.Res, force, &runs)
		if err != nil {
			add()
			return p.cut(ctx, i, len(lines), err)
		}
		if v != nil {
			found = append(found, forcedLine{line: l, cand: search.CandidateOf(src, cand, v, false), forced: forced})
			v.Release()
		}
	}
	add()
	return nil
}

// forcedLine is a line whose forced values made the case pass.
type forcedLine struct {
	line   trace.Line
	cand   localize.Candidate
	forced map[trace.EventID]trace.Value
}

// cut returns the error of a probe that stopped at err after done of
// lines lines.
func (p ForceProbe) cut(ctx context.Context, done, lines int, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("localize: force probe cut after %d lines of %d: %w", done, lines, context.Cause(ctx))
	}
	return fmt.Errorf("localize: force probe: %w", err)
}
