package repair

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair/internal/locate"
)

// TestLocate finds the source a repair at a site replaces, in its file
// or an overlay, and patches it: the patch's span is the source
// replaced, or a compound assignment's statement, rewritten (the cases
// of finding are locate's).
func TestLocate(t *testing.T) {
	const src = `package p

func f(a, b, c int) int {
	x := a * b
	x++
	x += c
	return x - a
}
`
	updates := map[int]string{5: "x++", 6: "x += c"} // the statements rewritten
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
		{"an operation, at its operator", ValueSite, 4, 9, "a * b", "a * b"},
		{"a definition", AssignmentSite, 4, 2, "x", "a * b"},
		{"an increment", AssignmentSite, 5, 2, "x", "x + 1"},
		{"a compound assignment's value", ValueSite, 6, 2, "x", "x + c"},
		{"a return", ReturnSite, 7, 2, "", "x - a"},
		{"not there", ValueSite, 4, 9, "d", ""},
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
	over := &Site{Location: localize.Location{Position: localize.Position{File: "/nowhere/p.go", Line: 4, Column: 9}, Expr: "a * b"}}
	if err := over.locate(map[string][]byte{"/nowhere/p.go": []byte(src)}); err != nil || over.Replaced != "a * b" {
		t.Errorf("locate in an overlay: %v, %q", err, over.Replaced)
	}
}

// TestSiteKinds checks that SiteKind numbers its kinds as locate.Kind
// does, which Site.locate converts to.
func TestSiteKinds(t *testing.T) {
	for k, want := range map[SiteKind]locate.Kind{ValueSite: locate.Value, ConditionSite: locate.Condition, AssignmentSite: locate.Assignment, ReturnSite: locate.Return} {
		if locate.Kind(k) != want {
			t.Errorf("%v is locate.Kind %d, want %d", k, k, want)
		}
	}
}
