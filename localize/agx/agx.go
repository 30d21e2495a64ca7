package agx

import (
	"context"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// Options configure AgxFaults. The zero value is the default.
type Options = search.Options

// Hooks replace parts of the AgxFaults loop ([Options].Hooks); a nil
// field keeps the built-in part.
type Hooks = search.Hooks

// Engine chooses the Z3 solver localization checks with.
type Engine = search.Engine

// The engines (see [Engine]).
const (
	AutoEngine   = search.AutoEngine
	SMTEngine    = search.SMTEngine
	BVEngine     = search.BVEngine
	HybridEngine = search.HybridEngine
)

// Technique is AgxFaults as a [localize.Technique]: [Localize] with
// Options. It names itself by its encoding ("agx", "pf", "fs", "fi").
type Technique = search.Technique

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
// case, a panic. A candidate is verified when the re-run case passes; a
// case that passes is [localize.ErrTestPasses].
//
// Cancelling ctx (or its deadline) stops the enumeration: the report then
// holds the candidates found so far and is marked Partial.
func Localize(ctx context.Context, prog *trace.Program, c trace.Case, opts *Options) (*localize.Report, error) {
	return search.Localize(ctx, prog, c, opts)
}

// NewCandidate turns a decoded correction set (encode.Encoder.Decode) and
// the replay of the case with its hooks into a report's Candidate, for a
// caller that runs its own search: its statements' locations (with the
// source lines quoted; byExpr gives each its column and expression, for
// encode.ByExpression), its angelic values, the path of the replay, and
// Verified set when the replay passed.
func NewCandidate(c *encode.Candidate, replay *trace.CaseResult, byExpr bool) localize.Candidate {
	return search.NewCandidate(c, replay, byExpr)
}
