package tcas

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// renderVersions writes every version as the fault-free lines it edits
// ("-") and the lines that replace them ("+"), numbered in the fault-free
// and the version's file respectively, with its ground truth.
func renderVersions(t *testing.T) string {
	t.Helper()
	orig := strings.Split(portSource, "\n")
	var b strings.Builder
	for _, v := range Versions() {
		lines, from, edited, err := v.apply()
		if err != nil {
			t.Fatal(err)
		}
		fl, err := v.FaultyLines()
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "v%d (%s): %s\nfaulty lines: %s\n", v.N, v.Kind, v.Summary, strings.Trim(fmt.Sprint(fl), "[]"))
		for i := range lines {
			if !edited[i] {
				continue
			}
			if from[i] != 0 {
				fmt.Fprintf(&b, "-%d\t%s\n", from[i], strings.TrimSpace(orig[from[i]-1]))
			}
			fmt.Fprintf(&b, "+%d\t%s\n", i+1, strings.TrimSpace(lines[i]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestVersionsGolden pins every version's edits and ground truth in
// testdata/versions.golden (rewritten with -update).
func TestVersionsGolden(t *testing.T) {
	got := renderVersions(t)
	golden := filepath.Join("testdata", "versions.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("versions differ from %s (run with -update and review the diff):\n%s", golden, got)
	}
}

// typeCheck parses and type-checks a tcas.go on its own (it imports
// nothing), returning the file's syntax.
func typeCheck(t *testing.T, name string, src []byte) (*ast.File, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if _, err := (&types.Config{}).Check("tcas", fset, []*ast.File{f}, nil); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return f, fset
}

// codeLines returns the lines of f that hold the start of a statement
// other than a block.
func codeLines(f *ast.File, fset *token.FileSet) map[int]bool {
	lines := map[int]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(ast.Stmt); ok {
			if _, isBlock := n.(*ast.BlockStmt); !isBlock {
				lines[fset.Position(n.Pos()).Line] = true
			}
		}
		return true
	})
	return lines
}

// TestVersionEdits checks each version's edits: they apply, the result
// type-checks, differs from the port, and every faulty line holds a
// statement; the classes of versions are those of the bench README.
func TestVersionEdits(t *testing.T) {
	typeCheck(t, "tcas.go", Source())
	var multi, omissions, defines []int
	for _, v := range Versions() {
		src, err := v.Source()
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("v%d/tcas.go", v.N)
		f, fset := typeCheck(t, name, src)
		if string(src) == portSource {
			t.Errorf("v%d: source equals the fault-free one", v.N)
		}
		fl, err := v.FaultyLines()
		if err != nil {
			t.Fatal(err)
		}
		code := codeLines(f, fset)
		for _, l := range fl {
			if !code[l] {
				t.Errorf("v%d: faulty line %d holds no statement", v.N, l)
			}
		}
		if len(fl) == 0 {
			t.Errorf("v%d: no faulty line", v.N)
		}
		if len(fl) > 1 {
			multi = append(multi, v.N)
		}
		if v.Omission {
			omissions = append(omissions, v.N)
		}
		if v.Define {
			defines = append(defines, v.N)
			// The ground truth includes an assignment in defines.
			if !slices.ContainsFunc(fl, func(l int) bool { return l >= 10 && l <= 46 }) {
				t.Errorf("v%d: a #define version without a faulty line in defines: %v", v.N, fl)
			}
		}
	}
	// v35 changes both values of C's one-line conditional, two lines in Go.
	if want := []int{10, 11, 15, 31, 32, 33, 35, 40}; !slices.Equal(multi, want) {
		t.Errorf("versions with several faulty lines: %v, want %v", multi, want)
	}
	if want := []int{5, 11, 15, 26, 27, 29, 30, 31, 32, 40, 41}; !slices.Equal(omissions, want) {
		t.Errorf("omission versions: %v, want %v", omissions, want)
	}
	if want := []int{13, 14, 15, 36}; !slices.Equal(defines, want) {
		t.Errorf("#define versions: %v, want %v", defines, want)
	}
	// Same edits, as the README says.
	for _, pair := range [][2]int{{25, 39}, {5, 27}} {
		a, _ := Lookup(pair[0])
		b, _ := Lookup(pair[1])
		if !slices.Equal(a.Edits, b.Edits) {
			t.Errorf("v%d and v%d should carry the same edit", pair[0], pair[1])
		}
	}
}

func TestFaultyLines(t *testing.T) {
	tests := []struct {
		n    int
		want []int
	}{
		{1, []int{75}},
		{11, []int{104, 109, 128}},
		{13, []int{10}},
		{29, []int{63}},
		{30, []int{63}},
		{31, []int{76, 81, 128}},
		{32, []int{94, 99, 129}},
		{33, []int{50, 51, 52, 53}},
		{35, []int{63, 65}},
		{36, []int{46}},
		{38, []int{27}},
	}
	for _, tt := range tests {
		v, err := Lookup(tt.n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := v.FaultyLines()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("v%d: FaultyLines() = %v, want %v", tt.n, got, tt.want)
		}
	}
}

func TestPortLine(t *testing.T) {
	v31, _ := Lookup(31)
	v11, _ := Lookup(11)
	tests := []struct {
		v          Version
		line, want int
	}{
		{v31, 75, 75},
		{v31, 76, 0}, // inserted
		{v31, 77, 76},
		{v31, 81, 0}, // inserted
		{v31, 82, 80},
		{v31, 128, 126},
		{v31, 0, 0},
		{v31, 10000, 0},
		{v11, 133, 133}, // emptied, not removed
		{v11, 134, 134},
	}
	for _, tt := range tests {
		got, err := tt.v.PortLine(tt.line)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("v%d.PortLine(%d) = %d, want %d", tt.v.N, tt.line, got, tt.want)
		}
	}
}

func TestLookupErrors(t *testing.T) {
	for _, n := range []int{-1, 0, 42} {
		_, err := Lookup(n)
		var ve *VersionError
		if !errors.As(err, &ve) || ve.N != n || !strings.HasPrefix(err.Error(), "tcas: ") {
			t.Errorf("Lookup(%d) error = %v", n, err)
		}
		if _, _, err := FaultyVersion(n); !errors.As(err, &ve) {
			t.Errorf("FaultyVersion(%d) error = %v", n, err)
		}
	}
	bad := Version{N: 99, Edits: []Edit{{75, "no such text", "x"}}}
	if _, err := bad.Source(); err == nil || !strings.Contains(err.Error(), "occurs 0 times") {
		t.Errorf("Source with a stale edit: error %v", err)
	}
	bad.Edits = []Edit{{1000, "", "x"}}
	if _, err := bad.FaultyLines(); err == nil {
		t.Error("FaultyLines with an edit outside the file: no error")
	}
}

func TestOverlay(t *testing.T) {
	overlay, fl, err := FaultyVersion(31)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := Lookup(31)
	src, _ := v.Source()
	want := filepath.Join(dir, SourceFile)
	if len(overlay) != 1 || string(overlay[want]) != string(src) || !filepath.IsAbs(want) {
		t.Errorf("FaultyVersion(31) overlay keys %v, want only %s", slices.Collect(maps.Keys(overlay)), want)
	}
	if !slices.Equal(fl, []int{76, 81, 128}) {
		t.Errorf("FaultyVersion(31) lines %v", fl)
	}
}

func TestCLine(t *testing.T) {
	tests := []struct{ goLine, want int }{
		{0, 0}, {1, 2}, {5, 6}, {10, 10}, {27, 27}, {46, 46}, {50, 50}, {58, 58},
		{56, 0}, {57, 0}, {60, 0}, {62, 63}, {63, 63}, {65, 63}, {66, 64}, {68, 0}, {69, 66},
		{70, 70}, {72, 72}, {75, 75}, {84, 0}, {85, 84}, {102, 0}, {103, 102}, {107, 0}, {108, 107},
		{118, 118}, {132, 132}, {146, 0}, {157, 157}, {171, 171}, {173, 173}, {174, 0},
	}
	for _, tt := range tests {
		if got := CLine(tt.goLine); got != tt.want {
			t.Errorf("CLine(%d) = %d, want %d", tt.goLine, got, tt.want)
		}
	}
}

// TestNoPackageInitialization checks that no package-level variable of the
// package has an initializer, so that the package's init function does no
// work and a traced run of Main starts with Main (embedded files are set by
// the linker, not by code).
func TestNoPackageInitialization(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok && d.Tok == token.VAR && len(vs.Values) > 0 {
						t.Errorf("%s: package variable %s has an initializer", fset.Position(vs.Pos()), vs.Names[0])
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" {
					t.Errorf("%s: init function", fset.Position(d.Pos()))
				}
			}
		}
	}
}

// TestVersionsAgainstFaultsTSV checks the edit table against
// testdata/faults.tsv, written independently from SIR's C files: each
// version's kind, and the C lines its edits touch (through CLine), with
// "after N" for a line inserted after C's line N.
func TestVersionsAgainstFaultsTSV(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "faults.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")[1:]
	if len(lines) != NumVersions {
		t.Fatalf("faults.tsv: %d versions", len(lines))
	}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		v, err := Lookup(i + 1)
		if err != nil {
			t.Fatal(err)
		}
		if f[0] != fmt.Sprintf("v%d", v.N) || f[4] != v.Kind {
			t.Errorf("faults.tsv %s kind %q; table v%d kind %q", f[0], f[4], v.N, v.Kind)
		}
		want := map[string]bool{}
		for _, part := range strings.Split(f[1], ";") {
			var a, b int
			switch {
			case strings.HasPrefix(part, "after "):
				want[part] = true
				continue
			case strings.Contains(part, "-"):
				fmt.Sscanf(part, "%d-%d", &a, &b)
			default:
				fmt.Sscanf(part, "%d", &a)
				b = a
			}
			for l := a; l <= b; l++ {
				want[fmt.Sprint(l)] = true
			}
		}
		got := map[string]bool{}
		for _, e := range v.Edits {
			if e.Old == "" {
				got[fmt.Sprintf("after %d", CLine(e.Line))] = true
			} else {
				got[fmt.Sprint(CLine(e.Line))] = true
			}
		}
		if !maps.Equal(got, want) {
			t.Errorf("v%d: edits touch C lines %v, faults.tsv says %q", v.N, slices.Sorted(maps.Keys(got)), f[1])
		}
	}
}
