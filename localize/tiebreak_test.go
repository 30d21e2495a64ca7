package localize

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/spectra"
)

// cands builds candidates from specs like "v 3 9" (verified, lines 3 and
// 9 of f.go) or "u 4" (not verified).
func cands(specs ...string) []Candidate {
	var out []Candidate
	for _, s := range specs {
		f := strings.Fields(s)
		c := Candidate{Verified: f[0] == "v"}
		for _, l := range f[1:] {
			var n int
			fmt.Sscan(l, &n)
			c.Locations = append(c.Locations, Location{Position: Position{File: "f.go", Line: n}})
		}
		out = append(out, c)
	}
	return out
}

// order renders candidates as their specs and the ranking as line:rank.
func order(r *Report) (string, string) {
	var cs, rk []string
	for _, c := range r.Candidates {
		s := "u"
		if c.Verified {
			s = "v"
		}
		for _, l := range c.Locations {
			s += fmt.Sprintf(" %d", l.Line)
		}
		cs = append(cs, s)
	}
	for _, l := range r.Ranking {
		rk = append(rk, fmt.Sprintf("%d:%d", l.Line, l.Rank))
	}
	return strings.Join(cs, ", "), strings.Join(rk, " ")
}

func TestRerank(t *testing.T) {
	scores := func(m map[int]float64) Suspiciousness {
		return func(file string, line int) float64 {
			if s, ok := m[line]; ok && file == "f.go" {
				return s
			}
			return math.Inf(-1)
		}
	}
	tests := []struct {
		name      string
		in        []string
		s         Suspiciousness
		want, rnk string
	}{
		{
			name: "nil: verified, size, position",
			in:   []string{"u 1", "v 7 8", "v 9", "v 2"},
			want: "v 2, v 9, v 7 8, u 1", rnk: "2:1 9:2 7:4 8:4 1:5",
		},
		{
			name: "score orders ties on verified and size",
			in:   []string{"v 2", "v 5", "v 9"},
			s:    scores(map[int]float64{2: 0.1, 5: 0.3, 9: 0.9}),
			want: "v 9, v 5, v 2", rnk: "9:1 5:2 2:3",
		},
		{
			name: "score never overrides verified or size",
			in:   []string{"u 1", "v 3 4", "v 2"},
			s:    scores(map[int]float64{1: 1, 3: 1, 2: 0}),
			want: "v 2, v 3 4, u 1", rnk: "2:1 3:3 4:3 1:4",
		},
		{
			name: "a candidate scores as its most suspicious line",
			in:   []string{"v 1 2", "v 3 4"},
			s:    scores(map[int]float64{1: 0.5, 2: 0.5, 3: 0.0, 4: 0.9}),
			want: "v 3 4, v 1 2", rnk: "3:2 4:2 1:4 2:4",
		},
		{
			name: "equal scores keep position order",
			in:   []string{"v 8", "v 4", "v 6"},
			s:    scores(map[int]float64{4: 0.5, 6: 0.7, 8: 0.5}),
			want: "v 6, v 4, v 8", rnk: "6:1 4:2 8:3",
		},
		{
			name: "NaN and unscored lines come last",
			in:   []string{"v 1", "v 2", "v 3"},
			s:    scores(map[int]float64{1: math.NaN(), 3: 0}),
			want: "v 3, v 1, v 2", rnk: "3:1 1:2 2:3",
		},
		{
			name: "lines seen in an earlier candidate are not counted again",
			in:   []string{"v 1", "v 2", "v 1 2", "v 1 3"},
			s:    scores(map[int]float64{2: 1, 3: 0.5}),
			want: "v 2, v 1, v 1 2, v 1 3", rnk: "2:1 1:2 3:3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &Report{Candidates: cands(tt.in...)}
			r.Rerank(tt.s)
			got, rnk := order(r)
			if got != tt.want || rnk != tt.rnk {
				t.Errorf("Rerank:\n got %s; ranking %s\nwant %s; ranking %s", got, rnk, tt.want, tt.rnk)
			}
			r.Rerank(nil) // back to the default order, whatever the order before
			def := &Report{Candidates: cands(tt.in...)}
			def.Rerank(nil)
			if a, b := fmt.Sprint(order(r)), fmt.Sprint(order(def)); a != b {
				t.Errorf("Rerank(nil) after Rerank(s) = %s, want %s", a, b)
			}
		})
	}
}

func TestSpectrumSuspiciousness(t *testing.T) {
	if SpectrumSuspiciousness(nil) != nil {
		t.Fatal("SpectrumSuspiciousness(nil) is not nil")
	}
	line := func(n int) spectra.Element { return spectra.Element{Kind: spectra.Line, File: "f.go", Line: n} }
	fn := spectra.Element{Kind: spectra.Function, File: "f.go", Line: 1, Name: "p.F"}
	m := spectra.NewMatrix()
	// Line 2 runs in the failing test only, line 1 in every test.
	for _, r := range []struct {
		failed  bool
		covered []spectra.Element
	}{
		{true, []spectra.Element{fn, line(1), line(2)}},
		{false, []spectra.Element{fn, line(1)}},
		{false, []spectra.Element{fn, line(1)}},
		{false, []spectra.Element{fn, line(1)}},
	} {
		if _, err := m.Add(spectra.TestRun{Name: fmt.Sprint(m.NumTests()), Failed: r.failed}, r.covered); err != nil {
			t.Fatal(err)
		}
	}
	f, err := spectra.Lookup("ochiai")
	if err != nil {
		t.Fatal(err)
	}
	s := SpectrumSuspiciousness(m.Rank(f, nil))
	tests := []struct {
		line int
		want float64
	}{
		{1, 0.5}, // ef 1, ep 3: 1/sqrt(1*4)
		{2, 1},   // ef 1, ep 0
		{3, math.Inf(-1)},
	}
	for _, tt := range tests {
		if got := s("f.go", tt.line); math.Abs(got-tt.want) > 1e-12 && got != tt.want {
			t.Errorf("score of line %d = %v, want %v", tt.line, got, tt.want)
		}
	}
	if got := s("g.go", 1); !math.IsInf(got, -1) {
		t.Errorf("score of another file's line = %v, want -Inf", got)
	}
}

// A candidate scores as its most suspicious line; NaN and unscored lines
// count as -Inf; a nil Suspiciousness scores everything 0.
func TestSuspiciousnessCandidate(t *testing.T) {
	s := Suspiciousness(func(file string, line int) float64 {
		switch line {
		case 1:
			return 0.25
		case 2:
			return 0.75
		case 3:
			return math.NaN()
		}
		return math.Inf(-1)
	})
	cand := func(lines ...int) Candidate {
		var c Candidate
		for _, l := range lines {
			c.Locations = append(c.Locations, Location{Position: Position{File: "f.go", Line: l}})
		}
		return c
	}
	for _, tc := range []struct {
		s     Suspiciousness
		lines []int
		want  float64
	}{
		{s, []int{1}, 0.25},
		{s, []int{1, 2}, 0.75},
		{s, []int{3, 1}, 0.25},
		{s, []int{3}, math.Inf(-1)},
		{s, []int{4}, math.Inf(-1)},
		{nil, []int{2}, 0},
	} {
		if got := tc.s.Candidate(cand(tc.lines...)); got != tc.want {
			t.Errorf("nil=%v lines %v: score %v, want %v", tc.s == nil, tc.lines, got, tc.want)
		}
	}
}
