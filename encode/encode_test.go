package encode

import (
	"go/constant"
	"go/types"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

func TestParseMode(t *testing.T) {
	tests := []struct {
		in      string
		want    Mode
		wantErr bool
	}{
		{"agx", ATF, false},
		{"atf", ATF, false},
		{"pf", PF, false},
		{"fs", FS, false},
		{"fi", FI, false},
		{"bugassist", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseMode(tt.in)
		if (err != nil) != tt.wantErr || (!tt.wantErr && got != tt.want) {
			t.Errorf("ParseMode(%q) = %v, %v", tt.in, got, err)
		}
		if !tt.wantErr && got.String() != tt.in && tt.in != "atf" {
			t.Errorf("%v.String() = %q, want %q", got, got.String(), tt.in)
		}
	}
	if s := Mode(42).String(); s != "Mode(42)" {
		t.Errorf("Mode(42).String() = %q", s)
	}
}

func TestSortOf(t *testing.T) {
	tests := []struct {
		typ    types.Type
		ok     bool
		isBool bool
		width  int
		signed bool
	}{
		{types.Typ[types.Bool], true, true, 0, false},
		{types.Typ[types.Int], true, false, 64, true},
		{types.Typ[types.Int8], true, false, 8, true},
		{types.Typ[types.Uint16], true, false, 16, false},
		{types.Typ[types.Int32], true, false, 32, true},
		{types.Typ[types.Uintptr], true, false, 64, false},
		{types.Typ[types.String], true, false, 0, false},
		{types.Typ[types.Float64], true, false, 64, false},
		{types.Typ[types.Float32], true, false, 32, false},
		{types.Typ[types.Complex128], false, false, 0, false},
		{types.NewSlice(types.Typ[types.Int]), false, false, 0, false},
	}
	for _, tt := range tests {
		si := sortOf(tt.typ)
		isString := tt.typ == types.Typ[types.String]
		isFloat := tt.typ == types.Typ[types.Float64] || tt.typ == types.Typ[types.Float32]
		if si.ok != tt.ok || si.isBool != tt.isBool || si.width != tt.width || si.signed != tt.signed || si.isString != isString || si.isFloat != isFloat {
			t.Errorf("sortOf(%v) = %+v", tt.typ, si)
		}
	}
}

// TestConcreteAndConstant checks the constants of the encoding against the
// values they stand for, at every width.
func TestConcreteAndConstant(t *testing.T) {
	tests := []struct {
		si   sortInfo
		v    trace.Value
		c    constant.Value
		want string
	}{
		{sortInfo{ok: true, width: 8, signed: true}, trace.Int(-1), constant.MakeInt64(-1), "(_ bv255 8)"},
		{sortInfo{ok: true, width: 16}, trace.Uint(65535), constant.MakeUint64(65535), "(_ bv65535 16)"},
		{sortInfo{ok: true, width: 64, signed: true}, trace.Int(-2), constant.MakeInt64(-2), "(_ bv18446744073709551614 64)"},
		{sortInfo{ok: true, isBool: true}, trace.Bool(true), constant.MakeBool(true), "true"},
	}
	for _, tt := range tests {
		a, b := tt.si.concrete(tt.v), tt.si.constant(tt.c)
		if a == nil || b == nil {
			t.Fatalf("%+v: nil term", tt.si)
		}
		if a.String() != tt.want || b.String() != tt.want {
			t.Errorf("%+v: concrete %s, constant %s, want %s", tt.si, a, b, tt.want)
		}
	}
	if (sortInfo{ok: true, isBool: true}).concrete(trace.Int(1)) != nil {
		t.Error("an int value fits a Bool sort")
	}
}
