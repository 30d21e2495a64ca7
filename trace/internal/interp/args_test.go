package interp

import (
	"errors"
	"go/types"
	"strings"
	"testing"
)

// TestRunArgs: Program.Run checks its arguments against the parameters:
// an argument of another kind, an integer out of its type's range, a
// float32 not exactly representable, or a struct or array of the wrong
// shape (down through fields, elements and pointers) is an *ArgError
// naming the parameter, its type and the argument's kind; arguments that
// fit run.
func TestRunArgs(t *testing.T) {
	p := load(t, "./trace/testdata/args")
	fn := p.Func("github.com/faultloc/faultloc/trace/testdata/args", "Kinds")
	point := func(x, y Value) Value { return Struct(x, y) }
	good := func() []Value {
		return []Value{Int(1), Uint(2), Float(3), String("four"), point(Int(5), Int(6)),
			Value{k: KindPointer}, Slice(Int(7)), Array(Int(8), Int(9)), Value{k: KindInterface}}
	}
	with := func(i int, v Value) []Value {
		args := good()
		args[i] = v
		return args
	}
	res, err := p.Run(bgContext, fn, good(), nil)
	if err != nil || res.Outcome != Returned || res.Returns[0].Int() != 1+2+3+4+5+6+1+8 {
		t.Fatalf("good arguments: %v, %v", res, err)
	}
	for _, tt := range []struct {
		name  string
		args  []Value
		param string
		kind  Kind
		why   string // in the error's reason
	}{
		{"int for uint", with(1, Int(2)), "b", KindInt, "want kind uint"},
		{"string for int8", with(0, String("1")), "a", KindString, "want kind int"},
		{"int8 overflow", with(0, Int(200)), "a", KindInt, "value 200 overflows type int8"},
		{"float32 inexact", with(2, Float(0.1)), "c", KindFloat, "not exactly representable as float32"},
		{"the zero Value", with(3, Value{}), "s", KindInvalid, "want kind string"},
		{"struct short of a field", with(4, Struct(Int(5))), "p", KindStruct, "1 fields for type"},
		{"struct field of another kind", with(4, point(Int(5), String("6"))), "p", KindStruct, "p.Y: want kind int for type int8, have string"},
		{"pointer to a bad struct", with(5, mustValueOf(t, &struct{ X, Y string }{})), "q", KindPointer, "(*q).X: want kind int"},
		{"slice element", with(6, Slice(Int(1), String("2"))), "xs", KindSlice, "xs[1]: want kind int"},
		{"array length", with(7, Array(Int(8))), "arr", KindArray, "1 elements for type [2]int"},
		{"int for any", with(8, Int(1)), "x", KindInt, "want kind interface"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := p.Run(bgContext, fn, tt.args, nil)
			var ae *ArgError
			if !errors.As(err, &ae) || res != nil {
				t.Fatalf("%v, %v; want an *ArgError", res, err)
			}
			if ae.Param != tt.param || ae.Kind != tt.kind || ae.Type == nil || !strings.Contains(ae.Reason, tt.why) {
				t.Errorf("%+v, want parameter %s, kind %s, reason with %q", ae, tt.param, tt.kind, tt.why)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "trace: ") || !strings.Contains(msg, tt.param+" "+ae.Type.String()) || !strings.Contains(msg, "kind "+tt.kind.String()) {
				t.Errorf("message %q does not name the parameter, its type and the kind", msg)
			}
		})
	}
	// Test.Args go through the same check.
	_, err = p.RunTest(bgContext, Test{Name: "bad", Func: fn, Args: with(1, Int(2))}, nil)
	if ae := (*ArgError)(nil); !errors.As(err, &ae) {
		t.Errorf("RunTest: %v, want an *ArgError", err)
	}
}

func mustValueOf(t *testing.T, x any) Value {
	t.Helper()
	v, err := ValueOf(x)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestKindOf checks kindOf against the kind of the zero value the
// interpreter makes, on every package-level type of a program and its
// imports (standard types the bridge mirrors natively included).
func TestKindOf(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	n := 0
	for _, pk := range p.SSA.AllPackages() {
		for _, name := range pk.Pkg.Scope().Names() {
			tn, ok := pk.Pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() && types.Unalias(tn.Type()) == nil {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				continue
			}
			for _, typ := range []types.Type{tn.Type(), types.NewPointer(tn.Type()), types.NewSlice(tn.Type())} {
				n++
				if got, want := kindOf(typ), p.zero(typ).k; got != want {
					t.Errorf("kindOf(%s) = %s, the zero value's kind is %s", typ, got, want)
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("%d types checked", n)
	}
}
