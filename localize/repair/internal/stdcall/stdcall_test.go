package stdcall

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

func lookup(t *testing.T, path, name string) *Func {
	t.Helper()
	for _, f := range Table {
		if f.Path == path && f.Name == name {
			return f
		}
	}
	t.Fatalf("%s.%s not in the table", path, name)
	return nil
}

func TestCall(t *testing.T) {
	for _, tc := range []struct {
		path, name string
		args       []trace.Value
		want       trace.Value
		ok         bool
	}{
		{"strings", "ContainsRune", []trace.Value{trace.String("20"), trace.Int('.')}, trace.Bool(false), true},
		{"strings", "ContainsRune", []trace.Value{trace.String("2.5"), trace.Int('.')}, trace.Bool(true), true},
		{"strings", "Contains", []trace.Value{trace.String("a:80"), trace.String(":")}, trace.Bool(true), true},
		{"strings", "HasPrefix", []trace.Value{trace.String("v1"), trace.String("v")}, trace.Bool(true), true},
		{"strings", "Index", []trace.Value{trace.String("a:80"), trace.String(":")}, trace.Int(1), true},
		{"strings", "IndexByte", []trace.Value{trace.String("a.b"), trace.Uint('.')}, trace.Int(1), true},
		{"strings", "IndexRune", []trace.Value{trace.String("aé"), trace.Int('é')}, trace.Int(1), true},
		{"strings", "TrimSpace", []trace.Value{trace.String(" x ")}, trace.String("x"), true},
		{"unicode", "IsDigit", []trace.Value{trace.Int('7')}, trace.Bool(true), true},
		{"unicode", "IsSpace", []trace.Value{trace.Int('x')}, trace.Bool(false), true},
		{"unicode/utf8", "RuneCountInString", []trace.Value{trace.String("aé")}, trace.Int(2), true},
		{"math", "IsNaN", []trace.Value{trace.Float(math.NaN())}, trace.Bool(true), true},
		{"math", "IsInf", []trace.Value{trace.Float(math.Inf(-1)), trace.Int(0)}, trace.Bool(true), true},
		{"math", "IsInf", []trace.Value{trace.Float(math.Inf(-1)), trace.Int(1)}, trace.Bool(false), true},
		{"math", "Abs", []trace.Value{trace.Float(-2)}, trace.Float(2), true},
		// Wrong kinds or counts: no value.
		{"strings", "ContainsRune", []trace.Value{trace.Int(1), trace.Int('.')}, trace.Value{}, false},
		{"strings", "Contains", []trace.Value{trace.String("a")}, trace.Value{}, false},
		{"math", "IsNaN", []trace.Value{trace.String("NaN")}, trace.Value{}, false},
	} {
		f := lookup(t, tc.path, tc.name)
		got, ok := f.Call(tc.args)
		if ok != tc.ok || ok && !trace.Equal(got, tc.want) {
			t.Errorf("%s.%s%v = %v, %v; want %v, %v", tc.path, tc.name, tc.args, got, ok, tc.want, tc.ok)
		}
	}
}

// TestTypes checks each function's declared signature against the
// standard library's, as the type checker reads it.
func TestTypes(t *testing.T) {
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	for _, f := range Table {
		pkg, err := imp.Import(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		obj, ok := pkg.Scope().Lookup(f.Name).(*types.Func)
		if !ok {
			t.Errorf("%s.%s: no such function", f.Path, f.Name)
			continue
		}
		sig := obj.Type().(*types.Signature)
		if sig.Params().Len() != len(f.Params) || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), f.Result) {
			t.Errorf("%s.%s: signature %v, table has %v -> %v", f.Path, f.Name, sig, f.Params, f.Result)
			continue
		}
		for i, p := range f.Params {
			if !types.Identical(sig.Params().At(i).Type(), p) {
				t.Errorf("%s.%s: parameter %d is %v, table has %v", f.Path, f.Name, i, sig.Params().At(i).Type(), p)
			}
		}
	}
}

func TestImported(t *testing.T) {
	const src = `package p

import (
	str "strings"
	"math"
	_ "unicode"
)

func f(s string) bool {
	if x := 1; x > 0 {
		return str.Contains(s, ".") || math.IsNaN(0)
	}
	return false
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{file}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// From a scope deep inside the function: the file's imports.
	var ret token.Pos
	ast.Inspect(file, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && ret == 0 {
			ret = r.Pos()
		}
		return true
	})
	got := map[string]bool{}
	for f, name := range Imported(pkg.Scope().Innermost(ret), ret) {
		got[name+"."+f.Name] = true
	}
	for _, want := range []string{"str.Contains", "str.ContainsRune", "math.IsNaN"} {
		if !got[want] {
			t.Errorf("Imported lacks %s; has %v", want, slices.Sorted(maps.Keys(got)))
		}
	}
	for k := range got {
		if strings.HasPrefix(k, "unicode") {
			t.Errorf("Imported has %s, of a blank import", k)
		}
	}
}
