package interp

import (
	"go/token"
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// The definitions of semantics.go checked against independent oracles
// (Go's own operators), and the faster forms that cannot call them
// checked against them, operation by operation, on seeded operands.

// intEdges are operands every test below tries, beside random ones.
var intEdges = []uint64{0, 1, 2, 7, 63, 64, 65, math.MaxUint64, math.MaxInt64, 1 << 63, 1<<32 - 1, 1 << 31, 255, 128}

// operands returns the i-th pair of operands of a seeded sequence: every
// pair of edges first, then random words, a third of them with a small
// second operand (a shift count).
func operands(rng *rand.Rand, i int) (uint64, uint64) {
	if i < len(intEdges)*len(intEdges) {
		return intEdges[i%len(intEdges)], intEdges[i/len(intEdges)]
	}
	a, b := rng.Uint64(), rng.Uint64()
	if i%3 == 0 {
		b %= 70
	}
	return a, b
}

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// nativeIntOp computes op natively on the operands of type T whose words
// are aw and bw (bw is the shift count's word for a shift, of a signed
// count type if signedCount): the result's word and kind, and ok false
// where Go panics.
func nativeIntOp[T integer](op token.Token, aw, bw uint64, signedCount bool) (z uint64, k Kind, ok bool) {
	a, b := T(aw), T(bw)
	k = KindUint
	if T(0)-1 < 0 {
		k = KindInt
	}
	switch op {
	case token.ADD:
		return uint64(a + b), k, true
	case token.SUB:
		return uint64(a - b), k, true
	case token.MUL:
		return uint64(a * b), k, true
	case token.QUO, token.REM:
		if b == 0 {
			return 0, k, false
		}
		if op == token.QUO {
			return uint64(a / b), k, true
		}
		return uint64(a % b), k, true
	case token.AND:
		return uint64(a & b), k, true
	case token.OR:
		return uint64(a | b), k, true
	case token.XOR:
		return uint64(a ^ b), k, true
	case token.AND_NOT:
		return uint64(a &^ b), k, true
	case token.SHL, token.SHR:
		if signedCount && int64(bw) < 0 {
			return 0, k, false
		}
		if op == token.SHL {
			return uint64(a << bw), k, true
		}
		return uint64(a >> bw), k, true
	case token.EQL:
		return boolWord(a == b), KindBool, true
	case token.NEQ:
		return boolWord(a != b), KindBool, true
	case token.LSS:
		return boolWord(a < b), KindBool, true
	case token.LEQ:
		return boolWord(a <= b), KindBool, true
	case token.GTR:
		return boolWord(a > b), KindBool, true
	case token.GEQ:
		return boolWord(a >= b), KindBool, true
	}
	return 0, k, false
}

// nativeFor returns nativeIntOp for the integer type of width bits and
// the given signedness.
func nativeFor(bits uint8, signed bool) func(token.Token, uint64, uint64, bool) (uint64, Kind, bool) {
	switch {
	case bits == 8 && signed:
		return nativeIntOp[int8]
	case bits == 16 && signed:
		return nativeIntOp[int16]
	case bits == 32 && signed:
		return nativeIntOp[int32]
	case signed:
		return nativeIntOp[int64]
	case bits == 8:
		return nativeIntOp[uint8]
	case bits == 16:
		return nativeIntOp[uint16]
	case bits == 32:
		return nativeIntOp[uint32]
	}
	return nativeIntOp[uint64]
}

var intOps = []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR,
	token.XOR, token.AND_NOT, token.SHL, token.SHR, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}

// TestIntBin checks intBin, the definition of the integer BinOps (which
// binop, the fast form's fIntBin and recRun compute through), against
// Go's operators on seeded operands of every width and signedness, edge
// values included: the result's word and kind, and where it panics.
func TestIntBin(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	n := 0
	for _, bits := range []uint8{8, 16, 32, 64} {
		for _, signed := range []bool{true, false} {
			ii := intInfo{bits: bits, signed: signed}
			cls := clsUint
			if signed {
				cls = clsInt
			}
			native := nativeFor(bits, signed)
			for _, op := range intOps {
				for _, signedCount := range []bool{true, false} {
					in := &ins{op: opBinOp, sub: op, cls: cls, ii: ii, x: intInfo{bits: 64, signed: signedCount}}
					for i := 0; i < 300; i++ {
						a, b := operands(rng, i)
						a = ii.norm(a)
						if op != token.SHL && op != token.SHR {
							b = ii.norm(b)
						}
						z, k, ok := intBin(in, a, b)
						wz, wk, wok := native(op, a, b, signedCount)
						if ok != wok || ok && (z != wz || k != wk) {
							t.Fatalf("%#x %v %#x (%d bits, signed %v, signed count %v): intBin %#x %v %v, Go %#x %v %v",
								a, op, b, bits, signed, signedCount, z, k, ok, wz, wk, wok)
						}
						n++
					}
				}
			}
		}
	}
	t.Logf("%d operations compared", n)
}

// TestWordOps checks the word operations (wordOp, wordVal and the
// functions they call, which every engine and fused form computes
// through) against intBin on the BinOps specialise gives them to: each
// specialised instruction means what its BinOp means.
func TestWordOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 41))
	n := 0
	for _, bits := range []uint8{8, 16, 32, 64} {
		for _, cls := range []numClass{clsInt, clsUint, clsBool} {
			for _, op := range intOps {
				ii := intInfo{bits: bits, signed: cls == clsInt}
				in := &ins{op: opBinOp, sub: op, cls: cls, ii: ii}
				if cls == clsBool {
					in.ii = intInfo{}
				}
				specialise(in)
				if in.op == opBinOp {
					continue
				}
				bin := *in
				bin.op, bin.cls, bin.ii = opBinOp, clsInt, ii
				if cls == clsUint {
					bin.cls = clsUint
				}
				for i := 0; i < 300; i++ {
					a, b := operands(rng, i)
					if cls == clsBool {
						a, b = a&1, b&1
					} else {
						a, b = ii.norm(a), ii.norm(b)
					}
					got := wordVal(in, Value{n: a, k: KindInt}, Value{n: b, k: KindInt})
					z, k, _ := intBin(&bin, a, b)
					if want := (Value{n: z, k: k}); got != want {
						t.Fatalf("%#x %v %#x (%v, %d bits): opcode %d gives %v (kind %v), its BinOp %v (kind %v)",
							a, op, b, cls, bits, in.op, got, got.k, want, want.k)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no word operation tested")
	}
	t.Logf("%d operations compared", n)
}

// TestBranchMask checks the fast form's branches, which decides a
// conditional branch of a fJumpIf from a mask of comparison outcomes
// (branchMask) instead of calling the comparison, against the
// comparisons' definitions, and fIf against If's (a nonzero word).
func TestBranchMask(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 43))
	regs := make([]Value, 2)
	rp := unsafe.Pointer(unsafe.SliceData(regs))
	checked := 0
	for wop, fops := range binFops {
		if fops[1] == 0 {
			continue
		}
		checked++
		f := &fop{op: fops[1], x: 0, y: 1, mask: branchMask(fops[1])}
		for i := 0; i < 500; i++ {
			a, b := operands(rng, i)
			regs[0], regs[1] = Value{n: a, k: KindInt}, Value{n: b, k: KindInt}
			if got, want := branches(f, rp), wordOp(wop, a, b) != 0; got != want {
				t.Fatalf("opcode %d on %#x, %#x: fJumpIf branches %v, the definition %v", wop, a, b, got, want)
			}
		}
	}
	if checked != 6 {
		t.Fatalf("%d comparisons with a branch form, want 6", checked)
	}
	f := &fop{op: fIf, x: 0, mask: branchMask(fIf)}
	for i := 0; i < 500; i++ {
		a, _ := operands(rng, i)
		regs[0] = Value{n: a & 1, k: KindBool}
		if got := branches(f, rp); got != (a&1 != 0) {
			t.Fatalf("fIf on %d: branches %v", a&1, got)
		}
	}
}

// TestStoreLoad checks the cases of the store and load of a cell against
// storeInto and copyVal, their definitions: storeWord on a scalar,
// storeVal on a scalar, a flat value and an aggregate, loadVal's copy.
func TestStoreLoad(t *testing.T) {
	agg := aggOf(KindStruct, []cell{{v: Int(1), st: 3}, {v: String("x"), st: 4}})
	for _, v := range []Value{Int(-5), Uint(7), Bool(true), Float(1.5), String("s"), {k: KindPointer, p: ptrOf(&cell{})}, agg} {
		want := &cell{v: Int(0), st: NoEvent}
		storeInto(want, v, 9)
		got := &cell{v: Int(0), st: NoEvent}
		storeVal(got, v, 9)
		if got.st != want.st || !Equal(got.v, want.v) {
			t.Errorf("storeVal of %v: %v by %d, storeInto %v by %d", v, got.v, got.st, want.v, want.st)
		}
		if v.isAgg() {
			if got.v.p == v.p {
				t.Errorf("storeVal of %v shares its cells", v)
			}
			if l := loadVal(got); l.p == got.v.p || !Equal(l, got.v) {
				t.Errorf("loadVal of %v: %v, not a copy", got.v, l)
			}
			continue
		}
		if l := loadVal(got); l != got.v {
			t.Errorf("loadVal of %v: %v", got.v, l)
		}
		if v.p == nil {
			w := &cell{v: Int(0), st: NoEvent}
			storeWord(w, &v, 9)
			if *w != *want {
				t.Errorf("storeWord of %v: %v, storeInto %v", v, *w, *want)
			}
		}
	}
}
