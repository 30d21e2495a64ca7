package term

import (
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestFromExpr checks the terms read from source: leaves by name,
// integer literals, operators on them with their values computed, and
// nil for what a term does not hold (an unknown name, a call, a float).
func TestFromExpr(t *testing.T) {
	top := &Term{Text: "top", Type: types.Typ[types.Int], Size: 1, Vals: []trace.Value{trace.Int(3), trace.Int(7)}}
	bits := &Term{Text: "bits", Type: types.Typ[types.Int], Size: 1, Vals: []trace.Value{trace.Int(1), trace.Int(2)}}
	leaves := []*Term{top, bits}
	tests := []struct {
		src  string
		want []int64 // nil: no term
	}{
		{"top", []int64{3, 7}},
		{"top + bits + 1", []int64{5, 10}},
		{"(top - bits) * 2", []int64{4, 10}},
		{"4", []int64{4, 4}},
		{"top + other", nil},
		{"f(top)", nil},
		{"top + 1.5", nil},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			fset := token.NewFileSet()
			e, err := parser.ParseExprFrom(fset, "", tt.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			got := FromExpr(e, tt.src, e.Pos(), 2, leaves)
			if tt.want == nil {
				if got != nil {
					t.Fatalf("FromExpr(%s) = %q, want nil", tt.src, got.Text)
				}
				return
			}
			if got == nil {
				t.Fatalf("FromExpr(%s) = nil, want values %v", tt.src, tt.want)
			}
			if got.Text != tt.src {
				t.Errorf("text %q, want %q", got.Text, tt.src)
			}
			for i, w := range tt.want {
				if got.Vals[i] != trace.Int(w) {
					t.Errorf("instance %d: %v, want %d", i, got.Vals[i], w)
				}
			}
		})
	}
}
