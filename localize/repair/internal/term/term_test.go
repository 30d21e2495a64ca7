package term

import (
	"go/token"
	"go/types"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestApplyNative checks the synthesis' arithmetic against Go's own on
// seeded random operands of each integer width: wrap-around, division
// and remainder truncating toward zero, comparisons.
func TestApplyNative(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	ops := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.LSS, token.EQL, token.GEQ}
	type native func(op token.Token, x, y int64) (int64, bool, bool) // value, bool result, ok
	signed := func(conv func(int64) int64) native {
		return func(op token.Token, x, y int64) (int64, bool, bool) {
			a, b := conv(x), conv(y)
			switch op {
			case token.ADD:
				return conv(a + b), false, true
			case token.SUB:
				return conv(a - b), false, true
			case token.MUL:
				return conv(a * b), false, true
			case token.QUO:
				if b == 0 {
					return 0, false, false
				}
				return conv(a / b), false, true
			case token.REM:
				if b == 0 {
					return 0, false, false
				}
				return conv(a % b), false, true
			case token.LSS:
				return 0, a < b, true
			case token.EQL:
				return 0, a == b, true
			case token.GEQ:
				return 0, a >= b, true
			}
			return 0, false, false
		}
	}
	for _, tc := range []struct {
		kind types.BasicKind
		conv func(int64) int64
	}{
		{types.Int8, func(x int64) int64 { return int64(int8(x)) }},
		{types.Int16, func(x int64) int64 { return int64(int16(x)) }},
		{types.Int32, func(x int64) int64 { return int64(int32(x)) }},
		{types.Int, func(x int64) int64 { return x }},
	} {
		typ := types.Typ[tc.kind]
		nat := signed(tc.conv)
		for range 2000 {
			x, y := tc.conv(r.Int64()), tc.conv(r.Int64()>>r.IntN(64))
			if r.IntN(8) == 0 {
				y = 0
			}
			op := ops[r.IntN(len(ops))]
			want, wantBool, wantOK := nat(op, x, y)
			got, ok := Apply(op, typ, trace.Int(x), trace.Int(y))
			if ok != wantOK {
				t.Fatalf("%s: %d %s %d: ok %v, want %v", typ, x, op, y, ok, wantOK)
			}
			if !ok {
				continue
			}
			if got.Kind() == trace.KindBool {
				if got.Bool() != wantBool {
					t.Fatalf("%s: %d %s %d = %v, want %v", typ, x, op, y, got, wantBool)
				}
			} else if got.Int() != want {
				t.Fatalf("%s: %d %s %d = %v, want %d", typ, x, op, y, got, want)
			}
		}
	}
	// Unsigned bytes wrap too.
	for range 2000 {
		x, y := uint8(r.Uint32()), uint8(r.Uint32())
		got, _ := Apply(token.SUB, types.Typ[types.Uint8], trace.Uint(uint64(x)), trace.Uint(uint64(y)))
		if got.Uint() != uint64(x-y) {
			t.Fatalf("uint8: %d - %d = %v, want %d", x, y, got, x-y)
		}
	}
}

// TestBinaryTypes checks which operands an operator takes, as Go's type
// checker does, and that an expression whose value does not depend on
// its operands' (constants alone, x != x) is none.
func TestBinaryTypes(t *testing.T) {
	i := &Term{Text: "i", Type: types.Typ[types.Int], Size: 1, Vals: []trace.Value{trace.Int(3)}}
	j := &Term{Text: "j", Type: types.Typ[types.Int32], Size: 1, Vals: []trace.Value{trace.Int(3)}}
	b := &Term{Text: "b", Type: types.Typ[types.Bool], Size: 1, Vals: []trace.Value{trace.Bool(true)}}
	s := &Term{Text: "s", Type: types.Typ[types.String], Size: 1, Vals: []trace.Value{trace.String("x")}}
	c := &Term{Text: "c", Type: types.Typ[types.Bool], Size: 1, Vals: []trace.Value{trace.Bool(false)}}
	one := &Term{Text: "1", Size: 1, Const: true, Vals: []trace.Value{trace.Int(1)}}
	k := &Term{Text: "K", Type: types.Typ[types.Int], Size: 1, Const: true, Vals: []trace.Value{trace.Int(5)}}
	l := &Term{Text: "L", Type: types.Typ[types.Int], Size: 1, Const: true, Vals: []trace.Value{trace.Int(6)}}
	// x and its namesake with other values (the site's own value beside
	// the variable's, as the data may hold them).
	x := &Term{Text: "x", Type: types.Typ[types.Int], Size: 1, Vals: []trace.Value{trace.Int(3)}}
	x2 := &Term{Text: "x", Type: types.Typ[types.Int], Size: 1, Vals: []trace.Value{trace.Int(4)}}
	for _, tc := range []struct {
		op   token.Token
		x, y *Term
		want string // "" if Go rejects it, or the synthesis does
	}{
		{token.ADD, i, one, "i + 1"},
		{token.ADD, i, j, ""},     // mismatched types
		{token.ADD, one, one, ""}, // constants only: folding, not synthesis
		{token.LAND, b, c, "b && c"},
		{token.LAND, i, x, ""},
		{token.ADD, s, s, "s + s"},
		{token.SUB, s, s, ""},
		{token.REM, b, c, ""},
		{token.LSS, b, c, ""},
		{token.EQL, b, c, "b == c"},
		{token.ADD, i, k, "i + K"},
		{token.LSS, k, l, ""},  // typed constants: always true
		{token.EQL, b, b, ""},  // always true
		{token.LAND, b, b, ""}, // b itself
		{token.NEQ, x, x2, ""}, // always false, whatever the values
		{token.LSS, x, x2, ""}, // always false
		{token.SUB, x, x2, ""}, // always 0
		{token.QUO, x, x2, ""}, // always 1
		{token.ADD, x, x2, "x + x"},
		{token.MUL, x, x2, "x * x"},
	} {
		got, ok := Binary(tc.op, tc.x, tc.y)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s %s %s: accepted as %q, Go rejects it", tc.x.Text, tc.op, tc.y.Text, got.Text)
		case tc.want != "" && (!ok || got.Text != tc.want):
			t.Errorf("%s %s %s: %v %v, want %q", tc.x.Text, tc.op, tc.y.Text, got, ok, tc.want)
		}
	}
	if n, ok := Unary(token.SUB, i); !ok || n.Text != "-i" || n.Vals[0].Int() != -3 || n.Const {
		t.Errorf("-i: %+v %v", n, ok)
	}
	if n, ok := Unary(token.SUB, k); !ok || !n.Const {
		t.Errorf("-K: %+v %v, want a constant", n, ok)
	}
	if _, ok := Unary(token.SUB, &Term{Text: "u", Type: types.Typ[types.Uint], Size: 1, Vals: []trace.Value{trace.Uint(1)}}); ok {
		t.Errorf("-u accepted on an unsigned u")
	}
}

// TestDistance checks the token edit distance.
func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"c", "b", 1},
		{"a == c", "a == b", 1},
		{"x", "x * 2", 2},
		{"a+b", "a + b", 0},
		{"", "b", 1},
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestSame checks which expressions are one, parentheses and layout
// aside.
func TestSame(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"(Up_Separation)", "Up_Separation", true},
		{"a+b", "(a + b)", true},
		{"(a + b) * c", "a + b*c", false},
		{"x", "y", false},
		{"f(x)", "f( x )", true},
	} {
		if got := Same(tc.a, tc.b); got != tc.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
