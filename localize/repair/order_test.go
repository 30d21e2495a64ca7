package repair

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
)

// TestRankPatches checks the patches' order: the first maxPatches/4
// mutants first, then site by site, a site's by size then distance, the
// first maxPatches/4 replacements of each site before the others (and
// the other mutants, and the patches with an overfitting sign), those
// without a site last, then the guards, then the late edits.
func TestRankPatches(t *testing.T) {
	p := func(site, size, dist int, name string) Candidate {
		return Candidate{Site: site, Size: size, Distance: dist, Patch: Patch{Repl: name}}
	}
	cands := []Candidate{
		p(1, 1, 1, "b1"), p(0, 3, 2, "a3"), p(-1, 1, 1, "m"), p(0, 1, 2, "a2"), p(0, 1, 1, "a1"),
		p(1, 2, 1, "b2"), p(0, 5, 1, "a4"), p(2, 9, 9, "c1"), p(2, 6, 1, "c0"), p(2, 7, 1, "c2"), p(2, 8, 1, "c3"), p(0, 1, 1, "g"),
	}
	for _, i := range []int{8, 9, 10} { // c0, c2, c3: the first two first, whatever their site and size
		cands[i].Origin = "mutation ROR"
	}
	cands[len(cands)-1].Orig = "" // an inserted guard
	for i := range cands[:len(cands)-1] {
		cands[i].Orig = "x"
	}
	// Statement edits: after the first mutants, by their places,
	// an inserted one (Orig "") too.
	e2, e1, e1b := p(-1, 1, 1, "e2"), p(-1, 9, 9, "e1"), p(-1, 2, 2, "e1b")
	e2.edit, e1.edit, e1b.edit = 2, 1, 1
	e2.Orig, e1.Orig = "x", "x"
	// Late edits (a wrap at the first line, an assignment's line):
	// after everything, by their places.
	w1, d1 := p(-1, 1, 1, "w1"), p(-1, 1, 1, "d1")
	w1.edit, d1.edit = 1, 3
	w1.late, d1.late = true, true
	// Overfitting signs: a mutant made false and a deleted return, in
	// the third round.
	mf, ed := p(0, 1, 1, "false"), p(-1, 1, 1, "")
	mf.Origin, mf.Orig = "mutation CON", "x > 0"
	ed.edit, ed.Orig = 1, "if x {\n\treturn\n}"
	cands = append(cands, mf, d1, e2, e1, w1, ed, e1b)
	rankPatches(cands, 3, 8) // two a site first
	var got []string
	for _, c := range cands {
		got = append(got, c.Repl)
	}
	if want := "c0 c2 e1b e1 e2 a1 a2 b1 b2 c1 m false a3 a4 c3  g w1 d1"; strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
}

// TestFinalRank checks the order of a repair's result: the plausible
// patches at a site before those with none, each in the order they
// were validated in; then those not validated and the refuted, each in
// that order.
func TestFinalRank(t *testing.T) {
	p := func(name string, site int, v *Validation) Candidate {
		return Candidate{Site: site, Patch: Patch{Repl: name}, Validation: v}
	}
	ok, refuted := &Validation{Plausible: true}, &Validation{}
	tests := []struct {
		name  string
		cands []Candidate
		want  string
	}{
		{"a guard of no site validated first, a replacement at a site later", []Candidate{
			p("guard", -1, ok), p("refuted", 0, refuted), p("bound", 2, ok), p("unvalidated", 0, nil),
		}, "bound guard unvalidated refuted"},
		{"validation order within each kind", []Candidate{
			p("edit1", -1, ok), p("site2", 2, ok), p("edit2", -1, ok), p("site0", 0, ok), p("site1", 1, ok),
		}, "site2 site0 site1 edit1 edit2"},
		{"the others keep their order", []Candidate{
			p("r2", 0, refuted), p("n1", -1, nil), p("r1", -1, refuted), p("n2", 1, nil),
		}, "n1 n2 r2 r1"},
		{"none", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			finalRank(tt.cands)
			var got []string
			for _, c := range tt.cands {
				got = append(got, c.Repl)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("order %v, want %s", got, tt.want)
			}
		})
	}
}

// TestFinishDropsIdentity checks that a replacement by the source itself
// is no patch, and that patches of the same source are one, with both
// origins, the mutant's first as it ranks first (the context is
// cancelled: nothing is validated).
func TestFinishDropsIdentity(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cands := []Candidate{
		{Origin: "synthesis", Site: 0, Patch: Patch{Position: localize.Position{File: "/p/a.go", Line: 3}, Orig: "x", Repl: "x", Source: []byte("same")}},
		{Origin: "synthesis", Site: 0, Patch: Patch{Position: localize.Position{File: "/p/a.go", Line: 3}, Orig: "x", Repl: "y", Source: []byte("fixed")}},
		{Origin: "mutation VRP", Site: 0, Patch: Patch{Position: localize.Position{File: "/p/a.go", Line: 3}, Orig: "x", Repl: "y", Source: []byte("fixed")}},
	}
	res, err := finish(ctx, &Result{Sites: []SiteRepair{{}}}, cands, &Options{}, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Patches) != 1 || res.Patches[0].Repl != "y" || res.Patches[0].Origin != "mutation VRP, synthesis" || res.Patches[0].Rank != 1 {
		t.Errorf("patches %+v, want x -> y alone, of both origins", res.Patches)
	}
}
