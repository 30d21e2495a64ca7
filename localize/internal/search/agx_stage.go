package search

import (
	"context"
	"errors"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// Localize localizes the fault behind the failing test case c of prog
// with the incremental angelic fix localization of AgxFaults (Algorithm 1
// of the paper), or with the PF, FS or FI encodings for comparison. It
// returns every minimal fix candidate within the bounds, each verified by
// re-running the case with its angelic values substituted.
//
// The oracle is the case's own: for a Go test case
// ([trace.Program.GoTestCase]; the program loaded with its tests) its
// assertions, or with Options.FirstFailure its first failing check, or
// for an Example its output comment; for a test given as data
// ([trace.Program.TestCase]) its expected results (a predicate oracle
// cannot be encoded: the error wraps [encode.ErrNotEncodable]); for any
// case, a panic. A candidate is verified when the re-run case passes.
//
// Cancelling ctx (or its deadline) stops the encoding or the enumeration:
// the report then holds the failure and the candidates found so far and
// is marked Partial. Only a failing run that the cancellation stops is an
// error.
func Localize(ctx context.Context, prog *trace.Program, c trace.Case, opts *Options) (*localize.Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	if c == nil {
		return nil, errors.New("localize: AgxFaults: no test case")
	}
	return Search(ctx, &Subject{Prog: prog, Case: c, FirstOnly: opts.FirstFailure}, opts, nil)
}

// Technique is AgxFaults as a [localize.Technique]: [Localize] with Options.
type Technique struct {
	Options Options
}

var _ localize.Technique = (*Technique)(nil)

// Name is the encoding's name ("agx", "pf", "fs", "fi"), the Mode of
// the reports.
func (a *Technique) Name() string { return a.Options.Mode.String() }

// Localize runs [Localize] on f's case.
func (a *Technique) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	opts := a.Options
	if f.Found == nil {
		return Localize(ctx, f.Program, f.Case, &opts)
	}
	if f.Case == nil {
		return nil, errors.New("localize: AgxFaults: no test case")
	}
	ext := &Extension{Decoded: func(_ *encode.Candidate, out localize.Candidate) { f.Found(out) }}
	return Search(ctx, &Subject{Prog: f.Program, Case: f.Case, FirstOnly: opts.FirstFailure}, &opts, ext)
}

// NewCandidate turns a decoded correction set (encode.Encoder.Decode) and
// the replay of the case with its hooks into a report's Candidate, for a
// caller that runs its own search: its statements' locations (with the
// source lines quoted; byExpr gives each its column and expression, for
// encode.ByExpression), its angelic values, the path of the replay, and
// Verified set when the replay passed.
func NewCandidate(c *encode.Candidate, replay *trace.CaseResult, byExpr bool) localize.Candidate {
	v := &Verdict{Res: &trace.Result{}}
	if replay != nil && replay.Result != nil {
		v.Res, v.Passed = replay.Result, replay.Passed()
	}
	return CandidateOf(localize.Sources{}, c, v, byExpr)
}
