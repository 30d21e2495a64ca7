package repair

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestLocate finds the source a repair at a site replaces.
func TestLocate(t *testing.T) {
	const src = `package p

func f(a, b, c int) int {
	x := a + b*c
	x = b
	if a == c || b == c {
		return x
	}
	var y int = c
	y++
	x -= a + b
	return x + y
}
`
	updates := map[int]string{10: "y++", 11: "x -= a + b"} // the statements rewritten
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name         string
		kind         SiteKind
		line, column int
		expr         string
		want         string
	}{
		{"a variable read", ValueSite, 6, 10, "c", "c"},
		{"an operation, at its operator", ValueSite, 4, 11, "b*c", "b*c"},
		{"a sum around a product", ValueSite, 4, 9, "a + b*c", "a + b*c"},
		{"a condition", ConditionSite, 6, 5, "a == c", "a == c"},
		{"a definition", AssignmentSite, 4, 2, "x", "a + b*c"},
		{"an assignment, at its operator", AssignmentSite, 5, 4, "x", "b"},
		{"a declaration", AssignmentSite, 9, 6, "y", "c"},
		{"an increment", AssignmentSite, 10, 2, "y", "y + 1"},
		{"an increment's value", ValueSite, 10, 2, "y", "y + 1"},
		{"a compound assignment", AssignmentSite, 11, 2, "x", "x - (a + b)"},
		{"a compound assignment's value", ValueSite, 11, 2, "x", "x - (a + b)"},
		{"a return", ReturnSite, 12, 2, "", "x + y"},
		{"a return in a block", ReturnSite, 7, 3, "", "x"},
		{"not there", ValueSite, 6, 10, "d", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Site{Location: localize.Location{Position: localize.Position{File: file, Line: tc.line, Column: tc.column}, Expr: tc.expr}, Kind: tc.kind}
			s.binop = strings.HasSuffix(tc.name, "'s value") // go/ssa places the operation at the left-hand side
			if err := s.locate(nil); err != nil {
				t.Fatal(err)
			}
			if s.Replaced != tc.want {
				t.Errorf("Replaced = %q, want %q", s.Replaced, tc.want)
			}
			if tc.want == "" {
				if _, err := s.patch("z"); err == nil {
					t.Errorf("patch of a site without source: no error")
				}
				return
			}
			p, err := s.patch("z")
			if err != nil {
				t.Fatal(err)
			}
			// The span from Position to EndLine/EndColumn is Orig in
			// the source, Inserted what takes its place.
			offset := func(line, col int) int {
				lines := strings.SplitAfter(src, "\n")
				off := 0
				for _, l := range lines[:line-1] {
					off += len(l)
				}
				return off + col - 1
			}
			if span := src[offset(p.Line, p.Column):offset(p.EndLine, p.EndColumn)]; span != p.Orig || p.Inserted() != p.Repl {
				t.Errorf("span %d:%d-%d:%d is %q, Orig %q; inserted %q, Repl %q", p.Line, p.Column, p.EndLine, p.EndColumn, span, p.Orig, p.Inserted(), p.Repl)
			}
			if stmt, ok := updates[tc.line]; ok {
				// The statement becomes an assignment of the
				// replacement.
				lhs := tc.expr[:1]
				if p.Line != tc.line || p.Orig != stmt || p.Repl != lhs+" = z" || !strings.Contains(string(p.Source), "\n\t"+lhs+" = z\n") || len(p.Source) != len(src)-len(stmt)+len(lhs+" = z") {
					t.Errorf("patch %+v:\n%s", p, p.Source)
				}
				return
			}
			if p.Line != tc.line || p.Orig != tc.want || p.Repl != "z" || len(p.Source) != len(src)-len(tc.want)+1 {
				t.Errorf("patch %+v", p)
			}
		})
	}
	bad := &Site{Location: localize.Location{Position: localize.Position{File: filepath.Join(t.TempDir(), "none.go"), Line: 1}}}
	if err := bad.locate(nil); err == nil {
		t.Errorf("locate in a missing file: no error")
	}
	over := &Site{Location: localize.Location{Position: localize.Position{File: "/nowhere/p.go", Line: 4, Column: 11}, Expr: "b*c"}}
	if err := over.locate(map[string][]byte{"/nowhere/p.go": []byte(src)}); err != nil || over.Replaced != "b*c" {
		t.Errorf("locate in an overlay: %v, %q", err, over.Replaced)
	}
}

// TestLocateByPosition finds the source of sites whose instruction has
// no source text (Expr ""), by the position go/ssa gives it: a call, an
// operand of &&, an element read or stored, an operation; the load of a
// compound assignment's or an increment's variable rewrites the
// statement; a replacement is parenthesized where its context binds
// tighter.
func TestLocateByPosition(t *testing.T) {
	const src = `package p

var t = []int{1, 2}

func g() bool { return t[0] > 0 }

func f(a, b, c int) int {
	t[1] = a + b
	if g() && b < c {
		return t[a] * c
	}
	x := a - b*c
	x -= c
	x++
	return x
}
`
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	col := func(line int, s string) int {
		i := strings.Index(lines[line-1], s)
		if i < 0 {
			t.Fatalf("no %q on line %d", s, line)
		}
		return i + 1
	}
	for _, tc := range []struct {
		name         string
		kind         SiteKind
		line, column int
		expr         string
		want         string            // Replaced
		repls        map[string]string // replacement: the patch's Repl
	}{
		{"a call, an operand of &&", ConditionSite, 9, col(9, "("), "", "g()",
			map[string]string{"b > 0 || a > 0": "(b > 0 || a > 0)", "b > 0 && c > 0": "b > 0 && c > 0", "!g()": "!g()"}},
		{"an element read, an operand of *", ValueSite, 10, col(10, "["), "", "t[a]",
			map[string]string{"a + c": "(a + c)", "a * c": "a * c", "-a": "-a", "a": "a"}},
		{"an element stored", AssignmentSite, 8, col(8, "["), "", "a + b",
			map[string]string{"a - b": "a - b"}},
		{"a product, the right operand of -", ValueSite, 12, col(12, "*"), "", "b*c",
			map[string]string{"c - a": "(c - a)", "c * a": "c * a", "c + a": "(c + a)"}},
		{"the load of a compound assignment's variable", ValueSite, 13, 2, "x", "x",
			map[string]string{"z": "x = z - c", "a + b": "x = a + b - c", "a < b || c > a": "x = (a < b || c > a) - c"}},
		{"the load of an increment's variable", ValueSite, 14, 2, "x", "x",
			map[string]string{"z": "x = z + 1", "a * b": "x = a * b + 1"}},
		{"an element stored to is no value", ValueSite, 8, col(8, "["), "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Site{Location: localize.Location{Position: localize.Position{File: file, Line: tc.line, Column: tc.column}, Expr: tc.expr}, Kind: tc.kind}
			if err := s.locate(nil); err != nil {
				t.Fatal(err)
			}
			if s.Replaced != tc.want {
				t.Fatalf("Replaced = %q, want %q", s.Replaced, tc.want)
			}
			if tc.want == "" {
				if _, err := s.patch("z"); err == nil {
					t.Errorf("patch of a site without source: no error")
				}
				return
			}
			if s.Expr == "" {
				t.Errorf("Expr not set")
			}
			for repl, want := range tc.repls {
				p, err := s.patch(repl)
				if err != nil {
					t.Fatal(err)
				}
				if p.Repl != want {
					t.Errorf("patch %q: Repl %q, want %q", repl, p.Repl, want)
				}
				if _, err := parser.ParseFile(token.NewFileSet(), "p.go", p.Source, 0); err != nil {
					t.Errorf("patch %q does not parse: %v\n%s", repl, err, p.Source)
				}
				if !strings.Contains(string(p.Source), want) || len(p.Source) != len(src)-len(p.Orig)+len(want) {
					t.Errorf("patch %q: source\n%s", repl, p.Source)
				}
			}
		})
	}
}

// TestLocateOnce tells the sites evaluated each time their statement
// runs (where a guard before the statement sees every execution) from
// those a loop, an else-if, an if's initialization or a right operand
// of && or || hides.
func TestLocateOnce(t *testing.T) {
	const src = `package p

func f(a, b, c int) int {
	if a > b && g(c) {
		return a
	}
	x := a + b*c
	for a < b || c > 0 {
		a++
	}
	if y := a; y > c {
		return y
	}
	if a == 0 {
		x++
	} else if b > c {
		return b
	}
	return x
}

func g(int) bool { return true }
`
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	col := func(line int, s string) int {
		i := strings.Index(lines[line-1], s)
		if i < 0 {
			t.Fatalf("no %q on line %d", s, line)
		}
		return i + 1
	}
	for _, tc := range []struct {
		name         string
		kind         SiteKind
		line, column int
		expr         string
		once         bool
	}{
		{"the left operand of &&", ConditionSite, 4, col(4, ">"), "a > b", true},
		{"a call, the right operand of &&", ConditionSite, 4, col(4, "("), "", false},
		{"an argument in the right operand", ValueSite, 4, col(4, "c"), "c", false},
		{"an operation of a definition", ValueSite, 7, col(7, "*"), "b*c", true},
		{"a loop's condition", ConditionSite, 8, col(8, "<"), "a < b", false},
		{"an if's with an initialization", ConditionSite, 11, col(11, ">"), "y > c", false},
		{"an else-if's", ConditionSite, 16, col(16, ">"), "b > c", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Site{Location: localize.Location{Position: localize.Position{File: file, Line: tc.line, Column: tc.column}, Expr: tc.expr}, Kind: tc.kind}
			if err := s.locate(nil); err != nil {
				t.Fatal(err)
			}
			if s.Replaced == "" {
				t.Fatalf("no source found")
			}
			if s.once != tc.once {
				t.Errorf("once = %v, want %v (Replaced %q)", s.once, tc.once, s.Replaced)
			}
		})
	}
}

// TestLocateLoaded finds the source of a branch on a variable's value,
// whose load go/ssa gives no position: the variable's one use in the
// site's function where go/ssa branches on it; none where it has two.
func TestLocateLoaded(t *testing.T) {
	const src = `package p

func f(a int, ok, done bool) int {
	x := a + 1
	if ok && a > 0 {
		return x
	}
	y := !done
	if y || done {
		return 2
	}
	return 0
}

func g(ok bool) bool { return ok && true }

func h(ok bool) int {
	if ok {
		return 1
	}
	if !ok {
		return 2
	}
	return 0
}
`
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	// span is the byte range of the function named fn.
	span := func(fn string) (int, int) {
		start := strings.Index(src, "func "+fn+"(")
		if eol := start + strings.Index(src[start:], "\n"); src[eol-1] == '}' {
			return start, eol // a function on one line
		}
		return start, start + strings.Index(src[start:], "\n}\n") + 2
	}
	for _, tc := range []struct {
		name, fn, loaded string
		line             int  // of the use found; 0: none
		once             bool // the use is evaluated each time its statement runs
	}{
		{"the left operand of &&", "f", "ok", 5, true},
		{"the right operand of ||, not the value of !", "f", "done", 9, false},
		{"the left operand of ||", "f", "y", 9, true},
		{"a comparison's operand is no branch", "f", "a", 0, false},
		{"in another function", "g", "ok", 15, true},
		{"two uses", "h", "ok", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, end := span(tc.fn)
			// The position the trace gives such a branch is borrowed:
			// here, the function's.
			line := 1 + strings.Count(src[:start], "\n")
			s := &Site{Location: localize.Location{Position: localize.Position{File: file, Line: line, Column: 1}}, Kind: ConditionSite,
				synthetic: true, loaded: tc.loaded, fnStart: start, fnEnd: end}
			if err := s.locate(nil); err != nil {
				t.Fatal(err)
			}
			if tc.line == 0 {
				if s.Replaced != "" {
					t.Errorf("Replaced = %q, want none", s.Replaced)
				}
				return
			}
			p, err := s.patch("z")
			if err != nil {
				t.Fatalf("Replaced %q: %v", s.Replaced, err)
			}
			if s.Replaced != tc.loaded || p.Line != tc.line || s.once != tc.once {
				t.Errorf("Replaced %q at line %d, once %v; want %q at line %d, once %v", s.Replaced, p.Line, s.once, tc.loaded, tc.line, tc.once)
			}
		})
	}
}

// TestUnified checks the diff of one changed run of lines.
func TestUnified(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
	want := "--- a/f.go\n+++ b/f.go\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got := unified("f.go", []byte(a), []byte(b)); got != want {
		t.Errorf("unified:\n%s\nwant:\n%s", got, want)
	}
	if got := unified("f.go", []byte(a), []byte(a)); got != "" {
		t.Errorf("unified of equal files: %q, want none", got)
	}
	// At the start of a file, without a final newline.
	want = "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n-x\n+y\n z\n"
	if got := unified("f.go", []byte("x\nz"), []byte("y\nz")); got != want {
		t.Errorf("unified at the start:\n%s\nwant:\n%s", got, want)
	}
}
