package mutation_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// probeLines is how many first lines the probes of TestProbeShare mutate:
// fewer than the cases execute, so that a shared schema holds mutants of
// lines a case does not probe, some of them fixes of it.
const probeLines = 4

const casesPkg = "github.com/faultloc/faultloc/localize/mutation/testdata/probecases"

// probed is what a refiner of the pipeline was given for a case.
type probed struct {
	f       *localize.Failure
	ranking []localize.RankedLine
}

// recorder is a refiner that keeps each case's failure and ranking.
type recorder struct {
	mu    sync.Mutex
	cases []probed
}

func (r *recorder) Refine(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cases = append(r.cases, probed{f, slices.Clone(rep.Ranking)})
	return nil
}

type noTechnique struct{}

func (noTechnique) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	return &localize.Report{}, nil
}

// probeCases runs the pipeline on testdata/probecases and returns what
// its refiner is given for each failing case, by case name.
func probeCases(t *testing.T) []probed {
	t.Helper()
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/probecases", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	res, err := pipeline.Run(ctx, prog, casesPkg, &pipeline.Options{Technique: noTechnique{}, Refiners: []localize.Refiner{rec}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Failing) < 3 || len(rec.cases) != len(res.Failing) {
		t.Fatalf("failing %q, %d refined; want 3 or more, each refined", res.Failing, len(rec.cases))
	}
	slices.SortFunc(rec.cases, func(x, y probed) int { return cmp.Compare(x.f.Case.Name(), y.f.Case.Name()) })
	return rec.cases
}

// fixesOf returns the fixes a probe finds on c, as text.
func fixesOf(t *testing.T, p mutation.FixProbe, c probed) []string {
	t.Helper()
	rep := &localize.Report{Ranking: slices.Clone(c.ranking)}
	if err := p.Refine(context.Background(), rep, c.f); err != nil {
		t.Errorf("%s: %v", c.f.Case.Name(), err)
	}
	var out []string
	for _, m := range rep.Fixes {
		out = append(out, fmt.Sprintf("%d:%d %s %s -> %s %d/%d", m.Line, m.Column, m.Op, m.Orig, m.Repl, m.FailToPass, m.PassToFail))
	}
	return out
}

// TestProbeShare: the fix probes of several failing cases that share their
// mutant program (FixProbe.Share), one after another and all at once, find
// the same fixes as probes that each load their own, with fewer loads; a
// probe whose lines the shared program holds loads nothing.
func TestProbeShare(t *testing.T) {
	cases := probeCases(t)
	loads, undo := mutation.CountLoads()
	defer undo()

	want := map[string][]string{}
	for _, c := range cases {
		want[c.f.Case.Name()] = fixesOf(t, mutation.FixProbe{Lines: probeLines}, c)
	}
	if loads() != len(cases) {
		t.Fatalf("%d loads without a share, want %d (one a case)", loads(), len(cases))
	}
	found := 0
	for _, w := range want {
		found += len(w)
	}
	if found == 0 {
		t.Fatalf("no fix found for any case: %v", want)
	}

	t.Run("growing", func(t *testing.T) {
		before := loads()
		p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare)}
		for i, c := range cases {
			if got := fixesOf(t, p, c); !slices.Equal(got, want[c.f.Case.Name()]) {
				t.Errorf("%s: fixes %q with a share, %q without", c.f.Case.Name(), got, want[c.f.Case.Name()])
			}
			if i == 0 && loads()-before != 1 {
				t.Errorf("first case: %d loads, want 1", loads()-before)
			}
		}
		n := loads() - before
		if n > len(cases) {
			t.Errorf("%d loads for %d cases", n, len(cases))
		}
		// Every line asked is now held: a case asking for lines asked
		// before loads nothing.
		for _, c := range cases {
			fixesOf(t, p, c)
		}
		if again := loads() - before - n; again != 0 {
			t.Errorf("%d loads for lines the share holds, want 0", again)
		}
	})

	t.Run("second case", func(t *testing.T) {
		// The second case probes the first one's lines.
		second := probed{cases[1].f, cases[0].ranking}
		alone := fixesOf(t, mutation.FixProbe{Lines: probeLines}, second)
		before := loads()
		p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare)}
		fixesOf(t, p, cases[0])
		if got := fixesOf(t, p, second); !slices.Equal(got, alone) {
			t.Errorf("%s: fixes %q with a share, %q without", second.f.Case.Name(), got, alone)
		}
		if n := loads() - before; n != 1 {
			t.Errorf("%d loads for two cases of the same lines, want 1", n)
		}
	})

	t.Run("cut while loading", func(t *testing.T) {
		// The first probe's bound ends during its load: the load goes
		// on, and the next probe of the same lines runs on it.
		before := loads()
		p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare)}
		defer p.Share.Close()
		c := cases[0]
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		rep := &localize.Report{Ranking: slices.Clone(c.ranking)}
		if err := p.Refine(ctx, rep, c.f); err == nil {
			t.Errorf("%s: probe with a bound of 1ms: no error", c.f.Case.Name())
		}
		if got := fixesOf(t, p, c); !slices.Equal(got, want[c.f.Case.Name()]) {
			t.Errorf("%s: fixes %q after a cut load, %q alone", c.f.Case.Name(), got, want[c.f.Case.Name()])
		}
		if n := loads() - before; n != 1 {
			t.Errorf("%d loads, want 1: the cut probe's load goes on", n)
		}
	})

	t.Run("prefetched", func(t *testing.T) {
		// A prefetch of every line a case ranks loads once; the probe
		// of its first lines, after it, runs on that load.
		before := loads()
		p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare)}
		defer p.Share.Close()
		c := cases[0]
		var lines []trace.Line
		for _, rl := range c.ranking {
			lines = append(lines, rl.SourceLine())
		}
		p.Prefetch(context.Background(), c.f, lines)
		p.Prefetch(context.Background(), c.f, lines[:1]) // under way: nothing more
		if got := fixesOf(t, p, c); !slices.Equal(got, want[c.f.Case.Name()]) {
			t.Errorf("%s: fixes %q after a prefetch, %q alone", c.f.Case.Name(), got, want[c.f.Case.Name()])
		}
		p.Prefetch(context.Background(), c.f, lines[:2]) // held: nothing more
		if n := loads() - before; n != 1 {
			t.Errorf("%d loads, want 1: the prefetch's", n)
		}
		mutation.FixProbe{}.Prefetch(context.Background(), c.f, lines) // no share: nothing
		if n := loads() - before; n != 1 {
			t.Errorf("%d loads after a prefetch without a share, want 1", n)
		}
	})

	t.Run("prefetched in part", func(t *testing.T) {
		// A probe of lines a prefetch holds in part runs those at once
		// and loads the others: the same fixes, in the ranking's order.
		for _, c := range cases {
			before := loads()
			p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare)}
			var lines []trace.Line
			for _, rl := range c.ranking[:min(probeLines, len(c.ranking))] {
				lines = append(lines, rl.SourceLine())
			}
			p.Prefetch(context.Background(), c.f, lines[len(lines)/2:])
			// Wait for it: a probe of those lines runs on it.
			if _, err := p.Fixes(context.Background(), []*localize.Failure{c.f}, lines[len(lines)/2:]); err != nil {
				t.Fatal(err)
			}
			if got := fixesOf(t, p, c); !slices.Equal(got, want[c.f.Case.Name()]) {
				t.Errorf("%s: fixes %q after a prefetch of some lines, %q alone", c.f.Case.Name(), got, want[c.f.Case.Name()])
			}
			p.Share.Close()
			if n := loads() - before; n != 2 {
				t.Errorf("%s: %d loads, want 2: the prefetch's and the other lines'", c.f.Case.Name(), n)
			}
		}
	})

	t.Run("concurrent", func(t *testing.T) {
		before := loads()
		p := mutation.FixProbe{Lines: probeLines, Share: new(mutation.ProbeShare), Parallel: 2}
		got := make([][]string, len(cases))
		var wg sync.WaitGroup
		for i, c := range cases {
			wg.Go(func() { got[i] = fixesOf(t, p, c) })
		}
		wg.Wait()
		for i, c := range cases {
			if !slices.Equal(got[i], want[c.f.Case.Name()]) {
				t.Errorf("%s: fixes %q with a share at once, %q alone", c.f.Case.Name(), got[i], want[c.f.Case.Name()])
			}
		}
		if n := loads() - before; n > len(cases) || n < 1 {
			t.Errorf("%d loads for %d cases at once", n, len(cases))
		}
	})
}

// TestProbeCut: a probe cut by its context returns, with the error, the
// fixes of the lines it settled before the cut, the first lines of the
// ranking.
func TestProbeCut(t *testing.T) {
	cases := probeCases(t)
	p := mutation.FixProbe{Lines: probeLines}
	for _, c := range cases {
		want := fixesOf(t, p, c)
		if len(want) == 0 {
			continue
		}
		first := want[0][:strings.Index(want[0], ":")]
		at := slices.IndexFunc(c.ranking, func(rl localize.RankedLine) bool { return fmt.Sprint(rl.Line) == first })
		if at < 0 || at >= probeLines {
			t.Fatalf("%s: fix %q not among the first %d lines of %v", c.f.Case.Name(), want[0], probeLines, c.ranking)
		}
		ctx, cancel := context.WithCancel(context.Background())
		undo := mutation.CancelAfterLines(at+1, cancel)
		rep := &localize.Report{Ranking: slices.Clone(c.ranking)}
		err := p.Refine(ctx, rep, c.f)
		undo()
		cancel()
		if err == nil || !strings.Contains(err.Error(), "fix probe cut after") {
			t.Errorf("%s: probe cut after line %d: error %v, want a cut", c.f.Case.Name(), at+1, err)
		}
		if len(rep.Fixes) != 1 || fmt.Sprint(rep.Fixes[0].Line) != first {
			t.Errorf("%s: cut probe's fixes %+v, want the first one of %q", c.f.Case.Name(), rep.Fixes, want)
		}
		if len(rep.Ranking) == 0 || fmt.Sprint(rep.Ranking[0].Line) != first || rep.Ranking[0].Evidence != localize.EvidenceMutation {
			t.Errorf("%s: cut probe's first line %+v, want line %s by mutation", c.f.Case.Name(), rep.Ranking[:1], first)
		}
		return
	}
	t.Fatal("no case with a fix")
}
