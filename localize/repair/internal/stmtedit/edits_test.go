package stmtedit

import (
	"strings"
	"testing"
)

// editsSrc has a line of each statement edit's pattern: an extra if, a
// statement after the return that needs it first, a method that lacks
// its type's usual first call, an index past a table's end and a
// condition indexing an empty string, the last statement of a
// block, and branches that may lack a return.
const editsSrc = `package p

type T struct{ v []int }

func (t T) init() {}

func (t T) Sum() int {
	t.init()
	return len(t.v)
}

func (t T) Neg() int {
	n := -len(t.v)
	return n
}

func parse(args []string, out []string) error {
	if len(args) == 0 {
		return nil
	}
	out = make([]string, 0, len(args))
	return nil
}

func pick(table []string, n int) string {
	s := table[n]
	return s
}

func first(arg string) bool {
	if arg[0] == '-' || arg == "x" {
		return true
	}
	return false
}

func count(n int) int {
	if n > 0 {
		n++
	}
	return n
}

func serve(c chan int, ok bool) {
	if ok {
		c <- 1
	}
	c <- 2
}

func served(c chan int, ok bool) bool {
	if ok {
		c <- 1
	}
	return ok
}

func tail(c chan int, ok bool) {
	if ok {
		c <- 1
	}
}
`

// editsOther is another file of editsSrc's package, with a call to
// insert.
const editsOther = `package p

import "strings"

func trim(arg string) string {
	arg = strings.TrimSpace(arg)
	var b strings.Builder
	b.Reset()
	return arg
}
`

// TestLine checks each statement edit on the line of its pattern:
// the patched file has the edit, and a line without one has none.
func TestLine(t *testing.T) {
	for _, c := range []struct {
		line int
		kind string
		want string // in the patched file
		none bool   // no edit of this kind at line
	}{
		{line: 13, kind: "call", want: "func (t T) Neg() int {\n\tt.init()\n\tn := -len(t.v)"},
		{line: 13, kind: "delete", none: true}, // a declaration
		{line: 18, kind: "swap", want: "\tout = make([]string, 0, len(args))\n\tif len(args) == 0 {\n\t\treturn nil\n\t}\n\treturn nil"},
		{line: 18, kind: "delete", want: "error {\n\tout = make"},
		{line: 18, kind: "call", none: true}, // no parameter t
		{line: 21, kind: "delete", want: "\t\treturn nil\n\t}\n\treturn nil\n}"},
		{line: 39, kind: "delete", want: "\tif n > 0 {\n\t}\n\treturn n"}, // the last of its block
		{line: 26, kind: "clamp", want: "\tif n >= len(table) {\n\t\tn = len(table) - 1\n\t}\n\ts := table[n]"},
		{line: 31, kind: "call", want: "func first(arg string) bool {\n\targ = strings.TrimSpace(arg)\n\tif arg[0]"},
		{line: 26, kind: "call", want: "b.Reset()", none: true}, // a local variable's method
		{line: 31, kind: "clause", want: "if len(arg) > 0 && (arg[0] == '-' || arg == \"x\") {"},
		{line: 9, kind: "delete", none: true}, // a return
		{line: 8, kind: "call", none: true},   // the function has it
		{line: 46, kind: "return", want: "\tif ok {\n\t\tc <- 1\n\t\treturn\n\t}\n\tc <- 2\n}"},
		{line: 48, kind: "return", none: true}, // the function body's own
		{line: 53, kind: "return", none: true}, // the function has results
		{line: 60, kind: "return", none: true}, // nothing follows
		{line: 39, kind: "return", none: true}, // the function has results
	} {
		var got []string
		for _, e := range Line("p.go", []byte(editsSrc), c.line, map[string][]byte{"p.go": []byte(editsSrc), "q.go": []byte(editsOther)}, nil) {
			if e.Kind == c.kind {
				got = append(got, string(e.Apply([]byte(editsSrc))))
			}
		}
		switch {
		case c.none && len(got) > 0:
			t.Errorf("line %d: %d %s edits, want none:\n%s", c.line, len(got), c.kind, got[0])
		case !c.none && !anyContains(got, c.want):
			t.Errorf("line %d: no %s edit gives %q among %d", c.line, c.kind, c.want, len(got))
		}
	}
}

// anyContains reports whether one of ss contains sub.
func anyContains(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
