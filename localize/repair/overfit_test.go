package repair

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize/repair/internal/overfit"
)

// TestFinalRankOverfit checks that a plausible patch with an overfitting
// sign comes after the plausible ones without, whatever their sites,
// and before the patches not validated or refuted.
func TestFinalRankOverfit(t *testing.T) {
	ok, refuted := &Validation{Plausible: true}, &Validation{}
	p := func(orig, repl string, site int, v *Validation) Candidate {
		return Candidate{Site: site, Patch: Patch{Orig: orig, Repl: repl}, Validation: v}
	}
	cands := []Candidate{
		p("len(a) == 0", "false", 0, ok),                 // condition made constant, at a site
		p("0", "1", 0, refuted),                          // refuted
		p("wordSize", "65", 0, ok),                       // literal for a name
		p("if len(a) == 0 {\n\treturn\n}\n", "", -1, ok), // deletion
		p("a()\nb()\n", "b()\na()\n", -1, ok),            // a swap: no sign, no site
		p("n > 2", "n >= 2", 1, ok),                      // no sign, at a site
		p("x", "y", 2, nil),                              // not validated
	}
	finalRank(cands)
	var got []string
	for _, c := range cands {
		got = append(got, strings.ReplaceAll(c.Repl, "\n", ";"))
	}
	want := "n >= 2|b();a();|false|65||y|1"
	if strings.Join(got, "|") != want {
		t.Errorf("order %q, want %s", strings.Join(got, "|"), want)
	}
}

// TestOverfitSignsInContext checks the trivial conditions that only
// the comparison around a replaced literal shows.
func TestOverfitSignsInContext(t *testing.T) {
	src := []byte("package p\n\nfunc f(args []string, n int) bool {\n\tif len(args) == 0 {\n\t\treturn n == 0\n\t}\n\treturn false\n}\n")
	tests := []struct {
		name, orig, repl string
		want             []string
	}{
		{"a length compared with -1", "0", "(-1)", []string{overfit.TrivialCondition}},
		{"a length compared with 1", "0", "1", nil},
		{"a number compared with -1", "n == 0", "n == -1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := strings.Index(string(src), tt.orig)
			if tt.orig == "0" {
				start = strings.Index(string(src), "== 0") + 3 // the length's
			}
			c := Candidate{Patch: *replace("/p/p.go", src, start, start+len(tt.orig), tt.repl)}
			if got := overfitSigns(&c); !slices.Equal(got, tt.want) {
				t.Errorf("overfitSigns(%q -> %q) = %q, want %q", tt.orig, tt.repl, got, tt.want)
			}
		})
	}
}
