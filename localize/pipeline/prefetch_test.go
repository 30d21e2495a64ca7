package pipeline

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// prefetchRecorder is a refiner that prefetches: it keeps the lines it
// is given, and whether they came before its refinement of the case.
type prefetchRecorder struct {
	mu      sync.Mutex
	lines   map[string][]trace.Line // by case
	refined map[string]bool         // cases refined before their prefetch
}

func (r *prefetchRecorder) Prefetch(ctx context.Context, f *localize.Failure, lines []trace.Line) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.refined[f.Case.Name()] {
		r.lines[f.Case.Name()] = nil // too late
		return
	}
	r.lines[f.Case.Name()] = slices.Clone(lines)
}

func (r *prefetchRecorder) Refine(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.refined[f.Case.Name()] = true
	return nil
}

// TestPrefetch: a refiner that prefetches gets the first lines of each
// failing case's preliminary ranking before it refines the case.
func TestPrefetch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	prog, _ := testutil.LoadSubject(ctx, t, "../testdata/probe", true, 1)
	rec := &prefetchRecorder{lines: map[string][]trace.Line{}, refined: map[string]bool{}}
	var pre []trace.Line
	res, err := Run(ctx, prog, testutil.SubjectPkg("probe"), &Options{Technique: none, NoNative: true,
		Refiners: []localize.Refiner{rec},
		Preliminary: func(i, n int, rep *localize.Report) {
			pre = nil
			for _, rl := range rep.Ranking[:min(prefetchLines, len(rep.Ranking))] {
				pre = append(pre, rl.SourceLine())
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) != 1 || len(pre) == 0 {
		t.Fatalf("failing %q, preliminary lines %v: want one case, ranked", res.Failing, pre)
	}
	got := rec.lines[res.Failing[0]]
	if !slices.Equal(got, pre) {
		t.Errorf("prefetched %v, want the preliminary ranking's lines %v", got, pre)
	}
	if !rec.refined[res.Failing[0]] {
		t.Errorf("case not refined")
	}
}
