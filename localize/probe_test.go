package localize

import (
	"cmp"
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// none is a technique that finds nothing: the ranking is the scorers'.
var none = techniqueFunc(func(ctx context.Context, f *Failure) (*Report, error) {
	return NewReport(f.Case.Name(), "none", "failed", nil), nil
})

// TestFixProbe: on testdata/probe the default pipeline's probe finds the
// plausible fixes of the failing case among the mutants of the ranking's
// first lines, one per line, and moves their lines to the front; the
// line whose only mutant that passes the failing case breaks a passing
// one (bonus := 0 -> 1 makes Grade(90) "top") stays where it was. Each
// fix is checked by an independent oracle: the mutant's text put into
// the source, loaded afresh, and every case run.
func TestFixProbe(t *testing.T) {
	ctx := context.Background()
	dir := "testdata/probe"
	prog, faults := loadSubject(ctx, t, dir, true, 1)
	pkg := subjectPkg("probe")
	res, err := Package(ctx, prog, pkg, &PackageOptions{Technique: none})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Failing, []string{"TestGrade50"}) || len(res.Reports) != 1 {
		t.Fatalf("failing %q, %d reports; want TestGrade50 alone", res.Failing, len(res.Reports))
	}
	rep := res.Reports[0]
	if rep.Reason != "" {
		t.Errorf("reason %q, want none", rep.Reason)
	}
	src, err := os.ReadFile(faults[0].File)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	lineOf := func(text string) int {
		return slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, text) }) + 1
	}
	want := map[int]string{lineOf("if score > limit"): ">", lineOf("limit := 50"): "50"}
	if len(rep.Fixes) != len(want) {
		t.Fatalf("fixes %+v, want one on each of lines %v", rep.Fixes, want)
	}
	for i, m := range rep.Fixes {
		if want[m.Line] == "" || !strings.Contains(m.Orig, want[m.Line]) || m.FailToPass != 1 || m.PassToFail != 0 {
			t.Errorf("fix %+v, want one of %v", m, want)
		}
		if rl := rep.Ranking[i]; rl.Line != m.Line && rep.Ranking[1-i].Line != m.Line || rl.Evidence != EvidenceMutation || rl.Rank != i+1 {
			t.Errorf("ranking %+v: want the fixes' lines first, by mutation", rep.Ranking[:2])
		}
		checkFix(ctx, t, dir, pkg, lines, m, res.Cases)
	}
	bonus := lineOf("bonus := 0")
	for _, rl := range rep.Ranking[:2] {
		if rl.Line == bonus {
			t.Errorf("line %d (bonus) promoted: %+v", bonus, rep.Ranking)
		}
	}
	// No candidate, so no line but the fixes' is the probe's to place.
	for _, rl := range rep.Ranking[len(rep.Fixes):] {
		if rl.Evidence == EvidenceMutation {
			t.Errorf("line %d placed by mutation with no verified candidate: %+v", rl.Line, rep.Ranking)
		}
	}
}

// TestProbeOrder: on foo, the probe finds no plausible fix, and reorders
// the lines of the verified candidates whose mutants change the failing
// case's result in the places they held, by the scores that full
// mutation analysis gives them (every mutant on every case, no early
// stop); the other lines keep their places.
func TestProbeOrder(t *testing.T) {
	ctx := context.Background()
	dir := "../examples/foo"
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg := "github.com/faultloc/faultloc/examples/foo"
	before, err := Package(ctx, prog, pkg, &PackageOptions{Refiners: []Refiner{}})
	if err != nil {
		t.Fatal(err)
	}
	after, err := Package(ctx, prog, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(before.Reports) != 1 || len(after.Reports) != 1 {
		t.Fatalf("%d and %d reports, want 1", len(before.Reports), len(after.Reports))
	}
	b, a := before.Reports[0], after.Reports[0]
	if len(a.Fixes) != 0 {
		t.Fatalf("fixes %+v, want none", a.Fixes)
	}
	var cands []Candidate
	for _, rl := range b.Ranking[:min(len(b.Ranking), DefaultProbeLines)] {
		cands = append(cands, Candidate{Locations: []Location{{File: rl.File, Line: rl.Line}}})
	}
	var cases []trace.Case
	for _, name := range before.Cases {
		cases = append(cases, prog.GoTestCase(pkg, name))
	}
	an, err := Mutation(ctx, cands, &MutationOptions{Load: trace.Config{Dir: dir, Tests: true, BuildFlags: []string{"-tags=faultloc"}}, Patterns: []string{"."}, Cases: cases, Repair: true})
	if err != nil {
		t.Fatal(err)
	}
	scores := an.ProbeScores(b.Test)
	score := func(rl RankedLine) float64 { return scores[trace.Line{File: rl.File, Line: rl.Line}] }
	var slots []int
	var moved []RankedLine
	for i, rl := range b.Ranking {
		if rl.Evidence == EvidenceVerified && score(rl) > 0 {
			slots = append(slots, i)
			moved = append(moved, rl)
		}
	}
	if len(moved) < 2 {
		t.Fatalf("%d lines to reorder (scores %v): the test needs two", len(moved), scores)
	}
	slices.SortStableFunc(moved, func(x, y RankedLine) int { return cmp.Compare(score(y), score(x)) })
	want := slices.Clone(b.Ranking)
	for i, at := range slots {
		want[at] = moved[i]
	}
	for i := range want {
		if i >= len(a.Ranking) || a.Ranking[i].Line != want[i].Line {
			t.Fatalf("ranking %+v, want the lines in the order %+v (scores %v)", a.Ranking, want, scores)
		}
		if isMoved := slices.Contains(slots, i); isMoved != (a.Ranking[i].Evidence == EvidenceMutation) {
			t.Errorf("line %d: evidence %s", a.Ranking[i].Line, a.Ranking[i].Evidence)
		}
	}
}

// checkFix puts fix m into the source and runs every case: all must pass.
func checkFix(ctx context.Context, t *testing.T, dir, pkg string, lines []string, m MutantResult, cases []string) {
	t.Helper()
	fixed := slices.Clone(lines)
	l := fixed[m.Line-1]
	if strings.Count(l, m.Orig) != 1 {
		t.Fatalf("fix %+v: %q does not hold %q once", m, l, m.Orig)
	}
	fixed[m.Line-1] = strings.Replace(l, m.Orig, m.Repl, 1)
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true, Overlay: map[string][]byte{m.File: []byte(strings.Join(fixed, "\n"))}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range cases {
		r, err := prog.GoTestCase(pkg, name).Run(ctx, &trace.RunOptions{NoTrace: true})
		if err != nil || !r.Passed() {
			t.Errorf("fix %s:%d %s -> %s: %s does not pass (%v)", m.File, m.Line, m.Orig, m.Repl, name, err)
		}
	}
}

// TestApplyProbe: the lines of fixes move to the front in their order,
// each its own rank; the verified candidates' lines scored above 0 are
// reordered by decreasing score (ties in their order) in the places they
// hold; the others keep their places and their ties.
func TestApplyProbe(t *testing.T) {
	rl := func(line, rank int, ev Evidence) RankedLine {
		return RankedLine{File: "a.go", Line: line, Rank: rank, Evidence: ev}
	}
	for _, tt := range []struct {
		name   string
		in     []RankedLine
		fixes  []int
		scores map[int]float64
		want   []RankedLine
	}{
		{"none", []RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}, nil, nil,
			[]RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}},
		{"second first", []RankedLine{rl(1, 1, EvidenceVerified), rl(2, 2, EvidenceSlice), rl(3, 3, EvidenceSlice)}, []int{2}, nil,
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(1, 2, EvidenceVerified), rl(3, 3, EvidenceSlice)}},
		{"ties kept", []RankedLine{rl(1, 3, EvidenceSlice), rl(2, 3, EvidenceSlice), rl(3, 3, EvidenceSlice), rl(4, 5, EvidenceSpectrum), rl(5, 5, EvidenceSpectrum)}, []int{2, 5}, nil,
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(5, 2, EvidenceMutation), rl(1, 4, EvidenceSlice), rl(3, 4, EvidenceSlice), rl(4, 5, EvidenceSpectrum)}},
		{"order of the ranking", []RankedLine{rl(7, 1, EvidenceSlice), rl(3, 2, EvidenceSlice)}, []int{3, 7}, nil,
			[]RankedLine{rl(7, 1, EvidenceMutation), rl(3, 2, EvidenceMutation)}},
		{"scores in their places", []RankedLine{rl(1, 1, EvidenceVerified), rl(2, 2, EvidenceVerified), rl(3, 3, EvidenceVerified), rl(4, 4, EvidenceVerified), rl(5, 5, EvidenceSlice)},
			[]int{4}, map[int]float64{1: 0, 2: 0.5, 3: 1},
			[]RankedLine{rl(4, 1, EvidenceMutation), rl(1, 2, EvidenceVerified), rl(3, 3, EvidenceMutation), rl(2, 4, EvidenceMutation), rl(5, 5, EvidenceSlice)}},
		{"equal scores in order, a tie split", []RankedLine{rl(1, 2, EvidenceVerified), rl(2, 2, EvidenceVerified), rl(3, 3, EvidenceVerified), rl(4, 4, EvidenceVerified)},
			nil, map[int]float64{1: 0.5, 2: 0, 3: 0.5, 4: 1},
			[]RankedLine{rl(4, 1, EvidenceMutation), rl(2, 2, EvidenceVerified), rl(1, 3, EvidenceMutation), rl(3, 4, EvidenceMutation)}},
		{"verified candidates only", []RankedLine{rl(1, 1, EvidenceVerified), rl(2, 2, EvidenceSlice), rl(3, 3, EvidenceVerified), rl(4, 4, EvidenceSpectrum)},
			nil, map[int]float64{1: 0.5, 2: 0.7, 3: 1, 4: 1},
			[]RankedLine{rl(3, 1, EvidenceMutation), rl(2, 2, EvidenceSlice), rl(1, 3, EvidenceMutation), rl(4, 4, EvidenceSpectrum)}},
	} {
		rep := &Report{Ranking: tt.in}
		var fixes []MutantResult
		for _, l := range tt.fixes {
			fixes = append(fixes, MutantResult{File: "a.go", Line: l})
		}
		scores := LineScores{}
		for l, s := range tt.scores {
			scores[trace.Line{File: "a.go", Line: l}] = s
		}
		rep.ApplyProbe(fixes, scores)
		if !slices.Equal(rep.Ranking, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, rep.Ranking, tt.want)
		}
	}
}
