package localize

import (
	"slices"
	"strings"
	"testing"
)

// TestDiagnosisOrder checks the order a group's diagnoses are read in
// (one fixes, verified, others; found order within a kind), that Best
// is the first kind, and that the text report marks where the weaker
// ones start.
func TestDiagnosisOrder(t *testing.T) {
	d := func(line int, verified, oneFix bool) Diagnosis {
		return Diagnosis{Locations: []Location{{Position: Position{File: "a.go", Line: line}}}, Verified: verified, OneFix: oneFix}
	}
	tests := []struct {
		name   string
		in     []Diagnosis
		want   []int // lines, in order
		best   int
		header string // the text report's line before the weaker ones ("" none)
	}{
		{"one fixes first", []Diagnosis{d(1, true, false), d(2, false, false), d(3, true, true), d(4, true, false), d(5, true, true)},
			[]int{3, 5, 1, 4, 2}, 2, "# diagnoses 3 to 5 are weaker: not one fix"},
		{"verified first", []Diagnosis{d(1, false, false), d(2, true, false), d(3, false, false)},
			[]int{2, 1, 3}, 1, "# diagnoses 2 to 3 are weaker: not verified"},
		{"all one kind", []Diagnosis{d(2, false, false), d(1, false, false)}, []int{2, 1}, 2, ""},
		{"none", []Diagnosis{}, []int{}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := DiagnosisGroup{Cases: []string{"T"}, Diagnoses: tt.in}
			g.Sort()
			got := []int{}
			for _, dg := range g.Diagnoses {
				got = append(got, dg.Locations[0].Line)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("order: lines %v, want %v", got, tt.want)
			}
			if n := len(g.Best()); n != tt.best {
				t.Errorf("Best: %d diagnoses, want %d", n, tt.best)
			}
			var sb strings.Builder
			if err := (&DiagnosisReport{Cases: []string{"T"}, Groups: []DiagnosisGroup{g}}).WriteText(&sb); err != nil {
				t.Fatal(err)
			}
			headers := 0
			for _, l := range strings.Split(sb.String(), "\n") {
				if strings.HasPrefix(l, "# diagnoses ") {
					headers++
					if l != tt.header {
						t.Errorf("header %q, want %q", l, tt.header)
					}
				}
			}
			if want := min(len(tt.header), 1); headers != want {
				t.Errorf("%d headers, want %d:\n%s", headers, want, sb.String())
			}
		})
	}
}

// TestDiagnosisRanked checks that the text report lists the ranked lines
// when no diagnosis is verified, and only then.
func TestDiagnosisRanked(t *testing.T) {
	ranked := []Location{{Position: Position{File: "/p/a.go", Line: 7}, Text: "x := y"}, {Position: Position{File: "/p/b.go", Line: 3}, Text: "return x"}}
	for _, tt := range []struct {
		name     string
		verified bool
		want     bool
	}{
		{"none verified", false, true},
		{"one verified", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := DiagnosisGroup{Cases: []string{"T"}, Diagnoses: []Diagnosis{{Locations: []Location{{Position: Position{File: "/p/a.go", Line: 9}}}, Verified: tt.verified}}}
			var sb strings.Builder
			if err := (&DiagnosisReport{Cases: []string{"T"}, Groups: []DiagnosisGroup{g}, Ranked: ranked, Output: WriteOptions{Dir: "/p"}}).WriteText(&sb); err != nil {
				t.Fatal(err)
			}
			has := strings.Contains(sb.String(), "a.go:7: rank 1: x := y\nb.go:3: rank 2: return x\n")
			if has != tt.want {
				t.Errorf("ranked lines listed %v, want %v:\n%s", has, tt.want, sb.String())
			}
		})
	}
}

// TestDiagnosisUndecided: the text report says how many checks did not
// answer within their share of the time, and nothing when all did.
func TestDiagnosisUndecided(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{
		{0, ""},
		{1, "(1 check of a statement against one case did not answer"},
		{3, "(3 checks of a statement against one case did not answer"},
	} {
		g := DiagnosisGroup{Cases: []string{"T"}, Diagnoses: []Diagnosis{}, Stats: Stats{Undecided: tt.n}}
		var sb strings.Builder
		if err := (&DiagnosisReport{Cases: []string{"T"}, Groups: []DiagnosisGroup{g}, Output: WriteOptions{Dir: "/p"}}).WriteText(&sb); err != nil {
			t.Fatal(err)
		}
		got := sb.String()
		if tt.want == "" && strings.Contains(got, "did not answer") || !strings.Contains(got, tt.want) {
			t.Errorf("undecided %d:\n%s", tt.n, got)
		}
	}
}
