package lines

import (
	"strconv"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
)

// TestOrderSites checks the order of the sites: the flexibility test's
// inhibited candidates last, the others by their lines' Ochiai score in
// the spectrum, ties in their first order.
func TestOrderSites(t *testing.T) {
	m := spectra.NewMatrix()
	line := func(n int) spectra.Element { return spectra.Element{Kind: spectra.Line, File: "/p/a.go", Line: n} }
	// Line 3 runs in the failing case alone, line 2 in it and a passing
	// one, line 1 in every case.
	m.Add(spectra.TestRun{Name: "TestFail", Failed: true}, []spectra.Element{line(1), line(2), line(3)})
	m.Add(spectra.TestRun{Name: "TestPassA"}, []spectra.Element{line(1), line(2)})
	m.Add(spectra.TestRun{Name: "TestPassB"}, []spectra.Element{line(1)})
	cand := func(l int, expr string, inhibited bool) localize.Candidate {
		c := localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: "/p/a.go", Line: l}, Expr: expr}}, Flex: &localize.Flexibility{}}
		if inhibited {
			c.Flex.Inhibitors = []string{"TestPassA"}
		}
		return c
	}
	cands := []localize.Candidate{cand(1, "a", false), cand(3, "b", true), cand(2, "c", false), cand(3, "d", false), cand(1, "e", false), cand(9, "f", false)}
	scores := OrderSites(cands, m)
	var got []string
	for _, c := range cands {
		got = append(got, c.Locations[0].Expr)
	}
	if strings.Join(got, " ") != "d c a e f b" {
		t.Errorf("order %v, want d c a e f b", got)
	}
	if scores[0] != 1 || scores[4] != 0 || scores[1] <= scores[2] || scores[2] <= 0 {
		t.Errorf("scores %v", scores)
	}
}

// TestInterleave checks the lines of several orders taken in turn: the
// first of each before the second of any, each line once, no test
// file's, up to max.
func TestInterleave(t *testing.T) {
	at := func(file string, ls ...int) []localize.Candidate {
		var out []localize.Candidate
		for _, l := range ls {
			out = append(out, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: file, Line: l}}}})
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		max    int
		orders [][]localize.Candidate
		want   string
	}{
		{"in turn", 8, [][]localize.Candidate{at("a.go", 1, 2, 3), at("a.go", 7, 8)}, "1 7 2 8 3"},
		{"each once", 8, [][]localize.Candidate{at("a.go", 1, 2), at("a.go", 2, 1, 5)}, "1 2 5"},
		{"bounded", 3, [][]localize.Candidate{at("a.go", 1, 2, 3), at("a.go", 7, 8)}, "1 7 2"},
		{"no test file", 8, [][]localize.Candidate{at("a_test.go", 1, 2), at("a.go", 4)}, "4"},
		{"none", 8, nil, ""},
	} {
		var got []string
		for _, l := range Interleave(tc.max, tc.orders...) {
			got = append(got, strconv.Itoa(l.Line))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: lines %v, want %s", tc.name, got, tc.want)
		}
	}
}
