package printf_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/faultloc/faultloc/internal/printf"
)

func ExampleParse() {
	for _, p := range printf.Parse("%-8s|%5.2f|100%%") {
		if !p.IsVerb() {
			fmt.Printf("text %q\n", p.Lit)
			continue
		}
		v := p.Verb
		fmt.Printf("verb %q: flags %q, width %q, letter %c, plain %t\n", v.Text, v.Flags, v.Width, v.Letter, v.Plain())
	}
	// Output:
	// verb "%-8s": flags "-", width "8", letter s, plain true
	// text "|"
	// verb "%5.2f": flags "", width "5.2", letter f, plain false
	// text "|100%"
}

func ExampleArgs() {
	const src = `package p

func logf(format string, args ...any) {}

func f(n int, s string) { logf("%d: %s", n, s) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, in := range pkg.Func("f").Blocks[0].Instrs {
		call, ok := in.(*ssa.Call)
		if !ok {
			continue
		}
		stores, err := printf.Args(call)
		if err != nil {
			fmt.Println(err)
			return
		}
		format := constant.StringVal(call.Call.Args[0].(*ssa.Const).Value)
		verbs := printf.Verbs(format)
		for i, st := range stores {
			fmt.Printf("%s: %s\n", verbs[i].Text, st.Val)
		}
	}
	// Output:
	// %d: make any <- int (n)
	// %s: make any <- string (s)
}
