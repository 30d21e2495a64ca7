package changes

import (
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// summary is "kind unit new ⇐ old" of each change, in order.
func summary(s *Set) []string {
	var out []string
	for _, c := range s.Changes {
		indent := ""
		for p := c.parent; p != nil; p = p.parent {
			indent += "  "
		}
		out = append(out, indent+c.Kind.String()+" "+c.Unit+": "+brief(c.NewText)+" ⇐ "+brief(c.OldText))
	}
	return out
}

func TestDiff(t *testing.T) {
	const head = "package p\n\n"
	tests := []struct {
		name     string
		old, new string
		want     []string
	}{
		{"same", "func F() int { return 1 }", "func F() int {\n\treturn 1 // one\n}", nil},
		{"if condition", "func F(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}", "func F(x int) int {\n\tif x < 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}",
			[]string{"modified if header: if x < 0 ⇐ if x > 0"}},
		{"statement in body", "func F(x int) int {\n\tx++\n\treturn x\n}", "func F(x int) int {\n\tx += 2\n\treturn x\n}",
			[]string{"modified stmt: x += 2 ⇐ x++"}},
		{"added statement", "func F(x int) int {\n\treturn x\n}", "func F(x int) int {\n\tx *= 2\n\treturn x\n}",
			[]string{"added stmt: x *= 2 ⇐ ∅"}},
		{"removed statement", "func F(x int) int {\n\tx *= 2\n\treturn x\n}", "func F(x int) int {\n\treturn x\n}",
			[]string{"removed stmt: ∅ ⇐ x *= 2"}},
		{"signature", "func F(x int) int {\n\treturn x\n}", "func F(x, y int) int {\n\treturn x\n}",
			[]string{"modified func signature: func F(x, y int) int ⇐ func F(x int) int"}},
		{"else added", "func F(x int) (y int) {\n\tif x > 0 {\n\t\ty = 1\n\t}\n\treturn\n}", "func F(x int) (y int) {\n\tif x > 0 {\n\t\ty = 1\n\t} else {\n\t\ty = 2\n\t}\n\treturn\n}",
			[]string{"added else: else { y = 2 } ⇐ ∅", "  added stmt: y = 2 ⇐ ∅"}},
		{"added compound", "func F(x int) int {\n\treturn x\n}", "func F(x int) int {\n\tfor x > 0 {\n\t\tif x%2 == 0 {\n\t\t\tx--\n\t\t}\n\t\tx /= 2\n\t}\n\treturn x\n}",
			[]string{"added for header: for x > 0 { if x%2 == 0 { x-- } x /= 2 } ⇐ ∅", "  added if header: if x%2 == 0 { x-- } ⇐ ∅", "    added stmt: x-- ⇐ ∅", "  added stmt: x /= 2 ⇐ ∅"}},
		{"added statements apart", "func F(x int) int {\n\treturn x\n}", "func F(x int) int {\n\tx++\n\tx *= 2\n\treturn x\n}",
			[]string{"added stmt: x++ ⇐ ∅", "added stmt: x *= 2 ⇐ ∅"}},
		{"closure body", "func F(f func(func())) {\n\tf(func() {\n\t\tprintln(1)\n\t})\n}", "func F(f func(func())) {\n\tf(func() {\n\t\tprintln(2)\n\t\tprintln(3)\n\t})\n}",
			[]string{"modified stmt: println(2) ⇐ println(1)", "added stmt: println(3) ⇐ ∅"}},
		{"closure and call changed", "func F(f func(int, func())) {\n\tf(1, func() {\n\t\tprintln(1)\n\t})\n}", "func F(f func(int, func())) {\n\tf(2, func() {\n\t\tprintln(2)\n\t})\n}",
			[]string{"modified stmt: f(2, func() { println(2) }) ⇐ f(1, func() { println(1) })"}},
		{"loop header and body", "func F(n int) (s int) {\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn\n}", "func F(n int) (s int) {\n\tfor i := 1; i <= n; i++ {\n\t\ts += i * i\n\t}\n\treturn\n}",
			[]string{"modified for header: for i := 1; i <= n; i++ ⇐ for i := 0; i < n; i++", "modified stmt: s += i * i ⇐ s += i"}},
		{"switch case", "func F(x int) int {\n\tswitch x {\n\tcase 1:\n\t\treturn 10\n\t}\n\treturn 0\n}", "func F(x int) int {\n\tswitch x {\n\tcase 2:\n\t\treturn 10\n\t}\n\treturn 0\n}",
			[]string{"modified case header: case 2: ⇐ case 1:"}},
		{"declarations", "var a = 1\n\nfunc G() {}\n\nconst (\n\tB = 1\n\tC = 2\n)", "var a = 2\n\nconst (\n\tB = 1\n\tC = 3\n)\n\nfunc H() {}",
			[]string{"modified decl: var a = 2 ⇐ var a = 1", "removed decl: ∅ ⇐ func G() {}", "modified spec: C = 3 ⇐ C = 2", "added decl: func H() {} ⇐ ∅"}},
		{"added function", "", "func H(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}",
			[]string{"added decl: func H(x int) int { if x > 0 { return 1 } return 0 } ⇐ ∅", "  added if header: if x > 0 { return 1 } ⇐ ∅", "    added stmt: return 1 ⇐ ∅", "  added stmt: return 0 ⇐ ∅"}},
		{"imports", "import (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar _ = fmt.Sprint(os.Args)", "import (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint(1)",
			[]string{"removed import: ∅ ⇐ \"os\"", "modified decl: var _ = fmt.Sprint(1) ⇐ var _ = fmt.Sprint(os.Args)"}},
		// go-toml v1.7.0 -> v1.8.0's token.go: the import block lost a
		// path and its parentheses, and a body stopped using it.
		{"import block to one import", "import (\n\t\"fmt\"\n\t\"unicode\"\n)\n\nfunc L(r rune) bool {\n\treturn unicode.IsLetter(r) || r == '_'\n}\n\nvar _ = fmt.Sprint(1)",
			"import \"fmt\"\n\nfunc L(r rune) bool {\n\treturn 'a' <= r && r <= 'z' || r == '_'\n}\n\nvar _ = fmt.Sprint(1)",
			[]string{"removed import: ∅ ⇐ import \"unicode\"", "modified stmt: return 'a' <= r && r <= 'z' || r == '_' ⇐ return unicode.IsLetter(r) || r == '_'"}},
		{"one import to a block", "import f \"fmt\"\n\nvar _ = f.Sprint(1)", "import (\n\tg \"fmt\"\n\t\"os\"\n)\n\nvar _ = g.Sprint(os.Args)",
			[]string{"modified import: g \"fmt\" ⇐ f \"fmt\"", "added import: \"os\" ⇐ ∅", "modified decl: var _ = g.Sprint(os.Args) ⇐ var _ = f.Sprint(1)"}},
		{"var into a block", "var a = 1\n\nvar b = 2", "var (\n\ta = 3\n\tb = 2\n)\n\nconst c = 4",
			[]string{"modified spec: a = 3 ⇐ a = 1", "added decl: const c = 4 ⇐ ∅"}},
		{"var out of a block", "var (\n\ta = 1\n\tb = 2\n)", "var a = 1",
			[]string{"removed spec: ∅ ⇐ var b = 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Diff(map[string][]byte{"p.go": []byte(head + tt.old)}, map[string][]byte{"p.go": []byte(head + tt.new)})
			if err != nil {
				t.Fatal(err)
			}
			if got := summary(s); !slices.Equal(got, tt.want) {
				t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			// Reverting every change gives a file that parses and has
			// no change left against the old version.
			src, err := s.Source("p.go", s.Changes)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0); err != nil {
				t.Fatalf("reverted file does not parse: %v\n%s", err, src)
			}
			back, err := Diff(map[string][]byte{"p.go": []byte(head + tt.old)}, map[string][]byte{"p.go": src})
			if err != nil {
				t.Fatal(err)
			}
			if left := summary(back); len(left) > 0 {
				t.Errorf("after reverting every change, left:\n%s\nfile:\n%s", strings.Join(left, "\n"), src)
			}
		})
	}
}

// TestRevertSubsets reverts every subset of a file's changes: each
// result parses, and reverting a subset then diffing against the new
// version gives back exactly that subset's changes.
func TestRevertSubsets(t *testing.T) {
	old := "package p\n\nvar s = true\n\nfunc M(x, y, z int) (m int) {\n\tif x > y {\n\t\tm = x\n\t} else {\n\t\tm = y\n\t}\n\tif z > m {\n\t\tm = z\n\t}\n\treturn\n}\n\nfunc gone() {}\n"
	nw := "package p\n\nvar s = false\n\nfunc M(x, y, z int) (m int) {\n\tif x < y {\n\t\tm = x\n\t} else {\n\t\tm = y\n\t}\n\tif z < m {\n\t\tm = z\n\t}\n\tm++\n\treturn\n}\n"
	s, err := Diff(map[string][]byte{"p.go": []byte(old)}, map[string][]byte{"p.go": []byte(nw)})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Changes) != 5 {
		t.Fatalf("%d changes, want 5:\n%s", len(s.Changes), strings.Join(summary(s), "\n"))
	}
	for mask := range 1 << len(s.Changes) {
		var sub []*Change
		for i, c := range s.Changes {
			if mask&(1<<i) != 0 {
				sub = append(sub, c)
			}
		}
		src, err := s.Source("p.go", sub)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0); err != nil {
			t.Fatalf("subset %b does not parse: %v\n%s", mask, err, src)
		}
		d, err := Diff(map[string][]byte{"p.go": src}, map[string][]byte{"p.go": []byte(nw)})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(d.Changes); got != len(sub) {
			t.Errorf("subset %b: reverted version differs from the new by %d changes, want %d:\n%s", mask, got, len(sub), strings.Join(summary(d), "\n"))
		}
	}
}

func TestLocate(t *testing.T) {
	old := "package p\n\nfunc F() int {\n\treturn 1\n}\n"
	nw := "package p\n\nfunc F() int {\n\treturn 100\n}\n"
	s, err := Diff(map[string][]byte{"p.go": []byte(old)}, map[string][]byte{"p.go": []byte(nw)})
	if err != nil {
		t.Fatal(err)
	}
	c := s.Changes[0]
	src, _ := s.Source("p.go", s.Changes)
	tests := []struct {
		name    string
		offset  int
		wantOff int
		wantIn  *Change
	}{
		{"before", strings.Index(string(src), "func"), strings.Index(nw, "func"), nil},
		{"in the reverted code", strings.Index(string(src), "return"), c.New.Offset, c},
		{"after", strings.LastIndex(string(src), "}"), strings.LastIndex(nw, "}"), nil},
	}
	for _, tt := range tests {
		off, in := s.Locate("p.go", s.Changes, tt.offset)
		if off != tt.wantOff || in != tt.wantIn {
			t.Errorf("%s: Locate = %d, %v; want %d, %v", tt.name, off, in, tt.wantOff, tt.wantIn)
		}
	}
}

func TestFilesAndErrors(t *testing.T) {
	s, err := Diff(map[string][]byte{"a.go": []byte("package p\n"), "gone.go": []byte("package p\n\nvar G = 1\n")},
		map[string][]byte{"a.go": []byte("package p\n"), "new.go": []byte("package p\n\nvar N = 1\n")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(s), []string{"added file: package p var N = 1 ⇐ ∅", "  added decl: var N = 1 ⇐ ∅", "removed file: ∅ ⇐ package p var G = 1"}; !slices.Equal(got, want) {
		t.Errorf("changes %q, want %q", got, want)
	}
	m, err := s.Revert(s.Changes)
	if err != nil {
		t.Fatal(err)
	}
	if string(m["new.go"]) != "package p\n" || string(m["gone.go"]) != "package p\n\nvar G = 1\n" {
		t.Errorf("reverted files: %q", m)
	}
	_, err = Diff(map[string][]byte{"a.go": []byte("package p\nfunc {")}, map[string][]byte{"a.go": []byte("package p\n")})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Version != "old" || pe.File != "a.go" {
		t.Errorf("unparsable old file: err = %v, want a *ParseError naming the old a.go", err)
	}
	if _, err := s.Revert([]*Change{{ID: "c9"}}); !errors.As(err, new(*ForeignError)) {
		t.Errorf("foreign change: err = %v, want a *ForeignError", err)
	}
}

func TestDirs(t *testing.T) {
	s, err := Dirs("../examples/max3/correct", "../examples/max3", nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range s.Changes[:4] {
		ids = append(ids, c.ID+" "+c.Unit)
	}
	want := []string{"c1 decl", "c2 if header", "c3 if header", "c4 stmt"}
	if !slices.Equal(ids, want) {
		t.Errorf("max3's first changes %q, want %q (the paper's c1-c4)", ids, want)
	}
	for _, c := range s.Changes {
		if strings.HasSuffix(c.File, "_test.go") || strings.HasPrefix(c.File, "correct/") {
			t.Errorf("change %v of a test file or of the old version nested in the new", c)
		}
	}
}

// TestForward checks that Forward inverts Locate outside reverted code.
func TestForward(t *testing.T) {
	old := "package p\n\nfunc F(x int) int {\n\tx++\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n"
	nw := "package p\n\nfunc F(x int) int {\n\tx += 200\n\tif x < 0 {\n\t\treturn 1\n\t}\n\tx--\n\treturn 0\n}\n"
	s, err := Diff(map[string][]byte{"p.go": []byte(old)}, map[string][]byte{"p.go": []byte(nw)})
	if err != nil {
		t.Fatal(err)
	}
	for mask := range 1 << len(s.Changes) {
		var sub []*Change
		for i, c := range s.Changes {
			if mask&(1<<i) != 0 {
				sub = append(sub, c)
			}
		}
		src, _ := s.Source("p.go", sub)
		for _, word := range []string{"func", "return 1", "return 0"} {
			n := strings.Index(nw, word)
			f := s.Forward("p.go", sub, n)
			if !strings.HasPrefix(string(src[f:]), word) {
				t.Errorf("subset %b: Forward(%q) = %d, at %q", mask, word, f, src[f:min(len(src), f+10)])
			}
			if back, in := s.Locate("p.go", sub, f); back != n || in != nil && slices.Contains(sub, in) {
				t.Errorf("subset %b: Locate(Forward(%q)) = %d, %v; want %d", mask, word, back, in, n)
			}
		}
	}
}

func TestPatch(t *testing.T) {
	old := "package p\n\nfunc F(x int) int {\n\tif x > 0 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n"
	nw := "package p\n\nfunc F(x int) int {\n\tif x < 0 {\n\t\treturn 1\n\t}\n\tx++\n\treturn 0\n}\n"
	patch := `diff --git a/p.go b/p.go
--- a/p.go
+++ b/p.go
@@ -1,8 +1,9 @@
 package p
 
 func F(x int) int {
-	if x > 0 {
+	if x < 0 {
 		return 1
 	}
+	x++
 	return 0
 }
--- /dev/null
+++ b/q.go
@@ -0,0 +1,3 @@
+package p
+
+var Q = 1
`
	dir := t.TempDir()
	for name, src := range map[string]string{"p.go": nw, "q.go": "package p\n\nvar Q = 1\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Patch(dir, []byte(patch), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"modified if header: if x < 0 ⇐ if x > 0", "added stmt: x++ ⇐ ∅", "added file: package p var Q = 1 ⇐ ∅", "  added decl: var Q = 1 ⇐ ∅"}
	if got := summary(s); !slices.Equal(got, want) {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	src, err := s.Source("p.go", s.Changes)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := Diff(map[string][]byte{"p.go": []byte(old)}, map[string][]byte{"p.go": src}); len(d.Changes) != 0 {
		t.Errorf("reverting the patch's changes does not give the old version:\n%s", src)
	}
	bad := []struct{ name, patch, want string }{
		{"no file", "hello\n", "no file in the patch"},
		{"mismatch", "--- a/p.go\n+++ b/p.go\n@@ -1,1 +1,1 @@\n-package q\n+package r\n", "does not match the new version at line 1"},
		{"hunk first", "@@ -1 +1 @@\n", "hunk before any"},
	}
	for _, b := range bad {
		_, err := Patch(dir, []byte(b.patch), nil)
		var pe *PatchError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: err = %v, want a *PatchError saying %q", b.name, err, b.want)
		}
	}
}
