package stmtedit

import (
	"slices"
	"strings"
	"testing"
)

// insertSrc has a site `total * rate` in a return whose function
// assigns total and rate elsewhere.
const insertSrc = `package p

func price(n int, rate int) int {
	total := n
	total += 2
	if n > 10 {
		rate = rate / 2
	}
	x := 3
	x++
	total = total * 1
	return total * rate
}
`

// TestInsertions checks the statements offered before the site's
// statement: those that assign what the site reads, nearest first, not
// the statement just before it, a declaration or one assigning another
// variable.
func TestInsertions(t *testing.T) {
	src := []byte(insertSrc)
	stmt := strings.Index(insertSrc, "return total")
	start := strings.Index(insertSrc, "total * rate")
	end := start + len("total * rate")
	var got []string
	for _, in := range Insertions("p.go", src, stmt, start, end) {
		got = append(got, in.Text)
	}
	want := []string{"rate = rate / 2", "total += 2"}
	if !slices.Equal(got, want) {
		t.Errorf("Insertions = %q, want %q", got, want)
	}
	if got := Insertions("p.go", src, -1, start, end); got != nil {
		t.Errorf("Insertions without a statement = %v, want none", got)
	}
}

// TestUnused checks the variables a replacement leaves unused.
func TestUnused(t *testing.T) {
	const src = "package p\n\nfunc f(n int) int {\n\trate := 2\n\treturn n * rate\n}\n"
	for _, c := range []struct {
		name, orig, repl string
		want             []string
	}{
		{name: "rate dropped", orig: "n * rate", repl: "n * 3", want: []string{"rate"}},
		{name: "rate kept", orig: "n * rate", repl: "rate * 3"},
		{name: "parameter dropped", orig: "n * rate", repl: "rate"},
	} {
		start := strings.Index(src, c.orig)
		end := start + len(c.orig)
		patched := src[:start] + c.repl + src[end:]
		names, stmt := Unused("p.go", []byte(src), []byte(patched), start, end)
		if !slices.Equal(names, c.want) {
			t.Errorf("%s: Unused = %q, want %q", c.name, names, c.want)
		}
		if len(c.want) > 0 && stmt != strings.Index(src, "return") {
			t.Errorf("%s: statement at %d, want the return's %d", c.name, stmt, strings.Index(src, "return"))
		}
	}
}
