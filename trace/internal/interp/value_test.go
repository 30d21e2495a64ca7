package interp

import (
	"math"
	"reflect"
	"testing"
)

func TestValueBasics(t *testing.T) {
	ptr, _ := ValueOf(new(int))
	tests := []struct {
		name  string
		v     Value
		kind  Kind
		str   string
		iface any
		isNil bool
	}{
		{"int", Int(-7), KindInt, "-7", int64(-7), false},
		{"uint", Uint(math.MaxUint64), KindUint, "18446744073709551615", uint64(math.MaxUint64), false},
		{"bool", Bool(true), KindBool, "true", true, false},
		{"float", Float(1.5), KindFloat, "1.5", 1.5, false},
		{"complex", Complex(1 + 2i), KindComplex, "(1+2i)", 1 + 2i, false},
		{"string", String("a\"b"), KindString, `"a\"b"`, "a\"b", false},
		{"empty string", String(""), KindString, `""`, "", false},
		{"slice", Slice(Int(1), Int(2)), KindSlice, "[1 2]", []any{int64(1), int64(2)}, false},
		{"nil slice", Value{k: KindSlice}, KindSlice, "nil", nil, true},
		{"struct", Struct(Int(1), String("x")), KindStruct, `{1 "x"}`, []any{int64(1), "x"}, false},
		{"array", Array(Bool(false)), KindArray, "[false]", []any{false}, false},
		{"tuple", Tuple(Int(1), Bool(true)), KindTuple, "(1, true)", []any{int64(1), true}, false},
		{"pointer", ptr, KindPointer, "ptr", int64(0), false},
		{"nil interface", Value{k: KindInterface}, KindInterface, "nil", nil, true},
		{"invalid", Value{}, KindInvalid, "<invalid>", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.v.Kind() != tc.kind {
				t.Errorf("Kind = %v, want %v", tc.v.Kind(), tc.kind)
			}
			if s := tc.v.String(); s != tc.str {
				t.Errorf("String = %q, want %q", s, tc.str)
			}
			if got := tc.v.Interface(); !reflect.DeepEqual(got, tc.iface) {
				t.Errorf("Interface = %#v, want %#v", got, tc.iface)
			}
			if tc.v.IsNil() != tc.isNil {
				t.Errorf("IsNil = %v", tc.v.IsNil())
			}
			if !Equal(tc.v, tc.v) && tc.kind != KindSlice {
				t.Errorf("not Equal to itself")
			}
		})
	}
}

func TestValueOfRoundTrip(t *testing.T) {
	type inner struct {
		A int8
		B []string
	}
	inputs := []any{
		int8(-5), uint16(9), int64(math.MinInt64), float32(0.25), "héllo", true,
		[]int{3, 1, 2}, [2]bool{true, false}, inner{-1, []string{"x", "y"}}, []inner{{1, nil}},
	}
	for _, x := range inputs {
		v, err := ValueOf(x)
		if err != nil {
			t.Errorf("ValueOf(%#v): %v", x, err)
			continue
		}
		w, _ := ValueOf(x)
		if !(*run)(nil).deepEqual(nil, nil, v, w) {
			t.Errorf("ValueOf(%#v) not deeply equal to itself", x)
		}
		if v.String() == "" {
			t.Errorf("ValueOf(%#v).String() empty", x)
		}
	}
	if _, err := ValueOf(make(chan int)); err == nil {
		t.Error("ValueOf(chan) succeeded")
	}
	if _, err := ValueOf(map[string]int{}); err == nil {
		t.Error("ValueOf(map) succeeded")
	}
	v, _ := ValueOf(inner{7, []string{"q"}})
	if v.Index(0).Int() != 7 || v.Index(1).Index(0).Str() != "q" || v.Len() != 2 {
		t.Errorf("struct access: %v", v)
	}
	p, _ := ValueOf(&inner{A: 3})
	if p.Elem().Index(0).Int() != 3 {
		t.Errorf("Elem: %v", p.Elem())
	}
}

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b Value
		want bool
	}{
		{Int(1), Int(1), true},
		{Int(1), Uint(1), false},
		{Float(math.NaN()), Float(math.NaN()), false},
		{Float(0), Float(math.Copysign(0, -1)), true},
		{String("ab"), String("a" + "b"), true},
		{Struct(Int(1), String("x")), Struct(Int(1), String("y")), false},
		{Array(Int(1), Int(2)), Array(Int(1), Int(2)), true},
		{Tuple(Int(1)), Tuple(Int(1), Int(2)), false},
		{Value{k: KindPointer}, Value{k: KindPointer}, true},
	}
	for _, tc := range tests {
		if got := Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("Equal(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	for k := KindInvalid; k <= KindChan; k++ {
		if k.String() == "" || k.String()[0] == 'K' {
			t.Errorf("Kind(%d).String() = %q", k, k.String())
		}
	}
	if Kind(200).String() != "Kind(200)" {
		t.Errorf("unknown kind: %q", Kind(200).String())
	}
}

// The zero Trace is an empty trace.
func TestZeroTrace(t *testing.T) {
	var tr Trace
	if tr.Len() != 0 || tr.NumStatics() != 0 || len(tr.Lines()) != 0 || len(tr.Inputs()) != 0 || tr.Bytes() < 0 {
		t.Errorf("zero Trace not empty")
	}
	if err := tr.Dump(nil, nil); err != nil {
		t.Error(err)
	}
}
