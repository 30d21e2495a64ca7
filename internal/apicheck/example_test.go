package apicheck_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"github.com/faultloc/faultloc/internal/apicheck"
)

// The API of a small package, one feature a line, and its exported
// declarations that lack a doc comment.
func Example() {
	const src = `package shapes

// Shape has an area.
type Shape interface{ Area() float64 }

// Square is a Shape.
type Square struct{ Side float64 }

func (s Square) Area() float64 { return s.Side * s.Side }

// Unit is the unit square.
var Unit = Square{1}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "shapes.go", src, parser.ParseComments)
	if err != nil {
		panic(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/shapes", fset, []*ast.File{f}, nil)
	if err != nil {
		panic(err)
	}
	for _, line := range apicheck.API(pkg) {
		fmt.Println(line)
	}
	fmt.Println(apicheck.Undocumented(fset, []*ast.File{f}))
	// Output:
	// pkg example.com/shapes, method (Square) Area() float64
	// pkg example.com/shapes, type Shape interface { Area }
	// pkg example.com/shapes, type Shape interface, Area() float64
	// pkg example.com/shapes, type Square struct
	// pkg example.com/shapes, type Square struct, Side float64
	// pkg example.com/shapes, var Unit Square
	// [shapes.go:9: method Square.Area]
}
