package repair

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// TestReplaceUsed checks that a replacement that leaves a local
// variable unused makes a patch that builds, by a use of the variable
// before the statement, and that the patch schema still switches it;
// where no variable is left unused, or none can be used there, the
// patch is replace's.
func TestReplaceUsed(t *testing.T) {
	const file = "/p/p.go"
	for _, tc := range []struct {
		name string
		body string // the function's body
		at   string // where the replaced text starts in it (the first match)
		orig string // the replaced text
		repl string
		uses []string // the uses inserted
		// builds says the patched file type-checks.
		builds bool
	}{
		{"the rate a call replaces", "rate := base\n\treturn n * rate", "rate\n", "rate", "tierRate()", []string{"rate"}, true},
		{"still used", "rate := base\n\tif rate > 9 {\n\t\treturn rate\n\t}\n\treturn n * rate", "rate\n", "rate", "tierRate()", nil, true},
		{"a parameter", "return n * base", "n *", "n", "tierRate()", nil, true},
		{"two variables", "a := 1\n\tb := n\n\treturn a + b", "a + b", "a + b", "base", []string{"a", "b"}, true},
		{"only assigned after", "x := 1\n\tx = n\n\treturn x", "x\n", "x", "base", []string{"x"}, true},
		{"incremented after", "x := 1\n\tx++\n\treturn n * x", "x\n", "x", "base", nil, true},
		{"used in a closure", "x := n\n\tf := func() int { return x }\n\treturn f() + x", "x\n", "x", "base", nil, true},
		{"in a condition", "r := base\n\tif n > r {\n\t\treturn 1\n\t}\n\treturn 0", "r {", "r", "tierRate()", []string{"r"}, true},
		// A variable the statement declares cannot be used before it:
		// the patch is replace's, and does not build.
		{"declared in the if", "if r := base; n > r {\n\t\treturn 1\n\t}\n\treturn 0", "r {", "r", "tierRate()", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "package p\n\nconst base = 3\n\nfunc tierRate() int { return base - 1 }\n\nfunc f(n int) int {\n\t" + tc.body + "\n}\n"
			fn := strings.Index(src, "func f")
			i := fn + strings.Index(src[fn:], tc.at)
			orig := tc.orig
			p := replaceUsed(file, []byte(src), i, i+len(orig), tc.repl)
			if p.Orig != orig || p.Repl != tc.repl {
				t.Errorf("Orig, Repl = %q, %q, want %q, %q", p.Orig, p.Repl, orig, tc.repl)
			}
			plain := replace(file, []byte(src), i, i+len(orig), tc.repl)
			var want strings.Builder
			for _, u := range tc.uses {
				want.WriteString("_ = " + u + "\n")
			}
			got := ""
			for _, l := range strings.Split(string(p.Source), "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "_ = ") {
					got += strings.TrimSpace(l) + "\n"
				}
			}
			if got != want.String() {
				t.Errorf("uses inserted:\n%swant:\n%s\npatched:\n%s", got, want.String(), p.Source)
			}
			if tc.uses == nil && string(p.Source) != string(plain.Source) {
				t.Errorf("patched:\n%s\nwant replace's:\n%s", p.Source, plain.Source)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, file, p.Source, 0)
			if err != nil {
				t.Fatalf("%v\n%s", err, p.Source)
			}
			_, err = (&types.Config{}).Check("p", fset, []*ast.File{f}, nil)
			if (err == nil) != tc.builds {
				t.Errorf("type-checks: %v (%v), want %v\n%s", err == nil, err, tc.builds, p.Source)
			}
			if s := schema.New(map[string][]byte{file: []byte(src)}, forSchema([]*Patch{p}), []bool{false}); s == nil || s.Num[0] != 1 {
				t.Errorf("the patch is not in the schema: %+v", s)
			}
		})
	}
}
