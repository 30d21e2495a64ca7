package corpus

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"strings"
)

// GoSource parses, walks and prints Go source with go/token, go/scanner,
// go/parser, go/ast and go/printer (interpreted from source): positions
// in a FileSet, the tokens of a line, a syntax error's list, the
// declarations and calls of a file, ast.Fprint of an expression, and the
// file printed back, as quicktest's reports do with a failing test's
// line.
func GoSource() string {
	const src = `package p

// Sum adds.
func Sum(xs ...int) (n int) {
	for _, x := range xs { n += x }
	return
}

var total = Sum(1, 2, 3) + len("four")
`
	var out []string
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		panic(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			out = append(out, fmt.Sprint("func ", n.Name.Name, " at ", fset.Position(n.Pos()), " doc ", strings.TrimSpace(n.Doc.Text())))
		case *ast.CallExpr:
			out = append(out, fmt.Sprint("call ", n.Fun, " args ", len(n.Args), " at ", fset.Position(n.Lparen)))
		}
		return true
	})
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, f); err != nil {
		panic(err)
	}
	out = append(out, buf.String())
	expr, err := parser.ParseExpr(`a[i] + f(x, "y")*2`)
	if err != nil {
		panic(err)
	}
	buf.Reset()
	ast.Fprint(&buf, token.NewFileSet(), expr, nil)
	out = append(out, buf.String())

	// The tokens of a line, as a scanner gives them.
	var s scanner.Scanner
	file := fset.AddFile("line.go", -1, 32)
	s.Init(file, []byte(`x := map[string]int{"a": 1} // c`), nil, scanner.ScanComments)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		out = append(out, fmt.Sprint(fset.Position(pos).Column, tok, lit))
	}
	// Syntax errors, in a scanner.ErrorList.
	_, err = parser.ParseFile(fset, "bad.go", "package p\nfunc (\nvar = ", parser.AllErrors)
	if list, ok := err.(scanner.ErrorList); ok {
		for _, e := range list {
			out = append(out, fmt.Sprint(e.Pos, ": ", e.Msg))
		}
	} else {
		panic(fmt.Sprintf("GoSource: error %T %v", err, err))
	}
	return strings.Join(out, "\n")
}
