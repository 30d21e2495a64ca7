package pipeline

import (
	"context"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
)

// PreliminaryMode is the Mode of a preliminary report
// (Options.Preliminary).
const PreliminaryMode = "preliminary"

// preliminary returns the report of f ranked by the scorers alone (and
// the native evidence), before any technique runs.
func preliminary(ctx context.Context, f *localize.Failure, scorers []localize.Scorer, share int, note string) *localize.Report {
	start := time.Now()
	rep := &localize.Report{Test: f.Case.Name(), Mode: PreliminaryMode, Failure: failureOf(ctx, f), Candidates: []localize.Candidate{}, Partial: true,
		Reason: localize.JoinReason("preliminary: ranked before the technique ran", note)}
	localize.Rank(ctx, rep, f, scorers...)
	if len(scorers) > 0 {
		native.Fuse(ctx, rep, f, share)
	}
	rep.Stats.Total = time.Since(start)
	return rep
}
