package corpus

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"strings"
)

// GoDoc formats doc comments and reads a package's documentation with
// go/doc (run from its source by the interpreter, on go/ast's): ToText,
// as kingpin's usage does, and NewFromFiles over a parsed file.
func GoDoc() string {
	var out []string
	var buf bytes.Buffer
	doc.ToText(&buf, "Hello world. This paragraph wraps at a narrow width.\n\n\tcode stays\n\nA [link] ends.\n\n[link]: https://example.com/x", "> ", "| ", 24)
	out = append(out, buf.String())
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", `// Package p greets.
package p

// Greeting is what Hello says.
const Greeting = "hi"

// T is a thing.
type T struct{ N int }

// New makes a T.
func New(n int) *T { return &T{n} }

// Hello says Greeting.
func Hello() string { return Greeting }

func unexported() {}
`, parser.ParseComments)
	check(err == nil, "ParseFile")
	p, err := doc.NewFromFiles(fset, []*ast.File{f}, "example.com/p")
	check(err == nil, "NewFromFiles")
	out = append(out, p.Name, p.Synopsis(p.Doc), strings.TrimSpace(p.Doc))
	for _, c := range p.Consts {
		out = append(out, "const "+strings.Join(c.Names, ",")+": "+strings.TrimSpace(c.Doc))
	}
	for _, t := range p.Types {
		out = append(out, fmt.Sprintf("type %s: %s; funcs %d", t.Name, strings.TrimSpace(t.Doc), len(t.Funcs)))
		for _, fn := range t.Funcs {
			out = append(out, "  func "+fn.Name+": "+strings.TrimSpace(fn.Doc))
		}
	}
	for _, fn := range p.Funcs {
		out = append(out, "func "+fn.Name+": "+strings.TrimSpace(fn.Doc))
	}
	out = append(out, fmt.Sprint(doc.IsPredeclared("int"), doc.IsPredeclared("T")))
	return strings.Join(out, "\n")
}
