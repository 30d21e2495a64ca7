package locate

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMutant finds the expression a mutant replaces where
// internal/mutate places it: an operator's mutant at its operator, a
// constant's or a variable's at its start, an angelic value's at its
// statement's start.
func TestMutant(t *testing.T) {
	const src = `package p

func f(a, b, c int) int {
	x := a + b*c
	if a == c || b < c {
		return x
	}
	x = b - 1
	y := a +
		c
	x = x
	return x + 2 + y
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	tf := fset.File(f.Pos())
	lines := strings.Split(src, "\n")
	// col is the column of the n-th occurrence (from 1) of s on line.
	col := func(line int, s string, n int) int {
		off := -1
		for range n {
			i := strings.Index(lines[line-1][off+1:], s)
			if i < 0 {
				t.Fatalf("no %q on line %d", s, line)
			}
			off += 1 + i
		}
		return off + 1
	}
	for _, tc := range []struct {
		name         string
		line, column int
		orig         string
		want         string // the source from the span's start; "": none
	}{
		{"ROR at its operator", 5, col(5, "==", 1), "a == c", "a == c || b < c {"},
		{"LCR at its operator", 5, col(5, "||", 1), "a == c || b < c", "a == c || b < c {"},
		{"AOR inside a sum", 4, col(4, "*", 1), "b*c", "b*c\n"},
		{"AOR of a sum", 4, col(4, "+", 1), "a + b*c", "a + b*c\n"},
		{"AOR across lines", 9, col(9, "+", 1), "a +\n\t\tc", "a +\n\t\tc\n"},
		{"CRP at its constant", 8, col(8, "1", 1), "1", "1\n"},
		{"VRP at its variable", 8, col(8, "b", 1), "b", "b - 1\n"},
		{"ANG at its assignment", 8, 2, "b - 1", "b - 1\n"},
		{"ANG at a return", 12, 2, "x + 2 + y", "x + 2 + y\n"},
		{"ANG of x = x: the right-hand side", 11, 2, "x", "x\n\treturn"},
		{"VRP of the second x", 11, col(11, "x", 2), "x", "x\n\treturn"},
		{"not there", 5, col(5, "==", 1), "a != c", ""},
		{"past the file", 40, 1, "a", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, ok := Mutant(f, tf, []byte(src), tc.line, tc.column, tc.orig)
			switch {
			case tc.want == "" && ok:
				t.Errorf("found at %d (%q), want none", start, src[start:])
			case tc.want == "":
			case !ok:
				t.Errorf("not found, want %q", tc.want)
			case !strings.HasPrefix(src[start:], tc.want) || src[start:start+len(tc.orig)] != tc.orig:
				t.Errorf("found %q, want %q", src[start:min(len(src), start+20)], tc.want)
			}
		})
	}
}

// TestFilesMutant reads a mutant's file from the overlay or the disk,
// once, and finds its expression there.
func TestFilesMutant(t *testing.T) {
	const src = "package p\n\nfunc f(a int) int { return a + 1 }\n"
	disk := filepath.Join(t.TempDir(), "q.go")
	if err := os.WriteFile(disk, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	fs := NewFiles(map[string][]byte{"/nowhere/p.go": []byte(src)})
	col := strings.Index(src, "+") - strings.Index(src, "func") + 1
	for _, file := range []string{"/nowhere/p.go", disk} {
		got, start, err := fs.Mutant(file, 3, col, "a + 1")
		if err != nil || string(got) != src || src[start:start+5] != "a + 1" {
			t.Errorf("%s: %q at %d, %v", file, got, start, err)
		}
		if _, start, err := fs.Mutant(file, 3, col, "a - 1"); err != nil || start != -1 {
			t.Errorf("%s: a mutant not there at %d, %v; want -1", file, start, err)
		}
	}
	if _, _, err := fs.Mutant(filepath.Join(t.TempDir(), "none.go"), 1, 1, "a"); err == nil {
		t.Errorf("a missing file: no error")
	}
	if _, _, err := NewFiles(map[string][]byte{"/nowhere/bad.go": []byte("package")}).Mutant("/nowhere/bad.go", 1, 1, "a"); err == nil {
		t.Errorf("a file that does not parse: no error")
	}
}
