package stmtedit

import (
	"slices"
	"testing"
)

// conjunctsAt type-checks src (package p) and returns the conjuncts
// conditionConjuncts gives for the statement after the line `// here`.
func conjunctsAt(t *testing.T, src string) []string {
	t.Helper()
	fset, ty, fn, s := statementHere(t, src)
	var out []string
	for _, c := range conditionConjuncts(fset, ty, []byte(src), fn, s) {
		out = append(out, c.text)
	}
	return out
}

func TestConditionConjuncts(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		first string   // the first conjunct ("": none at all)
		has   []string // conjuncts among those returned
		not   []string // conjuncts not returned
	}{
		{
			name: "field the body reads, not the receiver nor the compared or assigned",
			src: `package p
import "errors"
var errMismatch = errors.New("mismatch")
type H interface{ Serve() }
type M struct{ Err error; H H }
type R struct{ h H }
func (r *R) match(m *M) {
	// here
	if m.Err == errMismatch {
		m.Err = nil
		m.H = r.h
	}
}`,
			first: "r.h != nil",
			not:   []string{"r != nil", "m != nil", "m.Err != nil", "m.H != nil"},
		},
		{
			name: "body terms by size: nil checks, then lengths",
			src: `package p
func f(xs []int, s string, p *int, ok bool) int {
	// here
	if ok {
		return xs[0] + len(s) + *p
	}
	return 0
}`,
			first: "p != nil",
			has:   []string{"len(xs) > 0", "len(s) > 0"},
			not:   []string{"ok != nil"},
		},
		{
			name: "negation of another condition, not of an enclosing one",
			src: `package p
func ok(int) bool { return true }
func g(a, b int, done bool) int {
	if a == b {
		return 1
	}
	if !done {
		a++
	}
	if a > 2 || ok(a) {
		b--
	}
	if a < 9 && b > 0 {
		// here
		for a > 0 {
			a--
		}
	}
	return a
}`,
			first: "a != b",
			has:   []string{"!(a > 2 || ok(a))"},
			not:   []string{"a > 0", "!(a > 0)", "!(a < 9 && b > 0)", "done", "!done"},
		},
		{
			name: "the init's terms first, then a disjunction negated",
			src: `package p
func h(m map[string]int, k string) int {
	if len(k) > 3 || k == "x" {
		return 0
	}
	// here
	if v, ok := m[k]; ok {
		return v
	}
	return -1
}`,
			first: "m != nil",
			has:   []string{"len(k) > 0", `!(len(k) > 3 || k == "x")`},
			not:   []string{"v != nil", "ok"},
		},
		{
			name: "nothing to test: basic values only, no other condition",
			src: `package p
func k(a, b int) int {
	// here
	if a < b {
		return b
	}
	return a
}`,
		},
		{
			name: "a statement without a condition",
			src: `package p
func l(p *int) int {
	// here
	for {
		return *p
	}
}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := conjunctsAt(t, tt.src)
			if tt.first == "" {
				if len(got) > 0 {
					t.Fatalf("conjuncts %q, want none", got)
				}
				return
			}
			if len(got) == 0 || got[0] != tt.first {
				t.Fatalf("conjuncts %q, want %q first", got, tt.first)
			}
			if len(got) > maxConjuncts {
				t.Errorf("%d conjuncts, more than %d", len(got), maxConjuncts)
			}
			for _, h := range tt.has {
				if !slices.Contains(got, h) {
					t.Errorf("conjuncts %q lack %q", got, h)
				}
			}
			for _, n := range tt.not {
				if slices.Contains(got, n) {
					t.Errorf("conjuncts %q have %q", got, n)
				}
			}
		})
	}
}
