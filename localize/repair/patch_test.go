package repair

import (
	"os"
	"path/filepath"
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
	return x + y
}
`
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
		{"an increment", AssignmentSite, 10, 2, "y", ""},
		{"a return", ReturnSite, 11, 2, "", "x + y"},
		{"a return in a block", ReturnSite, 7, 3, "", "x"},
		{"not there", ValueSite, 6, 10, "d", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Site{Location: localize.Location{Position: localize.Position{File: file, Line: tc.line, Column: tc.column}, Expr: tc.expr}, Kind: tc.kind}
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
