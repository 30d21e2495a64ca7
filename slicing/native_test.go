package slicing

import (
	"go/token"
	"go/types"
	"testing"
)

func TestReadsName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"String", true},
		{"Len", true},
		{"Get", true},
		{"MatchString", true},
		{"FindAllString", true},
		{"IsZero", true},
		{"Write", false},
		{"WriteHeader", false},
		{"Set", false},
		{"Reset", false},
		{"Flush", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := readsName(tt.name); got != tt.want {
			t.Errorf("readsName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestStdStruct(t *testing.T) {
	named := func(path, name string, u types.Type) types.Type {
		pkg := types.NewPackage(path, "p")
		return types.NewNamed(types.NewTypeName(token.NoPos, pkg, name, nil), u, nil)
	}
	st := types.NewStruct(nil, nil)
	tests := []struct {
		name string
		t    types.Type
		want bool
	}{
		{"pointer to a struct of net/http/httptest", types.NewPointer(named("net/http/httptest", "ResponseRecorder", st)), true},
		{"pointer to a struct of bytes", types.NewPointer(named("bytes", "Buffer", st)), true},
		{"pointer to a struct of a module", types.NewPointer(named("github.com/x/y", "Recorder", st)), false},
		{"struct of bytes, not a pointer", named("bytes", "Buffer", st), false},
		{"pointer to a map type of net/http", types.NewPointer(named("net/http", "Header", types.NewMap(types.Typ[types.String], types.Typ[types.String]))), false},
		{"pointer to an unnamed struct", types.NewPointer(st), false},
	}
	for _, tt := range tests {
		if got := stdStruct(tt.t); got != tt.want {
			t.Errorf("%s: stdStruct = %v, want %v", tt.name, got, tt.want)
		}
	}
}
