package stmtedit

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// guardsBefore type-checks src (package p) and returns the guards
// statementGuards gives before the statement that follows the line
// `// here`.
func guardsBefore(t *testing.T, src string) []stmtGuard {
	t.Helper()
	fset, ty, fn, s := statementHere(t, src)
	return statementGuards(fset, ty, []byte(src), fn, s)
}

// statementHere type-checks src (package p) and returns the statement
// after the line `// here`, its innermost function and the types to
// edit it with.
func statementHere(t *testing.T, src string) (*token.FileSet, *Types, ast.Node, ast.Stmt) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) == "// here" {
			line = i + 2
		}
	}
	tf := fset.File(f.Pos())
	for _, list := range schema.Lists(f) {
		for _, s := range list {
			if tf.Line(s.Pos()) == line {
				return fset, &Types{fset, pkg, tf}, innermostFunc(f, tf, tf.Offset(s.Pos())), s
			}
		}
	}
	t.Fatalf("no statement after // here")
	return nil, nil, nil, nil
}

func TestStatementGuards(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // a guard among those returned
		not  string // a variable no guard reads ("": none)
		same string // a result no guard returns ("": none)
	}{
		{
			name: "empty variadic returns the receiver",
			src: `package p
type B struct{ parts []string; n int }
func (b *B) Add(xs ...string) *B {
	// here
	b.parts = append(b.parts, xs...)
	b.n++
	return b
}`,
			want: "if len(xs) == 0 { return b }",
		},
		{
			name: "nil interface returns zero values",
			src: `package p
import "errors"
func get(args ...any) (out any, err error) {
	from := args[0]
	// here
	if s, ok := from.([]any); ok {
		return s[0], nil
	}
	return nil, errors.New("cannot get")
}`,
			want: "if from == nil { return nil, nil }",
		},
		{
			name: "index past a field's length returns the receiver",
			src: `package p
type S struct{ length uint; words []uint64 }
func (s *S) Cut(last uint) *S {
	// here
	n := last + 1
	s.words = s.words[:n/64+1]
	s.length = n
	return s
}`,
			want: "if last >= s.length { return s }",
		},
		{
			name: "nil pointers compared",
			src: `package p
type V struct{ n int }
func (v *V) cmp(o *V) int { return v.n - o.n }
func (v *V) Same(o *V) bool {
	// here
	return v.cmp(o) == 0
}`,
			want: "if v == nil || o == nil { return v == o }",
		},
		{
			name: "no results: a bare return",
			src: `package p
func set(m map[string]int, k string) {
	// here
	m[k]++
}`,
			want: "if m == nil { return }",
		},
		{
			name: "a variable declared after the statement is not in scope",
			src: `package p
func f(a []int) int {
	// here
	x := len(a)
	return x
}`,
			want: "if len(a) == 0 { return 0 }",
			not:  "x",
		},
		{
			name: "a return's own result is no guard's",
			src: `package p
func clamp(x, max int) int {
	// here
	return x
}`,
			want: "if x >= max { return max }",
			same: "{ return x }",
		},
		{
			name: "a clamp of a parameter to a field of its type",
			src: `package p
type S struct{ length uint; set []uint64 }
func (b *S) Count(from, to uint) uint {
	// here
	if from >= to {
		return 0
	}
	return uint(len(b.set[from>>6 : to>>6]))
}`,
			want: "if to > b.length { to = b.length }",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gs := guardsBefore(t, tt.src)
			var got []string
			for _, g := range gs {
				got = append(got, g.String())
			}
			found := false
			for _, g := range got {
				found = found || g == tt.want
				if tt.not != "" && strings.Contains(g, tt.not+" ") {
					t.Errorf("guard %q reads %s, declared after the statement", g, tt.not)
				}
				if tt.same != "" && strings.HasSuffix(g, tt.same) {
					t.Errorf("guard %q returns what the statement does", g)
				}
			}
			if !found {
				t.Errorf("guards:\n\t%s\nwant among them %q", strings.Join(got, "\n\t"), tt.want)
			}
		})
	}
}

// TestStatementClamps checks the clamps after the guards: only of a
// variable the statement reads, never of a field or the receiver, and
// at most maxClamps.
func TestStatementClamps(t *testing.T) {
	gs := guardsBefore(t, `package p
type S struct{ n, m int; xs []int }
func (s *S) At(i, j, k int) int {
	// here
	return s.xs[i] + s.n + j
}`)
	gs = append(gs, guardsBefore(t, `package p
func f(i, j int) int {
	var r int
	// here
	r = i
	return r + j
}`)...)
	var clamps []string
	for _, g := range gs {
		if g.assign != "" {
			clamps = append(clamps, g.String())
		}
	}
	if len(clamps) == 0 || len(clamps) > 2*maxClamps {
		t.Fatalf("clamps %q, want 1 to %d", clamps, 2*maxClamps)
	}
	for _, c := range clamps {
		if !strings.HasPrefix(c, "if i > ") && !strings.HasPrefix(c, "if j > ") {
			t.Errorf("clamp %q: not of a variable the statement reads (i, j; not r, which it assigns)", c)
		}
	}
}

// TestClampAfterPreconditionCall checks that the guards and clamps of a
// line are also inserted before its function's first statement after
// the leading call statements (a precondition's check): bitset's
// OnesBetween was fixed by `if to > b.length { to = b.length }` after
// its panicIfNull(b), which neither the function's first statement nor
// the statements around the panicking line place.
func TestClampAfterPreconditionCall(t *testing.T) {
	const src = `package p

type B struct {
	length uint
	set    []uint64
}

func check(b *B) {}

func (b *B) Between(from, to uint) uint {
	check(b)

	if from >= to {
		return 0
	}
	// here
	return uint(b.set[to>>6] >> (from & 63))
}
`
	_, ty, _, _ := statementHere(t, src)
	line := strings.Count(src[:strings.Index(src, "\treturn uint(")], "\n") + 1
	want := strings.Replace(src, "\tcheck(b)\n\n\tif from", "\tcheck(b)\n\n\tif to > b.length {\n\t\tto = b.length\n\t}\n\tif from", 1)
	found := false
	for _, e := range Line("p.go", []byte(src), line, nil, ty) {
		if e.Kind == "saturate" && string(e.Apply([]byte(src))) == want {
			found = true
		}
	}
	if !found {
		t.Errorf("no clamp `if to > b.length { to = b.length }` before `if from >= to` at line %d", line)
	}
}
