//go:build cgo

package z3

import (
	"context"
	"testing"
)

// TestStrings solves string constraints and reads string values back:
// characters are bytes (any of the 256, NUL included), and the string
// operations have their SMT-LIB meaning.
func TestStrings(t *testing.T) {
	c := newCtx(t)
	ast := must[AST](t)
	str := must[Sort](t)(c.StringSort())
	intS := must[Sort](t)(c.IntSort())
	x := ast(c.Const("x", str))
	y := ast(c.Const("y", str))
	n := func(v uint64) AST { return ast(c.Uint64(v, intS)) }
	tests := []struct {
		name string
		cs   []AST // constraints
		want Result
		read AST // a term to evaluate when sat
		val  string
	}{
		{"concat", []AST{ast(c.App(OpEq, 0, 0, ast(c.App(OpStrConcat, 0, 0, x, ast(c.StringVal("b")))), ast(c.StringVal("\xe9\x00b"))))}, Sat, x, "\xe9\x00"},
		{"from_int", []AST{ast(c.App(OpEq, 0, 0, x, ast(c.App(OpIntToStr, 0, 0, n(1234)))))}, Sat, x, "1234"},
		{"length of a byte string", []AST{ast(c.App(OpEq, 0, 0, ast(c.App(OpStrLen, 0, 0, ast(c.StringVal("h\xc3\xa9")))), n(3)))}, Sat, ast(c.StringVal("ok")), "ok"},
		{"no character above 0xff in a byte string", []AST{
			ast(c.App(OpEq, 0, 0, ast(c.App(OpStrLen, 0, 0, y)), n(1))),
			ast(c.App(OpStrLt, 0, 0, ast(c.StringVal("\xff")), y)),
			ast(c.App(OpStrBytes, 0, 0, y)),
		}, Unsat, AST{}, ""},
		{"a byte string", []AST{
			ast(c.App(OpEq, 0, 0, ast(c.App(OpStrLen, 0, 0, y)), n(2))),
			ast(c.App(OpStrPrefixOf, 0, 0, ast(c.StringVal("\xfe")), y)),
			ast(c.App(OpStrLt, 0, 0, ast(c.StringVal("\xfe\xfe")), y)),
			ast(c.App(OpStrBytes, 0, 0, y)),
		}, Sat, y, "\xfe\xff"},
		{"substr and at", []AST{
			ast(c.App(OpEq, 0, 0, ast(c.App(OpStrSubstr, 0, 0, ast(c.StringVal("abcdef")), n(1), n(3))), x)),
			ast(c.App(OpEq, 0, 0, ast(c.App(OpStrAt, 0, 0, x, n(2))), ast(c.StringVal("d")))),
		}, Sat, x, "bcd"},
		{"indexof, prefixof, contains", []AST{
			ast(c.App(OpEq, 0, 0, ast(c.App(OpStrIndexOf, 0, 0, ast(c.StringVal("a,b,c")), ast(c.StringVal(",c")), n(0))), n(3))),
			ast(c.App(OpStrPrefixOf, 0, 0, ast(c.StringVal("a,")), ast(c.StringVal("a,b")))),
			ast(c.App(OpStrContains, 0, 0, ast(c.StringVal("a,b")), ast(c.StringVal(",b")))),
			ast(c.App(OpStrLe, 0, 0, ast(c.StringVal("ab")), ast(c.StringVal("ab")))),
		}, Sat, ast(c.StringVal("")), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := must[*Solver](t)(c.NewSolver(DefaultSolver))
			defer s.Close()
			for _, a := range tc.cs {
				if err := s.Assert(a); err != nil {
					t.Fatal(err)
				}
			}
			r := must[Result](t)(s.Check(context.Background(), nil))
			if r != tc.want {
				t.Fatalf("check = %v, want %v", r, tc.want)
			}
			if r != Sat {
				return
			}
			m := must[*Model](t)(s.Model())
			defer m.Close()
			v := must[Value](t)(m.Eval(tc.read, true))
			if v.Kind != StringValue || v.Str != tc.val {
				t.Fatalf("value = %+v, want the string %q", v, tc.val)
			}
		})
	}
}
