package localize

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// scorerFunc is a Scorer made of a function.
type scorerFunc func(ctx context.Context, f *Failure) (LineScores, error)

func (s scorerFunc) Score(ctx context.Context, f *Failure) (LineScores, error) { return s(ctx, f) }

func fixed(ls LineScores) Scorer {
	return scorerFunc(func(context.Context, *Failure) (LineScores, error) { return ls, nil })
}

// TestProduct multiplies scores line by line and leaves out the lines
// any scorer leaves out; an error of any scorer is Product's.
func TestProduct(t *testing.T) {
	a, b, c := trace.Line{File: "p.go", Line: 1}, trace.Line{File: "p.go", Line: 2}, trace.Line{File: "p.go", Line: 3}
	boom := errors.New("boom")
	for _, tt := range []struct {
		name string
		p    Product
		want LineScores
		err  error
	}{
		{"empty", Product{}, LineScores{}, nil},
		{"one", Product{fixed(LineScores{a: 0.5, b: 2})}, LineScores{a: 0.5, b: 2}, nil},
		{"two", Product{fixed(LineScores{a: 0.5, b: 2}), fixed(LineScores{a: 0.5, c: 7})}, LineScores{a: 0.25}, nil},
		{"three", Product{fixed(LineScores{a: 1, b: 2, c: 3}), fixed(LineScores{a: 2, b: 2, c: 2}), fixed(LineScores{b: 0.5, c: 0})}, LineScores{b: 2, c: 0}, nil},
		{"error", Product{fixed(LineScores{a: 1}), scorerFunc(func(context.Context, *Failure) (LineScores, error) { return nil, boom })}, nil, boom},
	} {
		got, err := tt.p.Score(context.Background(), &Failure{})
		if !errors.Is(err, tt.err) || !maps.Equal(got, tt.want) {
			t.Errorf("%s: Score = %v, %v; want %v, %v", tt.name, got, err, tt.want, tt.err)
		}
	}
	// The input maps are not changed.
	in := LineScores{a: 0.5, b: 2}
	if _, err := (Product{fixed(in), fixed(LineScores{a: 3})}).Score(context.Background(), &Failure{}); err != nil || len(in) != 2 || in[a] != 0.5 {
		t.Errorf("Product changed its first scorer's scores: %v (%v)", in, err)
	}
}

// TestProximityScorer: on foo's failing case the scored lines are the
// slice's, each in (0, 1], and the return that hands the wrong result to
// the test is closer to the failure than the assignment b := x + y, whose
// value reaches it only through the return.
func TestProximityScorer(t *testing.T) {
	ctx := context.Background()
	prog, pkg := loadFoo(t)
	f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestFoo/testFoo")}
	prox, err := ProximityScorer{}.Score(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	slice, err := SliceScorer{}.Score(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(prox) == 0 || len(prox) != len(slice) {
		t.Fatalf("proximity scores %v, slice %v: want the same lines", prox, slice)
	}
	var ret, first float64
	for l, x := range prox {
		if _, ok := slice[l]; !ok || x <= 0 || x > 1 {
			t.Errorf("line %v: proximity %v (in slice: %v), want in (0, 1] on a slice line", l, x, ok)
		}
		switch l.Line {
		case 21:
			ret = x
		case 11:
			first = x
		}
	}
	if !(ret > first && first > 0) {
		t.Errorf("proximity of return b %v, of b := x + y %v: want the return closer", ret, first)
	}

	// In the relevant slice, the guard whose other branch would have
	// assigned b is one dependence from the result, and the faulty
	// line that fed it is in too; the dynamic slice holds neither.
	rel, err := ProximityScorer{Relevant: true}.Score(ctx, f)
	if err != nil {
		t.Fatal(err)
	}
	for l, x := range prox {
		if y := rel[l]; y < x {
			t.Errorf("line %v: relevant proximity %v below the dynamic slice's %v (its distances are never longer)", l, y, x)
		}
	}
	fooLine := func(line int) trace.Line {
		for l := range rel {
			if filepath.Base(l.File) == "foo.go" && l.Line == line {
				return l
			}
		}
		return trace.Line{}
	}
	for _, line := range []int{18, 14} {
		l := fooLine(line)
		if _, ok := slice[l]; ok {
			t.Errorf("line %d in the dynamic slice %v", line, slice)
		}
		if rel[l] <= 0 {
			t.Errorf("line %d: relevant proximity %v, want it scored (relevant %v)", line, rel[l], rel)
		}
	}
	// The guard is further from the failure than the result it would
	// have changed, and nearer than the faulty line that fed it.
	if guard, ret, fault := rel[fooLine(18)], rel[fooLine(21)], rel[fooLine(14)]; !(fault < guard && guard < ret) {
		t.Errorf("relevant proximity of return b %v, of the guard %v, of the faulty line %v: want them in decreasing order", ret, guard, fault)
	}
}

// namedCase is a Case that only has a name, for scorers that read the
// spectrum's row of the case.
type namedCase string

func (c namedCase) Name() string { return string(c) }
func (c namedCase) Run(context.Context, *trace.RunOptions) (*trace.CaseResult, error) {
	return nil, errors.New("namedCase does not run")
}

// TestSpectrumScorerOwnLines: a failing case's spectrum scores are the
// lines it executed, not those only another failing case executed; a
// case without a failing row of its own gets the lines of every failing
// case.
func TestSpectrumScorerOwnLines(t *testing.T) {
	l := func(n int) spectra.Element { return spectra.Element{Kind: spectra.Line, File: "p.go", Line: n} }
	m := spectra.NewMatrix()
	for _, r := range []struct {
		name   string
		failed bool
		lines  []spectra.Element
	}{
		{"A", true, []spectra.Element{l(1), l(2)}},
		{"B", true, []spectra.Element{l(2), l(3)}},
		{"P", false, []spectra.Element{l(1), l(4)}},
	} {
		if _, err := m.Add(spectra.TestRun{Name: r.name, Failed: r.failed}, r.lines); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		c    trace.Case
		want []int
	}{
		{namedCase("A"), []int{1, 2}},
		{namedCase("B"), []int{2, 3}},
		{namedCase("P"), []int{1, 2, 3}}, // passed: not its own failure
		{namedCase("other"), []int{1, 2, 3}},
		{nil, []int{1, 2, 3}},
	} {
		got, err := SpectrumScorer{}.Score(context.Background(), &Failure{Case: tt.c, Spectrum: m})
		if err != nil {
			t.Fatal(err)
		}
		var lines []int
		for ln := range got {
			lines = append(lines, ln.Line)
		}
		slices.Sort(lines)
		if !slices.Equal(lines, tt.want) {
			t.Errorf("case %v: lines %v, want %v", tt.c, lines, tt.want)
		}
	}
}

// TestRankSharedRunError: the default scorers that slice a case that
// cannot run share its one failed run, and the report says so once.
func TestRankSharedRunError(t *testing.T) {
	rep := NewReport("TestX", "none", "failed", nil)
	Rank(context.Background(), rep, &Failure{Case: namedCase("TestX")}, DefaultScorers()...)
	if n := strings.Count(rep.Reason, "namedCase does not run"); n != 1 {
		t.Errorf("reason %q: names the run's error %d times, want once", rep.Reason, n)
	}
	if !strings.Contains(rep.Reason, "spectrum") {
		t.Errorf("reason %q: want the spectrum's error too", rep.Reason)
	}
}

// TestFuseScores: each line Fuse ranks carries the evidence that placed it
// and that evidence's score (the first source that scores it); a verified
// candidate's line and a line a refiner promotes carry none, nor does an
// infinite score, which JSON cannot hold.
func TestFuseScores(t *testing.T) {
	a, b, c, d, v := trace.Line{File: "f.go", Line: 1}, trace.Line{File: "f.go", Line: 2}, trace.Line{File: "f.go", Line: 3}, trace.Line{File: "f.go", Line: 4}, trace.Line{File: "f.go", Line: 9}
	rep := &Report{Candidates: []Candidate{{Verified: true, Locations: []Location{{Position: At(v)}}}}}
	rep.Fuse([]Evidence{EvidenceSlice, EvidenceSpectrum},
		LineScores{a: 0.5, d: math.Inf(1)},
		LineScores{a: 0.9, b: 0.25, c: 0})
	type got struct {
		line  int
		rank  int
		ev    Evidence
		score float64
	}
	want := []got{{9, 1, EvidenceVerified, 0}, {4, 2, EvidenceSlice, 0}, {1, 3, EvidenceSlice, 0.5}, {2, 4, EvidenceSpectrum, 0.25}, {3, 5, EvidenceSpectrum, 0}}
	var have []got
	for _, rl := range rep.Ranking {
		have = append(have, got{rl.Line, rl.Rank, rl.Evidence, rl.Score})
	}
	if !slices.Equal(have, want) {
		t.Errorf("Fuse ranking %v, want %v", have, want)
	}
	if _, err := json.Marshal(rep); err != nil {
		t.Errorf("JSON of the fused report: %v", err)
	}
	rep.Promote([]trace.Line{b}, EvidenceMutation)
	if rl := rep.Ranking[0]; rl.Line != 2 || rl.Evidence != EvidenceMutation || rl.Score != 0 {
		t.Errorf("promoted line %+v, want line 2 with evidence %s and no score", rl, EvidenceMutation)
	}
	if rl := rep.Ranking[3]; rl.Line != 1 || rl.Score != 0.5 {
		t.Errorf("line after the promoted one %+v, want line 1 keeping its score 0.5", rl)
	}
}

// TestSharedScores: the scorers of a failure that shares its recording
// compute a slice and its distances once: asked again, even with a
// context that has ended, they give the same scores (a failure without
// a shared recording records the run again, which the ended context
// stops), and each call gets its own copy.
func TestSharedScores(t *testing.T) {
	ctx := context.Background()
	prog, pkg := loadFoo(t)
	ended, cancel := context.WithCancel(ctx)
	cancel()
	for _, tt := range []struct {
		name string
		s    Scorer
	}{{"slice", SliceScorer{}}, {"relevant slice", SliceScorer{Relevant: true}}, {"proximity", ProximityScorer{}}, {"relevant proximity", ProximityScorer{Relevant: true}}} {
		s := tt.s
		f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestFoo/testFoo")}
		if _, err := s.Score(ended, f); err == nil {
			t.Errorf("%s: scored with an ended context and no shared recording", tt.name)
		}
		shared, release := f.ShareRecording()
		first, err := s.Score(ctx, shared)
		if err != nil || len(first) == 0 {
			t.Fatalf("%s: %v, %v", tt.name, first, err)
		}
		for l := range first {
			first[l] = -1 // the caller's copy
			break
		}
		again, err := s.Score(ended, shared)
		if err != nil {
			t.Errorf("%s: asked again: %v", tt.name, err)
		}
		fresh, _ := s.Score(ctx, &Failure{Program: prog, Package: pkg, Case: f.Case})
		if !maps.Equal(again, fresh) {
			t.Errorf("%s: asked again %v, want %v", tt.name, again, fresh)
		}
		release()
		if _, err := s.Score(ended, shared); err == nil {
			t.Errorf("%s: scored after the shared recording's release", tt.name)
		}
	}
}

// loadFoo loads examples/foo with its tests.
func loadFoo(t *testing.T) (*trace.Program, string) {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../examples/foo", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	return prog, pkg
}

// TestLineOf: the events of foo's failing run that a ranking holds have
// lines of foo.go; an event the trace does not hold (a panic's NoEvent,
// one past its end) has none, rather than a panic.
func TestLineOf(t *testing.T) {
	ctx := context.Background()
	prog, pkg := loadFoo(t)
	f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestFoo/testFoo")}
	g, _, release, err := FailureGraph(ctx, f, trace.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	tr := g.Trace()
	lines := 0
	for e := range tr.Len() {
		if l, ok := LineOf(tr, trace.EventID(e)); ok {
			lines++
			if filepath.Base(l.File) != "foo.go" || l.Line <= 0 {
				t.Errorf("event %d: line %v, want one of foo.go", e, l)
			}
		}
	}
	if lines == 0 {
		t.Errorf("no event of %d has a line", tr.Len())
	}
	for _, e := range []trace.EventID{trace.NoEvent, -5, trace.EventID(tr.Len())} {
		if l, ok := LineOf(tr, e); ok {
			t.Errorf("LineOf(%d) = %v, true; want false", e, l)
		}
	}
}
