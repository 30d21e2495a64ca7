package maxsat

import (
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/faultloc/faultloc/internal/z3"
)

// Model is a satisfying assignment found by the Solver: the model of a Sat
// Check or of an MCS (the angelic values of the relaxed constraints'
// variables). It stays valid until the Solver is reset or closed.
type Model struct {
	s   *Solver
	m   *z3.Model
	gen int // the Solver's generation (Reset count) when made
}

// Value is a constant: the value of a term in a model.
type Value struct {
	Sort Sort
	Bool bool     // for Bool
	Bits uint64   // for bit-vectors of width <= 64: the bits, zero-extended; for floats, the IEEE 754 encoding (Go's NaN for any NaN)
	Big  *big.Int // for Int, and for bit-vectors wider than 64 (unsigned)
	Str  string   // for String
}

// Int64 returns a bit-vector value of width <= 64 read as signed (two's
// complement), or an Int value if it fits.
func (v Value) Int64() int64 {
	switch v.Sort.Kind {
	case BVSort:
		if v.Sort.Width <= 64 {
			sh := uint(64 - v.Sort.Width)
			return int64(v.Bits<<sh) >> sh
		}
		return v.Big.Int64()
	case IntSort:
		return v.Big.Int64()
	case BoolSort:
		if v.Bool {
			return 1
		}
	}
	return 0
}

// String formats the value for messages and reports.
func (v Value) String() string {
	switch v.Sort.Kind {
	case BoolSort:
		return strconv.FormatBool(v.Bool)
	case BVSort:
		if v.Big != nil {
			return fmt.Sprintf("%s:BV%d", v.Big, v.Sort.Width)
		}
		return fmt.Sprintf("%d:BV%d", v.Bits, v.Sort.Width)
	case IntSort:
		return v.Big.String()
	case StringSort:
		return strconv.Quote(v.Str)
	case FloatSort:
		return strconv.FormatFloat(v.Float(), 'g', -1, v.Sort.Width)
	}
	return "invalid"
}

// Eval returns the value of t in the model. Variables the model leaves
// unconstrained get a default (false, 0), so every well-sorted term has a
// value; an ill-sorted term returns its *SortError.
func (m *Model) Eval(t *Term) (Value, error) {
	if m == nil {
		return Value{}, fmt.Errorf("maxsat: Eval on a nil model")
	}
	if m.s.closed || m.gen != m.s.gen {
		return Value{}, ErrClosed
	}
	if err := t.Err(); err != nil {
		return Value{}, err
	}
	a, err := m.s.translate(t)
	if err != nil {
		return Value{}, err
	}
	if t.sort.Kind == FloatSort {
		return m.evalFloat(t, a)
	}
	zv, err := m.m.Eval(a, true)
	if err != nil {
		return Value{}, fmt.Errorf("maxsat: %w", err)
	}
	v := Value{Sort: t.sort}
	switch {
	case t.sort.Kind == BoolSort && zv.Kind == z3.BoolValue:
		v.Bool = zv.Bool
	case t.sort.Kind == BVSort && t.sort.Width <= 64 && zv.Kind == z3.Uint64Value:
		v.Bits = zv.Uint64
	case zv.Kind == z3.Uint64Value:
		v.Big = new(big.Int).SetUint64(zv.Uint64)
	case zv.Kind == z3.BigValue:
		v.Big = zv.Big
	case t.sort.Kind == StringSort && zv.Kind == z3.StringValue:
		v.Str = zv.Str
	default:
		return Value{}, fmt.Errorf("maxsat: %s has no constant value in the model", t)
	}
	return v, nil
}

// evalFloat evaluates float term t (translated to a): NaN first, since
// Z3 leaves the IEEE encoding of a NaN unspecified, then the encoding.
func (m *Model) evalFloat(t *Term, a z3.AST) (Value, error) {
	v := Value{Sort: t.sort}
	nan, err := m.s.ctx.App(z3.OpFPIsNaN, 0, 0, a)
	if err != nil {
		return Value{}, fmt.Errorf("maxsat: %w", err)
	}
	zv, err := m.m.Eval(nan, true)
	if err != nil {
		return Value{}, fmt.Errorf("maxsat: %w", err)
	}
	if zv.Kind == z3.BoolValue && zv.Bool {
		if t.sort.Width == 32 {
			v.Bits = uint64(math.Float32bits(float32(math.NaN())))
		} else {
			v.Bits = math.Float64bits(math.NaN())
		}
		return v, nil
	}
	enc, err := m.s.ctx.App(z3.OpFPToBits, 0, 0, a)
	if err != nil {
		return Value{}, fmt.Errorf("maxsat: %w", err)
	}
	if zv, err = m.m.Eval(enc, true); err != nil {
		return Value{}, fmt.Errorf("maxsat: %w", err)
	}
	if zv.Kind != z3.Uint64Value {
		return Value{}, fmt.Errorf("maxsat: %s has no constant value in the model", t)
	}
	v.Bits = zv.Uint64
	return v, nil
}

// Float returns a float value (of either width) as a float64.
func (v Value) Float() float64 {
	if v.Sort.Kind != FloatSort {
		return 0
	}
	if v.Sort.Width == 32 {
		return float64(math.Float32frombits(uint32(v.Bits)))
	}
	return math.Float64frombits(v.Bits)
}

// Float returns the value of a float term (a float32 converted exactly).
func (m *Model) Float(t *Term) (float64, error) {
	v, err := m.Eval(t)
	if err == nil && t.sort.Kind != FloatSort {
		err = &SortError{Op: "Model.Float", Args: []Sort{t.sort}, Msg: "want a float"}
	}
	return v.Float(), err
}

// Bool returns the value of a Bool term.
func (m *Model) Bool(t *Term) (bool, error) {
	v, err := m.Eval(t)
	if err == nil && t.sort.Kind != BoolSort {
		err = &SortError{Op: "Model.Bool", Args: []Sort{t.sort}, Msg: "want Bool"}
	}
	return v.Bool, err
}

// BV returns the bits of a bit-vector term of width <= 64.
func (m *Model) BV(t *Term) (uint64, error) {
	v, err := m.Eval(t)
	if err == nil && (t.sort.Kind != BVSort || t.sort.Width > 64) {
		err = &SortError{Op: "Model.BV", Args: []Sort{t.sort}, Msg: "want a bit-vector of width <= 64"}
	}
	return v.Bits, err
}

// Int returns the value of an Int term.
func (m *Model) Int(t *Term) (*big.Int, error) {
	v, err := m.Eval(t)
	if err == nil && t.sort.Kind != IntSort {
		err = &SortError{Op: "Model.Int", Args: []Sort{t.sort}, Msg: "want Int"}
	}
	return v.Big, err
}

// Str returns the value of a String term.
func (m *Model) Str(t *Term) (string, error) {
	v, err := m.Eval(t)
	if err == nil && t.sort.Kind != StringSort {
		err = &SortError{Op: "Model.Str", Args: []Sort{t.sort}, Msg: "want String"}
	}
	return v.Str, err
}

// String renders the model in Z3's syntax (for debugging).
func (m *Model) String() string {
	if m == nil || m.s.closed || m.gen != m.s.gen {
		return "<no model>"
	}
	return m.m.String()
}
