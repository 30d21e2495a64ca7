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
	tc := typecheck.New(dir, dir, nil, nil, []string{"."})
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
