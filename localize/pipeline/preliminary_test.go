package pipeline

import (
	"context"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// selfScoring is a technique that is also a scorer, as sattar.Technique
// is: it counts its Localize and Score calls.
type selfScoring struct {
	agx.Technique
	mu                sync.Mutex
	localized, scored int
}

func (s *selfScoring) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	s.mu.Lock()
	s.localized++
	s.mu.Unlock()
	return s.Technique.Localize(ctx, f)
}

func (s *selfScoring) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	s.mu.Lock()
	s.scored++
	s.mu.Unlock()
	return localize.LineScores{}, nil
}

// scoresOf is a scorer of a type that == cannot compare (a slice field).
type scoresOf struct{ lines []int }

func (scoresOf) Score(context.Context, *localize.Failure) (localize.LineScores, error) {
	return localize.LineScores{}, nil
}

func TestWithoutTechnique(t *testing.T) {
	self, other := &selfScoring{}, &selfScoring{}
	plain := localize.DefaultScorers()[0]
	for _, tt := range []struct {
		name    string
		scorers []localize.Scorer
		tech    localize.Technique
		want    []localize.Scorer
	}{
		{"the technique left out", []localize.Scorer{self, plain}, self, []localize.Scorer{plain}},
		{"another value of its type kept", []localize.Scorer{other, plain}, self, []localize.Scorer{other, plain}},
		{"no technique", []localize.Scorer{self, plain}, nil, []localize.Scorer{self, plain}},
		{"a scorer == cannot compare", []localize.Scorer{scoresOf{lines: []int{1}}, self}, self, []localize.Scorer{scoresOf{lines: []int{1}}}},
		{"none", nil, self, nil},
	} {
		got := withoutTechnique(tt.scorers, tt.tech)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d scorers, want %d", tt.name, len(got), len(tt.want))
			continue
		}
		for i := range got {
			if localize.StageName(got[i]) != localize.StageName(tt.want[i]) {
				t.Errorf("%s: scorer %d is %s, want %s", tt.name, i, localize.StageName(got[i]), localize.StageName(tt.want[i]))
			}
		}
	}
}

// TestPreliminaryLeavesTechniqueOut: a technique that is also one of
// the scorers is not asked for scores by the preliminary rankings (that
// would run its whole search once more, beside the case's own): only
// the final ranking asks it, once for the one failing case. The search
// is in integers by default (testutil.QuickArith).
func TestPreliminaryLeavesTechniqueOut(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("localizes with the solver")
	}
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, testutil.Subject("floor"), true, 1)
	tech := &selfScoring{Technique: agx.Technique{Options: agx.Options{MaxSize: 1, MaxCandidates: 1, Arith: testutil.QuickArith()}}}
	var pre int
	opts := &Options{Technique: tech, Scorers: append([]localize.Scorer{tech}, localize.DefaultScorers()...), Refiners: []localize.Refiner{}, NoNative: true,
		Preliminary: func(i, n int, rep *localize.Report) { pre++ }}
	res, err := Run(ctx, prog, testutil.SubjectPkg("floor"), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Reports) != 1 || pre == 0 {
		t.Fatalf("%d reports, %d preliminary rankings; want 1 of each at least", len(res.Reports), pre)
	}
	if tech.localized != 1 || tech.scored != 1 {
		t.Errorf("the technique localized %d times and scored %d times; want once each (the final ranking's scores)", tech.localized, tech.scored)
	}
}
