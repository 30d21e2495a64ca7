package corpus

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
)

// GoFormat formats Go source and syntax trees with go/format
// (interpreted from source, on go/parser and go/printer): a file's
// source as gofmt writes it, a syntax error, and the nodes of a parsed
// file, each printed on its own, as gotest.tools' assert prints the
// expression of a failed check.
func GoFormat() string {
	const src = "package p\nfunc  Sum(xs ...int)(n int){for _,x:=range xs{n+=x}\nreturn}\nvar total=Sum(1,2,3)+len(\"four\")\n"
	var out []string
	b, err := format.Source([]byte(src))
	if err != nil {
		panic(err)
	}
	out = append(out, string(b))
	if _, err := format.Source([]byte("package p\nfunc (")); err != nil {
		out = append(out, err.Error())
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		panic(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.AssignStmt, *ast.RangeStmt:
			var buf bytes.Buffer
			if err := format.Node(&buf, fset, n); err != nil {
				panic(err)
			}
			out = append(out, buf.String())
		}
		return true
	})
	return strings.Join(out, "\n")
}
