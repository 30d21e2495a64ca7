package pipeline

import (
	"context"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// prefetchLines is how many of a case's preliminary ranking's first
// lines the refiners that prefetch are given: more than a fix probe
// mutates (mutation.DefaultProbeLines), as the final ranking, which the
// probe reads, reorders them; the mutants of more lines add little to
// the load, most of which is compiling and type-checking the package.
const prefetchLines = 200

// prefetcher is a refiner that can start its costly set-up for a case
// before its turn comes, after the search: [mutation.FixProbe.Prefetch]
// loads the mutant program of the lines, which is most of a probe's
// cost, beside the search.
type prefetcher interface {
	Prefetch(ctx context.Context, f *localize.Failure, lines []trace.Line)
}

// prefetch gives the refiners that prefetch the first lines of the
// preliminary report rep of f.
func prefetch(ctx context.Context, refiners []localize.Refiner, f *localize.Failure, rep *localize.Report) {
	var lines []trace.Line
	for _, rl := range rep.Ranking {
		if len(lines) == prefetchLines {
			break
		}
		lines = append(lines, rl.SourceLine())
	}
	if len(lines) == 0 {
		return
	}
	for _, r := range refiners {
		if p, ok := r.(prefetcher); ok {
			p.Prefetch(ctx, f, lines)
		}
	}
}
