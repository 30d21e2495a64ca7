package localize

import (
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

// TestPromote: the lines of fixes move to the front in their order, each
// its own rank; the others keep their order and their ties.
func TestPromote(t *testing.T) {
	rl := func(line, rank int, ev Evidence) RankedLine {
		return RankedLine{File: "a.go", Line: line, Rank: rank, Evidence: ev}
	}
	for _, tt := range []struct {
		name  string
		in    []RankedLine
		fixes []int
		want  []RankedLine
	}{
		{"none", []RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}, nil,
			[]RankedLine{rl(1, 1, EvidenceSlice), rl(2, 2, EvidenceSlice)}},
		{"second first", []RankedLine{rl(1, 1, EvidenceVerified), rl(2, 2, EvidenceSlice), rl(3, 3, EvidenceSlice)}, []int{2},
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(1, 2, EvidenceVerified), rl(3, 3, EvidenceSlice)}},
		{"ties kept", []RankedLine{rl(1, 3, EvidenceSlice), rl(2, 3, EvidenceSlice), rl(3, 3, EvidenceSlice), rl(4, 5, EvidenceSpectrum), rl(5, 5, EvidenceSpectrum)}, []int{2, 5},
			[]RankedLine{rl(2, 1, EvidenceMutation), rl(5, 2, EvidenceMutation), rl(1, 4, EvidenceSlice), rl(3, 4, EvidenceSlice), rl(4, 5, EvidenceSpectrum)}},
		{"order of the ranking", []RankedLine{rl(7, 1, EvidenceSlice), rl(3, 2, EvidenceSlice)}, []int{3, 7},
			[]RankedLine{rl(7, 1, EvidenceMutation), rl(3, 2, EvidenceMutation)}},
	} {
		rep := &Report{Ranking: tt.in}
		var fixes []MutantResult
		for _, l := range tt.fixes {
			fixes = append(fixes, MutantResult{File: "a.go", Line: l})
		}
		rep.Fixes = fixes
		rep.PromoteFixes()
		if !slices.Equal(rep.Ranking, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, rep.Ranking, tt.want)
		}
	}
}
