package typecheck_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize/regress/internal/typecheck"
)

// TestCheck checks versions of a one-package module in this process: the
// tree as it is, a version with a type error (reported, in the file the
// overlay changes), one whose import changes its shape (a second listing),
// one whose body does not parse (its syntax error reported) and one whose
// package clause does not (its shape unknown: left to the go command, ok
// false).
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("a.go", "package m\n\nfunc F() int { return 1 }\n")
	a := filepath.Join(dir, "a.go")
	tc := typecheck.New(dir, dir, "example.com/m", nil, nil, []string{"."})
	for _, tt := range []struct {
		name    string
		src     string // a.go's version; "" for the tree as it is
		ok      bool
		errText string // in the one error wanted; "" for none
	}{
		{"unchanged", "", true, ""},
		{"type error", "package m\n\nfunc F() int { return \"one\" }\n", true, "cannot use \"one\""},
		{"new import", "package m\n\nimport \"strings\"\n\nfunc F() int { return len(strings.Fields(\"a b\")) }\n", true, ""},
		{"body does not parse", "package m\n\nfunc F( {\n", true, "expected ')'"},
		{"clause does not parse", "packag m\n", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			overlay := map[string][]byte{}
			if tt.src != "" {
				overlay[a] = []byte(tt.src)
			}
			errs, ok, err := tc.Check(context.Background(), overlay)
			if err != nil {
				t.Fatal(err)
			}
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v (errors %v)", ok, tt.ok, errs)
			}
			switch {
			case tt.errText == "" && len(errs) > 0:
				t.Errorf("errors %v, want none", errs)
			case tt.errText != "" && (len(errs) != 1 || !strings.Contains(errs[0].Msg, tt.errText) || !strings.HasPrefix(errs[0].Pos, a)):
				t.Errorf("errors %v, want one in %s holding %q", errs, a, tt.errText)
			}
		})
	}
	if n, unusable := tc.Listings(); n != 2 || len(unusable) > 0 {
		t.Errorf("Listings() = %d, %v; want 2 (one per shape), all usable", n, unusable)
	}
}

// TestCheckCoversTestedOnly checks that a version's check covers the
// tested package with its tests and the other packages of the patterns
// without theirs: reverting a body of q, which the tested package m
// imports, checks again q, m and m's test variant, not q's tests (whose
// files do not build into m's test binary, and which a real tree has
// many and large of). A version of another shape (its own listing)
// checks again only what it changes.
func TestCheckCoversTestedOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("m.go", "package m\n\nimport \"example.com/m/q\"\n\nfunc F() int { return q.G() }\n")
	write("m_test.go", "package m\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n")
	write("q/q.go", "package q\n\nfunc G() int { return 1 }\n")
	write("q/q_test.go", "package q\n\nimport \"testing\"\n\nfunc TestG(t *testing.T) { G() }\n")
	write("q/x_test.go", "package q_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/q\"\n)\n\nfunc TestX(t *testing.T) { q.G() }\n")
	tc := typecheck.New(dir, dir, "example.com/m", nil, nil, []string{".", filepath.Join(dir, "q")})
	check := func(overlay map[string][]byte) int {
		t.Helper()
		n := tc.Checked()
		errs, ok, err := tc.Check(context.Background(), overlay)
		if err != nil || !ok || len(errs) > 0 {
			t.Fatalf("Check = %v, %v, %v; want no errors", errs, ok, err)
		}
		return tc.Checked() - n
	}
	check(nil)
	if n := check(map[string][]byte{filepath.Join(dir, "q", "q.go"): []byte("package q\n\nfunc G() int { return 2 }\n")}); n != 3 {
		t.Errorf("a version changing q checked %d packages from source, want 3 (q, m, m with its tests)", n)
	}
	// A new import makes a new shape, listed again; q, listed alike,
	// keeps its check.
	m := "package m\n\nimport (\n\t\"strings\"\n\n\t\"example.com/m/q\"\n)\n\nfunc F() int { return q.G() + len(strings.Fields(\"a\")) }\n"
	if n := check(map[string][]byte{filepath.Join(dir, "m.go"): []byte(m)}); n != 2 {
		t.Errorf("a version of a new shape changing m checked %d packages from source, want 2 (m, m with its tests)", n)
	}
	if n, unusable := tc.Listings(); n != 2 || len(unusable) > 0 {
		t.Errorf("Listings() = %d, %v; want 2, all usable", n, unusable)
	}
}
