package stmtline

import (
	"go/parser"
	"go/token"
	"testing"
)

const src = `package p

func f(xs []int) int {
	s := g(
		xs[0],
		xs[1],
	)
	for _, x := range xs {
		s += x
	}
	return s
}
`

func TestStart(t *testing.T) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ line, want int }{
		{1, 0},  // the package clause: no statement
		{4, 4},  // a statement's own first line
		{6, 4},  // a later line of it
		{8, 8},  // the range statement's header
		{9, 9},  // a statement in its body, not the range
		{10, 8}, // the body's closing brace: the range statement
		{11, 11},
	} {
		if got := Start(fset, file, tt.line); got != tt.want {
			t.Errorf("Start(line %d) = %d, want %d", tt.line, got, tt.want)
		}
	}
}
