package encode

import (
	"go/types"
	"math"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestFitsType checks which numbers fitsType accepts for which types.
func TestFitsType(t *testing.T) {
	for _, tt := range []struct {
		typ  types.Type
		v    trace.Value
		want bool
	}{
		{types.Typ[types.Int], trace.Int(-1 << 63), true},
		{types.Typ[types.Int], trace.Uint(1), false},
		{types.Typ[types.Int8], trace.Int(127), true},
		{types.Typ[types.Int8], trace.Int(128), false},
		{types.Typ[types.Int8], trace.Int(-128), true},
		{types.Typ[types.Int8], trace.Int(-129), false},
		{types.Typ[types.Uint8], trace.Uint(255), true},
		{types.Typ[types.Uint8], trace.Uint(256), false},
		{types.Typ[types.Uint64], trace.Uint(1<<64 - 1), true},
		{types.Typ[types.Uint], trace.Int(1), false},
		{types.Typ[types.Float64], trace.Float(math.NaN()), true},
		{types.Typ[types.Float64], trace.Float(0.1), true},
		{types.Typ[types.Float32], trace.Float(0.1), false},
		{types.Typ[types.Float32], trace.Float(float64(float32(0.1))), true},
		{types.Typ[types.Float32], trace.Float(math.Inf(-1)), true},
		{types.Typ[types.Float32], trace.Float(math.NaN()), true},
		{types.Typ[types.Float64], trace.Int(1), false},
		{types.Typ[types.Bool], trace.Bool(true), false},
		{types.Typ[types.String], trace.String("x"), false},
		{types.NewPointer(types.Typ[types.Int]), trace.Int(0), false},
	} {
		if got := fitsType(tt.typ, tt.v); got != tt.want {
			t.Errorf("fitsType(%v, %v) = %v, want %v", tt.typ, tt.v, got, tt.want)
		}
	}
}
