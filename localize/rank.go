package localize

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// DefaultScorers returns the evidence of the package pipeline's default
// ranking, in order of precedence: first the lines of the failure's dynamic slice,
// by their spectrum score (Ochiai over the package's cases) divided by
// the square root of one plus their distance from the failure in the
// relevant slice's dependences (Product of SliceScorer, ProximityScorer
// with Relevant, and SpectrumScorer); then the lines only the relevant
// slice holds (branches whose other outcome would have changed what the
// failure read), by the same score; then the other lines the failing
// case executed, by their spectrum score.
// bench/realbugs/RANKERS.md (go run ./bench/realbugs -kinds rankers)
// compares the rule with others.
func DefaultScorers() []Scorer {
	near := ProximityScorer{Relevant: true}
	return []Scorer{Product{SliceScorer{}, near, SpectrumScorer{}}, Product{near, SpectrumScorer{}}, SpectrumScorer{}}
}

// DefaultEvidenceTimeout is the default bound of the run of each case
// that only adds evidence to the spectrum (the pipeline's
// Options.EvidenceTimeout): long enough for any unit test under the
// interpreter, short of a test that pushes megabytes through reflection.
const DefaultEvidenceTimeout = 30 * time.Second

// Rank completes rep's ranking with the scorers' evidence for f
// ([Report.Fuse]). A scorer that fails, or panics ([Guard]), adds
// nothing; its error is noted in rep.Reason.
func Rank(ctx context.Context, rep *Report, f *Failure, scorers ...Scorer) {
	if f.graphs == nil {
		// The scorers that slice the case share one recorded run.
		shared := *f
		shared.graphs = &graphCache{}
		defer shared.graphs.close()
		f = &shared
	}
	var names []Evidence
	var scores []LineScores
	for _, s := range scorers {
		var ls LineScores
		err := Guard(StageName(s), func() (err error) {
			ls, err = s.Score(ctx, f)
			return err
		})
		if err != nil {
			if msg := "ranking: " + err.Error(); !strings.Contains(rep.Reason, msg) {
				// Scorers that slice the same run fail alike: said once.
				rep.Reason = JoinReason(rep.Reason, msg)
			}
			continue
		}
		names = append(names, EvidenceOf(s))
		scores = append(scores, ls)
	}
	rep.Fuse(names, scores...)
}

// EvidenceOf names the evidence of a scorer's scores: its Evidence
// method's, if it has one, else EvidenceCombined.
func EvidenceOf(s Scorer) Evidence {
	if e, ok := s.(interface{ Evidence() Evidence }); ok {
		return e.Evidence()
	}
	return EvidenceCombined
}

// JoinReason appends msg to a report's reason, "; " between them (an
// empty one adds nothing).
func JoinReason(reason, msg string) string {
	if reason == "" {
		return msg
	}
	if msg == "" {
		return reason
	}
	return reason + "; " + msg
}

// DefaultFirstLines is how many lines of the failures' ranking
// diagnose.Diagnoser checks first as diagnoses of one statement
// (diagnose.Options.First): a margin over the ranks of the faulty
// lines in bench/realbugs/DIAGNOSE.md (go run ./bench/realbugs -kinds
// diagnose), not a measured optimum.
const DefaultFirstLines = 10

// maxRankedFailures bounds the failures RankedLines ranks lines for.
const maxRankedFailures = 4

// RankedLines returns the first n lines of a ranking of the failures
// together: each of the first failures (four at most) ranked by
// [DefaultScorers] ([Rank]), a line by its worst rank among them; only
// the lines every one of them ranks, ties in source order. A diagnosis
// of one statement must be executed in every failing case it explains.
func RankedLines(ctx context.Context, fs []*Failure, n int) []trace.Line {
	k := min(len(fs), maxRankedFailures)
	worst := map[trace.Line]int{}
	count := map[trace.Line]int{}
	for _, f := range fs[:k] {
		rep := &Report{Candidates: []Candidate{}}
		Rank(ctx, rep, f, DefaultScorers()...)
		for _, rl := range rep.Ranking {
			l := rl.SourceLine()
			worst[l] = max(worst[l], rl.Rank)
			count[l]++
		}
	}
	var out []trace.Line
	for l, c := range count {
		if c == k {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b trace.Line) int {
		return cmp.Or(cmp.Compare(worst[a], worst[b]), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}
