package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// TestStatus: Options.Status hears each stage as it starts, in the
// order of the run: the selected cases, the listing of the others and
// their interpretation counted up to their number, then per failing
// case its preliminary ranking, the search within its share of the
// case's bound, the ranking, each refiner by name, and its end, counted among the cases
// localized. With the evidence interpreted three cases at once, the
// stages and the spectrum are the same.
func TestStatus(t *testing.T) {
	t.Parallel()
	var spectra []string
	for _, par := range []int{1, 3} {
		t.Run(fmt.Sprint(par), func(t *testing.T) { spectra = append(spectra, testStatus(t, par)) })
	}
	if len(spectra) == 2 && spectra[0] != spectra[1] {
		t.Errorf("spectrum, one case at a time:\n%s\nthree at once:\n%s", spectra[0], spectra[1])
	}
}

func testStatus(t *testing.T, par int) string {
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/crash", true, 5)
	endlessBudget(prog)
	none := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		return localize.NewReport(f.Case.Name(), "none", "failed", nil), nil
	})
	var got []Status
	opts := &Options{Run: "^TestWindow$", Technique: none, NoNative: true, Timeout: time.Minute, EvidenceParallel: par,
		Refiners:    []localize.Refiner{refinerFunc(func(context.Context, *localize.Report, *localize.Failure) error { return nil })},
		Preliminary: func(int, int, *localize.Report) {},
		Status:      func(s Status) { got = append(got, s) }}
	start := time.Now()
	res, err := Run(ctx, prog, testutil.SubjectPkg("crash"), opts)
	if err != nil {
		t.Fatal(err)
	}
	var stages []string
	for i, s := range got {
		name := s.Stage
		if s.Case != "" {
			name += " " + s.Case
		}
		if s.Refiner != "" {
			name += " " + s.Refiner
		}
		if len(stages) == 0 || stages[len(stages)-1] != name {
			stages = append(stages, name)
		}
		if s.At.Before(start) || i > 0 && s.At.Before(got[i-1].At) {
			t.Errorf("status %d at %v: before the run or the status before it", i, s.At)
		}
		switch s.Stage {
		case StageListing, StageEvidence:
			// Half of the first case's minute (bound.go).
			if d := s.Deadline.Sub(start); s.Done > s.Total || d < 30*time.Second || d > 31*time.Second {
				t.Errorf("%s: %d of %d, deadline %v after the start; want 30s, half of the first case's bound", s.Stage, s.Done, s.Total, d)
			}
		case StageSearch:
			// Two thirds of what is left of the minute.
			if d := s.Deadline.Sub(s.At); s.Failing != 1 || s.Localized != 0 || d > 40*time.Second || d < 25*time.Second || s.Deadline.After(start.Add(time.Minute+time.Second)) {
				t.Errorf("search: %d of %d cases, deadline %v after it; want 0 of 1, two thirds of what the minute's bound leaves", s.Localized, s.Failing, d)
			}
		case StageCaseDone:
			if s.Failing != 1 || s.Localized != 1 {
				t.Errorf("case done: %d of %d cases, want 1 of 1", s.Localized, s.Failing)
			}
		}
	}
	refiner := fmt.Sprintf("%T", opts.Refiners[0])
	want := []string{"spectrum", "listing", "evidence", "spectrum", "preliminary TestWindow", "search TestWindow", "rank TestWindow", "refine TestWindow " + refiner, "case done TestWindow"}
	if !slices.Equal(stages, want) {
		t.Errorf("stages:\n%s\nwant:\n%s", strings.Join(stages, "\n"), strings.Join(want, "\n"))
	}
	last := func(stage string) Status {
		for i := len(got) - 1; i >= 0; i-- {
			if got[i].Stage == stage {
				return got[i]
			}
		}
		return Status{}
	}
	for _, stage := range []string{StageListing, StageEvidence} {
		if s := last(stage); s.Total == 0 || s.Done != s.Total {
			t.Errorf("%s ends at %d of %d, want all of them (more than none)", stage, s.Done, s.Total)
		}
	}
	return dumpMatrix(res.Spectrum)
}

// TestWaitToRefuseSays: while Run waits, after the cases, for the native
// stage to fuse their reports again (waitToRefuse), Options.Status hears
// StageNative with the sooner of the cases' bound and the stage's own
// (where the stage ends at the latest); it hears nothing when there is no
// wait: the stage done, or the cases' bound past.
func TestWaitToRefuseSays(t *testing.T) {
	const soon, later = 30 * time.Millisecond, time.Hour
	for _, tt := range []struct {
		name      string
		done      bool
		stageEnds time.Duration // from now, the stage's own bound (0: none)
		due       time.Duration // from now, the cases' bound
		want      time.Duration // the Deadline heard, from now (0: nothing heard)
	}{
		{"waits to the cases' bound", false, later, soon, soon},
		{"the stage's bound first", false, soon, later, soon},
		{"no stage bound", false, 0, soon, soon},
		{"stage done", true, later, soon, 0},
		{"bound past", false, later, -time.Second, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			now := time.Now()
			s := &nativeStage{done: make(chan struct{})}
			if tt.stageEnds != 0 {
				s.deadline = now.Add(tt.stageEnds)
				stop := time.AfterFunc(tt.stageEnds, func() { close(s.done) }) // the stage ends by its bound
				defer stop.Stop()
			}
			if tt.done {
				close(s.done)
			}
			var got []Status
			status := newStatus(func(st Status) { got = append(got, Status{Stage: st.Stage, Deadline: st.Deadline}) })
			waitToRefuse(context.Background(), s, status, now.Add(tt.due))
			var want []Status
			if tt.want != 0 {
				want = []Status{{Stage: StageNative, Deadline: now.Add(tt.want)}}
			}
			if !slices.EqualFunc(got, want, func(a, b Status) bool { return a.Stage == b.Stage && a.Deadline.Equal(b.Deadline) }) {
				t.Errorf("Status heard %v; want %v", got, want)
			}
		})
	}
}
