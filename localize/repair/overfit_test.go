package repair

import (
	"slices"
	"strings"
	"testing"
)

// TestOverfitSigns checks each overfitting sign on patches that show it
// and on the fixes of the same shape that do not: a sign must not
// fall on a literal moved by one, a variable for another, a guard on
// nil or a length, or a condition narrowed by a property of the data.
func TestOverfitSigns(t *testing.T) {
	tests := []struct {
		name, orig, repl string
		want             []string
	}{
		// Deleting control flow; deleting a plain assignment is not.
		{"delete an early return", "if len(args) == 0 {\n\treturn nil\n}\n", "", []string{signDeleteControl}},
		{"delete a break", "break", "", []string{signDeleteControl}},
		{"delete an assignment", "n += k", "", nil},
		{"delete a closure's return only", "f := func() int { return 1 }", "", nil},
		// A condition made constant.
		{"condition to false", "len(args) == 0", "false", []string{signConstantCondition}},
		{"condition to true", "a && b", "true", []string{signConstantCondition}},
		{"true to false", "true", "false", nil},
		// A literal for a name.
		{"constant to literal", "wordSize", "65", []string{signLiteralForName}},
		{"field to negative literal", "x.n", "(-1)", []string{signLiteralForName}},
		{"qualified constant to literal", "reflect.Struct", "26", []string{signLiteralForName}},
		{"literal moved by one", "2", "1", nil},
		{"variable for variable", "idx", "pages", nil},
		{"literal to name", "1", "timeFormatNumeric", nil},
		// An expression replaced by one without its names.
		{"call to a constant", "wordsNeeded(top + bits)", "wordSize", []string{signDropsOriginal}},
		{"condition to another variable", "bits%size == 0", "!ok", []string{signDropsOriginal}},
		{"expression to a literal", "a + b", "3", []string{signDropsOriginal}},
		{"operator changed", "a + b", "a - b", nil},
		{"bound widened", "il == 0", "il <= 1", nil},
		{"operand added", "n - 1", "n - 1 + off", nil},
		// Trivial conditions the patch brings.
		{"length below zero", "len(a) == 0", "len(a) < 0", []string{signTrivialCondition}},
		{"length at least zero", "len(a) > 1", "len(a) >= 0", []string{signTrivialCondition}},
		{"length equal to a negative", "cap(b) == 0", "cap(b) == -1", []string{signTrivialCondition}},
		{"contradictory conjunct", "len(a) == 0", "len(a) == 0 && len(a) > 0", []string{signTrivialCondition}},
		{"contradictory bounds", "i > 3", "i > 3 && i < 2", []string{signTrivialCondition, signMagicGuard}},
		{"a condition and its negation", "err != nil", "(err != nil) && !(err != nil)", []string{signTrivialCondition}},
		{"a comparison and its inverse", "a == b", "a == b || a != b", []string{signTrivialCondition}},
		{"a bound and its complement", "i < n", "ok && i < n && i >= n", []string{signTrivialCondition}},
		{"two different conditions", "err != nil", "err != nil && !ok", nil},
		{"a negation across levels", "a || b", "a || (b && !a)", nil},
		{"trivial already there", "len(a) < 0", "len(a) < 0 || ok", nil},
		{"length compared with zero", "len(a) > 1", "len(a) == 0", nil},
		{"satisfiable bounds", "len(a) > 1", "len(a) > 1 && len(a) < 9", nil},
		// Guards and conjuncts on a magic number.
		{"guard on a loop index", "", "if i > 1 { return }", []string{signMagicGuard}},
		{"guard on one value", "", "if offset == 1 { return s }", []string{signMagicGuard}},
		{"conjunct on one value", "digits <= 0", "(digits <= 0) && (i == 1)", []string{signMagicGuard}},
		{"guard on nil", "", "if v == nil || o == nil { return v == o }", nil},
		{"guard on a bound", "", "if last >= b.length { return b }", nil},
		{"guard on zero", "", "if n == 0 { return nil }", nil},
		{"guard on a length", "", "if len(x) > 2 { return }", nil},
		{"clamp", "", "if n >= len(m) { n = len(m) - 1 }", nil},
		{"conjunct on a length", "first[0] == '-'", "first[0] == '-' && len(first) > 1", nil},
		{"guard with an else", "", "if i > 1 { return } else { i++ }", nil},
		// Not Go the signs read.
		{"statements swapped", "a()\nb()\n", "b()\na()\n", nil},
		{"not Go", "", "if {", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Candidate{Patch: Patch{Orig: tt.orig, Repl: tt.repl}}
			if got := overfitSigns(&c); !slices.Equal(got, tt.want) {
				t.Errorf("overfitSigns(%q -> %q) = %q, want %q", tt.orig, tt.repl, got, tt.want)
			}
		})
	}
}

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
		{"a length compared with -1", "0", "(-1)", []string{signTrivialCondition}},
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
