package term

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestConstants checks the constants of a function's body: 0 and 1
// first, then its literals and its package's named constants in the
// order they appear, each once, a local constant's name too.
func TestConstants(t *testing.T) {
	const src = `package p

const Max = 10

func f(x int, s string) int {
	const local = 3
	if s == "a\n" || x > Max {
		return 1
	}
	return x*2 + 'c' + local + 2
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range Constants(pkg.Func("f")) {
		got = append(got, c.Name+"="+c.Value.String())
	}
	want := `0=0 1=1 3=3 "a\n"="a\n" Max=10 2=2 'c'=99 local=3`
	if strings.Join(got, " ") != want {
		t.Errorf("constants:\n%s\nwant:\n%s", strings.Join(got, " "), want)
	}
}
