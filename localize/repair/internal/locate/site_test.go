package locate

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// find returns the span Find finds for s in src, failing the test on an
// error.
func find(t *testing.T, src string, s Site) Span {
	t.Helper()
	sp, err := Find([]byte(src), s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// patched returns src with the span's source replaced by repl, as a
// patch of the site replaces it.
func patched(src string, sp Span, repl string) string {
	return src[:sp.Start] + sp.Text(repl) + src[sp.End:]
}

// column returns a function that gives the column of the first s on a
// line of src.
func column(t *testing.T, src string) func(line int, s string) int {
	lines := strings.Split(src, "\n")
	return func(line int, s string) int {
		i := strings.Index(lines[line-1], s)
		if i < 0 {
			t.Fatalf("no %q on line %d", s, line)
		}
		return i + 1
	}
}

// TestFind finds the source a repair at a site replaces, and lays out a
// replacement there: in place of the expression, or of a compound
// assignment's or an increment's statement as an assignment.
func TestFind(t *testing.T) {
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
	for _, tc := range []struct {
		name         string
		kind         Kind
		line, column int
		expr         string
		want         string
	}{
		{"a variable read", Value, 6, 10, "c", "c"},
		{"an operation, at its operator", Value, 4, 11, "b*c", "b*c"},
		{"a sum around a product", Value, 4, 9, "a + b*c", "a + b*c"},
		{"a condition", Condition, 6, 5, "a == c", "a == c"},
		{"a definition", Assignment, 4, 2, "x", "a + b*c"},
		{"an assignment, at its operator", Assignment, 5, 4, "x", "b"},
		{"a declaration", Assignment, 9, 6, "y", "c"},
		{"an increment", Assignment, 10, 2, "y", "y + 1"},
		{"an increment's value", Value, 10, 2, "y", "y + 1"},
		{"a compound assignment", Assignment, 11, 2, "x", "x - (a + b)"},
		{"a compound assignment's value", Value, 11, 2, "x", "x - (a + b)"},
		{"a return", Return, 12, 2, "", "x + y"},
		{"a return in a block", Return, 7, 3, "", "x"},
		{"not there", Value, 6, 10, "d", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Site{File: "p.go", Line: tc.line, Column: tc.column, Expr: tc.expr, Kind: tc.kind}
			s.BinOp = strings.HasSuffix(tc.name, "'s value") // go/ssa places the operation at the left-hand side
			sp := find(t, src, s)
			if sp.Replaced != tc.want {
				t.Errorf("Replaced = %q, want %q", sp.Replaced, tc.want)
			}
			if tc.want == "" {
				return
			}
			orig, got := src[sp.Start:sp.End], patched(src, sp, "z")
			if stmt, ok := updates[tc.line]; ok {
				// The statement becomes an assignment of the
				// replacement.
				lhs := tc.expr[:1]
				if orig != stmt || sp.Text("z") != lhs+" = z" || !strings.Contains(got, "\n\t"+lhs+" = z\n") {
					t.Errorf("%q becomes %q:\n%s", orig, sp.Text("z"), got)
				}
				return
			}
			if orig != tc.want || sp.Text("z") != "z" || len(got) != len(src)-len(tc.want)+1 {
				t.Errorf("%q becomes %q:\n%s", orig, sp.Text("z"), got)
			}
		})
	}
	if _, err := Find([]byte(src), Site{File: "p.go", Line: 40, Column: 1}); err == nil {
		t.Errorf("a line past the file: no error")
	}
	if _, err := Find([]byte("package"), Site{File: "p.go", Line: 1, Column: 1}); err == nil {
		t.Errorf("a source that does not parse: no error")
	}
}

// TestFindByPosition finds the source of sites whose instruction has
// no source text (Expr ""), by the position go/ssa gives it: a call, an
// operand of &&, an element read or stored, an operation; the load of a
// compound assignment's or an increment's variable rewrites the
// statement; a replacement is parenthesized where its context binds
// tighter.
func TestFindByPosition(t *testing.T) {
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
	col := column(t, src)
	for _, tc := range []struct {
		name         string
		kind         Kind
		line, column int
		expr         string
		want         string            // Replaced
		repls        map[string]string // replacement: its Text
	}{
		{"a call, an operand of &&", Condition, 9, col(9, "("), "", "g()",
			map[string]string{"b > 0 || a > 0": "(b > 0 || a > 0)", "b > 0 && c > 0": "b > 0 && c > 0", "!g()": "!g()"}},
		{"an element read, an operand of *", Value, 10, col(10, "["), "", "t[a]",
			map[string]string{"a + c": "(a + c)", "a * c": "a * c", "-a": "-a", "a": "a"}},
		{"an element stored", Assignment, 8, col(8, "["), "", "a + b",
			map[string]string{"a - b": "a - b"}},
		{"a product, the right operand of -", Value, 12, col(12, "*"), "", "b*c",
			map[string]string{"c - a": "(c - a)", "c * a": "c * a", "c + a": "(c + a)"}},
		{"the load of a compound assignment's variable", Value, 13, 2, "x", "x",
			map[string]string{"z": "x = z - c", "a + b": "x = a + b - c", "a < b || c > a": "x = (a < b || c > a) - c"}},
		{"the load of an increment's variable", Value, 14, 2, "x", "x",
			map[string]string{"z": "x = z + 1", "a * b": "x = a * b + 1"}},
		{"an element stored to is no value", Value, 8, col(8, "["), "", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp := find(t, src, Site{File: "p.go", Line: tc.line, Column: tc.column, Expr: tc.expr, Kind: tc.kind})
			if sp.Replaced != tc.want {
				t.Fatalf("Replaced = %q, want %q", sp.Replaced, tc.want)
			}
			if tc.want == "" {
				return
			}
			if sp.Expr == "" {
				t.Errorf("Expr not set")
			}
			for repl, want := range tc.repls {
				if got := sp.Text(repl); got != want {
					t.Errorf("replacement %q: Text %q, want %q", repl, got, want)
				}
				got := patched(src, sp, repl)
				if _, err := parser.ParseFile(token.NewFileSet(), "p.go", got, 0); err != nil {
					t.Errorf("replacement %q does not parse: %v\n%s", repl, err, got)
				}
				if !strings.Contains(got, want) || len(got) != len(src)-(sp.End-sp.Start)+len(want) {
					t.Errorf("replacement %q: source\n%s", repl, got)
				}
			}
		})
	}
}

// TestFindOnce tells the sites evaluated each time their statement
// runs (where a guard before the statement sees every execution) from
// those a loop, an else-if, an if's initialization or a right operand
// of && or || hides.
func TestFindOnce(t *testing.T) {
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
	col := column(t, src)
	for _, tc := range []struct {
		name         string
		kind         Kind
		line, column int
		expr         string
		once         bool
	}{
		{"the left operand of &&", Condition, 4, col(4, ">"), "a > b", true},
		{"a call, the right operand of &&", Condition, 4, col(4, "("), "", false},
		{"an argument in the right operand", Value, 4, col(4, "c"), "c", false},
		{"an operation of a definition", Value, 7, col(7, "*"), "b*c", true},
		{"a loop's condition", Condition, 8, col(8, "<"), "a < b", false},
		{"an if's with an initialization", Condition, 11, col(11, ">"), "y > c", false},
		{"an else-if's", Condition, 16, col(16, ">"), "b > c", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sp := find(t, src, Site{File: "p.go", Line: tc.line, Column: tc.column, Expr: tc.expr, Kind: tc.kind})
			if sp.Replaced == "" {
				t.Fatalf("no source found")
			}
			if sp.Once != tc.once {
				t.Errorf("Once = %v, want %v (Replaced %q)", sp.Once, tc.once, sp.Replaced)
			}
		})
	}
}

// TestFindLoaded finds the source of a branch on a variable's value,
// whose load go/ssa gives no position: the variable's one use in the
// site's function where go/ssa branches on it; none where it has two.
func TestFindLoaded(t *testing.T) {
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
			sp := find(t, src, Site{File: "p.go", Line: line, Column: 1, Kind: Condition,
				Synthetic: true, Loaded: tc.loaded, FnStart: start, FnEnd: end})
			if tc.line == 0 {
				if sp.Replaced != "" {
					t.Errorf("Replaced = %q, want none", sp.Replaced)
				}
				return
			}
			at := 1 + strings.Count(src[:sp.Start], "\n")
			if sp.Replaced != tc.loaded || at != tc.line || sp.Once != tc.once {
				t.Errorf("Replaced %q at line %d, Once %v; want %q at line %d, Once %v", sp.Replaced, at, sp.Once, tc.loaded, tc.line, tc.once)
			}
		})
	}
}
