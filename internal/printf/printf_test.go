package printf

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// show renders pieces as the tests write them: literal text quoted, a
// verb as [text flags|width|letter], with a '!' after the letter when the
// verb is not Plain.
func show(ps []Piece) string {
	var out []string
	for _, p := range ps {
		if !p.IsVerb() {
			out = append(out, fmt.Sprintf("%q", p.Lit))
			continue
		}
		v := p.Verb
		plain := ""
		if !v.Plain() {
			plain = "!"
		}
		out = append(out, fmt.Sprintf("[%s %s|%s|%q%s]", v.Text, v.Flags, v.Width, v.Letter, plain))
	}
	return strings.Join(out, " ")
}

func TestParse(t *testing.T) {
	tests := []struct {
		format, pieces string
		verbs          string // the Text of each of Verbs
	}{
		{"", "", ""},
		{"plain", `"plain"`, ""},
		{"%s", `[%s ||'s']`, "%s"},
		{"a %v b", `"a " [%v ||'v'] " b"`, "%v"},
		{"100%% of %d", `"100% of " [%d ||'d']`, "%d"},
		{"%%%%", `"%%"`, ""},
		{"|%-4d|%+05d|", `"|" [%-4d -|4|'d'] "|" [%+05d +0|5|'d'] "|"`, "%-4d %+05d"},
		{"%.2f %*d %[1]d %#v", `[%.2f |.2|'f'!] " " [%*d |*|'d'!] " " [%[1]d |[1]|'d'!] " " [%#v #||'v']`, "%.2f %*d %[1]d %#v"},
		{"%5% %d", `[%5% |5|'%'] " " [%d ||'d']`, "%d"},
		{"%é", `[%é ||'é']`, "%é"},
		{"trailing %", `"trailing " [% ||'\x00'!]`, "%"},
		{"trailing %-5", `"trailing " [%-5 -|5|'\x00'!]`, "%-5"},
	}
	for _, tt := range tests {
		if got := show(Parse(tt.format)); got != tt.pieces {
			t.Errorf("Parse(%q) = %s, want %s", tt.format, got, tt.pieces)
		}
		var verbs []string
		for _, v := range Verbs(tt.format) {
			verbs = append(verbs, v.Text)
		}
		if got := strings.Join(verbs, " "); got != tt.verbs {
			t.Errorf("Verbs(%q) = %s, want %s", tt.format, got, tt.verbs)
		}
	}
}

// build compiles src, a file of package p, into SSA.
func build(t testing.TB, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, ssa.NaiveForm)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func TestArgs(t *testing.T) {
	pkg := build(t, `package p

func log(format string, args ...any) {}
func fixed(format string, args []any) {}

func f(x int, s string, xs []any) {
	log("%d %s", x, s)
	log("none")
	log("%v", xs...)
	log("%v %v", []any{x, s}...)
	var a [2]any
	a[0], a[1] = x, s
	log("%v %v", a[:]...)
	fixed("%v", nil)
}
`)
	tests := []struct {
		call string // the callee and the format
		want string // the types of the values stored, or the error
	}{
		{`log "%d %s"`, "int string"},
		{`log "none"`, ""},
		{`log "%v"`, "printf: arguments passed as a slice (...)"},
		{`log "%v %v"`, "printf: arguments passed as a slice (...)"},
		{`log "%v %v"`, "printf: arguments passed as a slice (...)"},
		{`fixed "%v"`, "printf: not a call of a variadic function"},
	}
	var cs []*ssa.Call
	for _, b := range pkg.Func("f").Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() != nil {
				cs = append(cs, c)
			}
		}
	}
	if len(cs) != len(tests) {
		t.Fatalf("%d calls, want %d: %v", len(cs), len(tests), cs)
	}
	for i, tt := range tests {
		c := cs[i]
		if call := c.Call.StaticCallee().Name() + " " + c.Call.Args[0].(*ssa.Const).Value.ExactString(); call != tt.call {
			t.Fatalf("call %d is %s, want %s", i, call, tt.call)
		}
		stores, err := Args(c)
		var got []string
		if err != nil {
			got = append(got, err.Error())
		}
		for _, st := range stores {
			mk, ok := st.Val.(*ssa.MakeInterface)
			if !ok {
				t.Fatalf("%s: stores %v, not a MakeInterface", tt.call, st.Val)
			}
			got = append(got, mk.X.Type().String())
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Args(%s) = %q, want %q", tt.call, g, tt.want)
		}
	}
}

func TestMethod(t *testing.T) {
	pkg := build(t, `package p

type named string
func (named) String() string { return "" }

type byPointer string
func (*byPointer) String() string { return "" }

type failure struct{}
func (failure) Error() string { return "" }
func (failure) String() string { return "" }

type formatter int
func (formatter) Format(s any, verb rune) {}

type embeds struct{ named }

type field struct{ String int }
`)
	typ := func(name string) types.Type { return pkg.Pkg.Scope().Lookup(name).Type() }
	tests := []struct {
		typ  types.Type
		want string
	}{
		{types.Typ[types.String], ""},
		{typ("named"), "String"},
		{typ("byPointer"), ""}, // fmt does not call (*byPointer).String on a value
		{types.NewPointer(typ("byPointer")), "String"},
		{typ("failure"), "String"}, // the first of String, Error, Format, GoString
		{typ("formatter"), "Format"},
		{typ("embeds"), "String"},
		{typ("field"), ""},
	}
	for _, tt := range tests {
		if got := Method(tt.typ); got != tt.want {
			t.Errorf("Method(%s) = %q, want %q", tt.typ, got, tt.want)
		}
	}
}
