package apicheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
)

// check type-checks one file of package p.
func check(t *testing.T, src string) (*token.FileSet, *ast.File, *types.Package) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n"+src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{}).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f, pkg
}

func TestAPIFeatures(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"consts", "type K int\nconst (A K = iota; B)\nconst S = \"s\"\nconst c = 1",
			[]string{"const A = 0", "const A K", "const B = 1", "const B K", "const S = \"s\"", "const S untyped string", "type K int"}},
		{"funcs without parameter names", "func F(a, b int, rest ...string) (n int, err error) { return }\nfunc G() {}\nfunc h() {}",
			[]string{"func F(int, int, ...string) (int, error)", "func G()"}},
		{"generics", "func Map[T any, U comparable](xs []T, f func(T) U) []U { return nil }\ntype Set[T comparable] struct{ M map[T]bool }\nfunc (s *Set[T]) Add(x T) {}\ntype Num interface{ ~int | ~float64 }",
			[]string{"func Map[T any, U comparable]([]T, func(T) U) []U", "method (*Set[T]) Add(T)", "type Num interface { ~int | ~float64 }", "type Set[T comparable] struct", "type Set struct, M map[T]bool"}},
		{"structs, fields, methods", "type E struct{}\nfunc (E) Err() string { return \"\" }\ntype T struct{ E; A int; b int }\nfunc (t *T) Set(v int) {}\nfunc (t T) get() int { return 0 }",
			[]string{"method (*T) Set(int)", "method (E) Err() string", "method (T) Err() string", "type E struct", "type T struct", "type T struct, A int", "type T struct, embedded E"}},
		{"interfaces", "type I interface{ M(int) error; N() }\ntype Sealed interface{ I; seal() }\ntype Any interface{}",
			[]string{"type Any interface {}", "type I interface { M, N }", "type I interface, M(int) error", "type I interface, N()", "type Sealed interface { M, N, unexported methods }", "type Sealed interface, M(int) error", "type Sealed interface, N()"}},
		{"vars and aliases", "var V, w = 1, 2\nvar Err error\ntype A = []int",
			[]string{"type A = []int", "var Err error", "var V int"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, pkg := check(t, tt.src)
			var got []string
			for _, l := range API(pkg) {
				got = append(got, strings.TrimPrefix(l, "pkg example.com/p, "))
			}
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("API:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestUndocumented(t *testing.T) {
	src := `
// F is documented.
func F() {}
func G() {}
func g() {}

// T is documented.
type T struct{ Field int }
func (T) String() string { return "" }
type u struct{}
func (u) Exported() {}

// Group doc.
const (
	A = 1
	B = 2
)
const (
	C = 1 // C has a line comment.
	D = 2
	// E has its own.
	E = 3
)
var V = 1
type (
	// W is documented in its group.
	W int
	X int
)
`
	fset, f, _ := check(t, src)
	got := Undocumented(fset, []*ast.File{f})
	want := []string{
		"p.go:5: func G",
		"p.go:10: method T.String",
		"p.go:21: const D",
		"p.go:25: var V",
		"p.go:29: type X",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Undocumented:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestAPIInternalAliases: an alias of an internal package's type under its
// own name is written as the type itself, and so are the other aliased
// types its fields and methods mention; an alias under another name, or
// of a type that is not internal, stays an alias, and an internal type
// that is not aliased keeps its package's name.
func TestAPIInternalAliases(t *testing.T) {
	fset := token.NewFileSet()
	checkFile := func(path, src string, imp types.Importer) *types.Package {
		f, err := parser.ParseFile(fset, path+".go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		pkg, err := (&types.Config{Importer: imp}).Check(path, fset, []*ast.File{f}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return pkg
	}
	q := checkFile("example.com/p/internal/q", `package q
type T struct{ A int; U *U; h Hidden }
func (*T) M(u U, h Hidden) T { return T{} }
type U int
type Hidden struct{ X int }
type Other int
`, nil)
	p := checkFile("example.com/p", `package p
import "example.com/p/internal/q"
type T = q.T
type U = q.U
type Renamed = q.Other
type Plain = int
`, importerFunc(func(string) (*types.Package, error) { return q, nil }))
	var got []string
	for _, l := range API(p) {
		got = append(got, strings.TrimPrefix(l, "pkg example.com/p, "))
	}
	want := []string{
		"method (*T) M(U, q.Hidden) T",
		"type Plain = int",
		"type Renamed = q.Other",
		"type T struct",
		"type T struct, A int",
		"type T struct, U *U",
		"type U int",
	}
	if !slices.Equal(got, want) {
		t.Errorf("API:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
