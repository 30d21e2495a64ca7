// Package check is libwork's assertion helper: a library outside the
// package under test.
package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// source stands for the test file an assertion library reads to print
// the failed check.
const source = `package libwork

import "testing"

func TestClamp(t *testing.T) {
	for _, tt := range []struct{ x, want int }{{-3, 0}, {4, 4}, {10, 10}, {11, 10}, {25, 10}} {
		if got := Clamp(tt.x); got != tt.want {
			t.Errorf("Clamp(%d) = %d, want %d", tt.x, got, tt.want)
		}
	}
}
`

// Equal fails t when got is not want, with the number of calls in the
// test's source, which it parses.
func Equal(t *testing.T, got, want int) {
	t.Helper()
	if got == want {
		return
	}
	f, err := parser.ParseFile(token.NewFileSet(), "clamp_test.go", source, 0)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	calls := 0
	ast.Inspect(f, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			calls++
		}
		return true
	})
	t.Fatalf("got %d, want %d (one of %d calls)", got, want, calls)
}
