package maxsat

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/internal/z3"
)

// SortKind is the kind of a Sort.
type SortKind uint8

// Sort kinds. The zero SortKind marks an ill-sorted term.
const (
	InvalidSort SortKind = iota
	BoolSort
	BVSort
	IntSort
	StringSort
	FloatSort
)

// Sort is the type of a term: Bool, a bit-vector of a width, Int
// (unbounded mathematical integers), String (finite sequences of bytes, as
// Go's strings are), or an IEEE 754 float of 32 or 64 bits (Go's float32
// and float64).
type Sort struct {
	Kind  SortKind
	Width int // bits, for BVSort and FloatSort
}

// MaxWidth is the widest bit-vector sort accepted.
const MaxWidth = 1 << 16

// Bool, Int and BV sorts.
var (
	SortBool   = Sort{Kind: BoolSort}
	SortInt    = Sort{Kind: IntSort}
	SortString = Sort{Kind: StringSort}
)

// SortBV returns the sort of bit-vectors of width w.
func SortBV(w int) Sort { return Sort{Kind: BVSort, Width: w} }

// SortFloat returns the IEEE 754 sort of w bits: 32 (binary32) or 64
// (binary64).
func SortFloat(w int) Sort { return Sort{Kind: FloatSort, Width: w} }

// String formats the value for messages and reports.
func (s Sort) String() string {
	switch s.Kind {
	case BoolSort:
		return "Bool"
	case IntSort:
		return "Int"
	case StringSort:
		return "String"
	case FloatSort:
		return "Float" + strconv.Itoa(s.Width)
	case BVSort:
		return "BV" + strconv.Itoa(s.Width)
	}
	return "invalid"
}

// SortError reports an ill-sorted term: an operator applied to operands of
// sorts it does not accept. A term built from an ill-sorted subterm carries
// the same error; Solver.AddHard, AddSoft and Model.Eval return it.
type SortError struct {
	Op   string // the operator, e.g. "bvadd"
	Args []Sort // the operands' sorts
	Msg  string // what was expected
}

// Error formats the error, naming what went wrong and where.
func (e *SortError) Error() string {
	as := make([]string, len(e.Args))
	for i, a := range e.Args {
		as[i] = a.String()
	}
	return fmt.Sprintf("maxsat: ill-sorted %s(%s): %s", e.Op, strings.Join(as, ", "), e.Msg)
}

type termKind uint8

const (
	kVar termKind = iota + 1
	kConst
	kApp
)

// Term is an immutable formula or expression over Bool, bit-vector and Int
// variables. Terms are built by the functions of this package, do not
// depend on any Solver, and may be shared between solvers and goroutines.
// A Term is always non-nil when returned by a constructor; an ill-sorted
// one reports its *SortError through Err.
type Term struct {
	kind   termKind
	op     z3.Op
	sort   Sort
	args   []*Term
	name   string   // variable name
	bits   uint64   // Bool (0/1) or bit-vector constant of width <= 64
	big    *big.Int // Int constant, or bit-vector constant wider than 64
	str    string   // String constant
	p1, p2 int      // parameters of extensions, extraction, conversions
	err    error
}

// Sort returns t's sort; an ill-sorted term has the invalid sort.
func (t *Term) Sort() Sort {
	if t == nil || t.err != nil {
		return Sort{}
	}
	return t.sort
}

// Err returns the *SortError of an ill-sorted term, or nil.
func (t *Term) Err() error {
	if t == nil {
		return &SortError{Op: "term", Msg: "nil term"}
	}
	return t.err
}

func bad(op string, msg string, args ...*Term) *Term {
	ss := make([]Sort, len(args))
	for i, a := range args {
		if a != nil {
			ss[i] = a.sort
		}
	}
	return &Term{err: &SortError{Op: op, Args: ss, Msg: msg}}
}

// check returns an error term if any argument is nil or ill-sorted.
func check(op string, args []*Term) *Term {
	for _, a := range args {
		if a == nil {
			return bad(op, "nil operand", args...)
		}
		if a.err != nil {
			return &Term{err: a.err}
		}
	}
	return nil
}

func app(op z3.Op, s Sort, args ...*Term) *Term {
	return &Term{kind: kApp, op: op, sort: s, args: args}
}

// ---- Constants and variables ----

var (
	trueTerm  = &Term{kind: kConst, sort: SortBool, bits: 1}
	falseTerm = &Term{kind: kConst, sort: SortBool}
)

// True returns the constant true.
func True() *Term { return trueTerm }

// False returns the constant false.
func False() *Term { return falseTerm }

// BoolConst returns the constant v.
func BoolConst(v bool) *Term {
	if v {
		return trueTerm
	}
	return falseTerm
}

// BoolVar returns the Boolean variable of the given name. Variables are
// identified by name and sort: two calls with the same name denote the same
// variable.
func BoolVar(name string) *Term { return &Term{kind: kVar, sort: SortBool, name: name} }

func checkWidth(op string, w int) *Term {
	if w < 1 || w > MaxWidth {
		return &Term{err: &SortError{Op: op, Msg: fmt.Sprintf("width %d outside [1, %d]", w, MaxWidth)}}
	}
	return nil
}

// BVVar returns the bit-vector variable of the given name and width.
func BVVar(name string, w int) *Term {
	if e := checkWidth("bvvar", w); e != nil {
		return e
	}
	return &Term{kind: kVar, sort: SortBV(w), name: name}
}

// BV returns the bit-vector constant of width w whose bits are v (truncated
// to w bits, zero-extended beyond 64).
func BV(v uint64, w int) *Term {
	if e := checkWidth("bv", w); e != nil {
		return e
	}
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	return &Term{kind: kConst, sort: SortBV(w), bits: v}
}

// BVInt returns the bit-vector constant of width w that represents v in
// two's complement (so BVInt(-1, 8) is 0xff).
func BVInt(v int64, w int) *Term {
	if e := checkWidth("bv", w); e != nil {
		return e
	}
	if w <= 64 {
		return BV(uint64(v), w)
	}
	z := big.NewInt(v)
	if v < 0 {
		z.Add(z, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return &Term{kind: kConst, sort: SortBV(w), big: z}
}

// BVBig returns the bit-vector constant of width w with value v modulo 2^w.
func BVBig(v *big.Int, w int) *Term {
	if e := checkWidth("bv", w); e != nil {
		return e
	}
	if v == nil {
		return bad("bv", "nil value")
	}
	z := new(big.Int).Mod(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	if z.IsUint64() && w <= 64 {
		return &Term{kind: kConst, sort: SortBV(w), bits: z.Uint64()}
	}
	return &Term{kind: kConst, sort: SortBV(w), big: z}
}

// IntVar returns the integer variable of the given name.
func IntVar(name string) *Term { return &Term{kind: kVar, sort: SortInt, name: name} }

// Int returns the integer constant v.
func Int(v int64) *Term { return &Term{kind: kConst, sort: SortInt, big: big.NewInt(v)} }

// BigInt returns the integer constant v.
func BigInt(v *big.Int) *Term {
	if v == nil {
		return bad("int", "nil value")
	}
	return &Term{kind: kConst, sort: SortInt, big: new(big.Int).Set(v)}
}

// ---- Boolean structure ----

func allBool(op string, ts []*Term) *Term {
	if e := check(op, ts); e != nil {
		return e
	}
	for _, t := range ts {
		if t.sort.Kind != BoolSort {
			return bad(op, "operands must be Bool", ts...)
		}
	}
	return nil
}

// Not returns ¬t.
func Not(t *Term) *Term {
	if e := allBool("not", []*Term{t}); e != nil {
		return e
	}
	return app(z3.OpNot, SortBool, t)
}

// And returns the conjunction of ts; And() is true.
func And(ts ...*Term) *Term {
	if e := allBool("and", ts); e != nil {
		return e
	}
	switch len(ts) {
	case 0:
		return trueTerm
	case 1:
		return ts[0]
	}
	return app(z3.OpAnd, SortBool, append([]*Term(nil), ts...)...)
}

// Or returns the disjunction of ts; Or() is false.
func Or(ts ...*Term) *Term {
	if e := allBool("or", ts); e != nil {
		return e
	}
	switch len(ts) {
	case 0:
		return falseTerm
	case 1:
		return ts[0]
	}
	return app(z3.OpOr, SortBool, append([]*Term(nil), ts...)...)
}

// Implies returns a ⇒ b.
func Implies(a, b *Term) *Term {
	if e := allBool("=>", []*Term{a, b}); e != nil {
		return e
	}
	return app(z3.OpImplies, SortBool, a, b)
}

// Iff returns a ⇔ b.
func Iff(a, b *Term) *Term {
	if e := allBool("iff", []*Term{a, b}); e != nil {
		return e
	}
	return app(z3.OpIff, SortBool, a, b)
}

// Xor returns a ⊕ b on Booleans.
func Xor(a, b *Term) *Term {
	if e := allBool("xor", []*Term{a, b}); e != nil {
		return e
	}
	return app(z3.OpXor, SortBool, a, b)
}

func sameSort(op string, ts []*Term) *Term {
	if e := check(op, ts); e != nil {
		return e
	}
	for _, t := range ts[1:] {
		if t.sort != ts[0].sort {
			return bad(op, "operands must have the same sort", ts...)
		}
	}
	return nil
}

// Eq returns a = b; a and b must have the same sort.
func Eq(a, b *Term) *Term {
	if e := sameSort("=", []*Term{a, b}); e != nil {
		return e
	}
	return app(z3.OpEq, SortBool, a, b)
}

// Distinct returns the constraint that ts are pairwise different; all must
// have the same sort, and at least one is needed.
func Distinct(ts ...*Term) *Term {
	if len(ts) == 0 {
		return bad("distinct", "at least one operand")
	}
	if e := sameSort("distinct", ts); e != nil {
		return e
	}
	if len(ts) == 1 {
		return trueTerm
	}
	return app(z3.OpDistinct, SortBool, append([]*Term(nil), ts...)...)
}

// Ite returns if c then a else b; c is Bool, a and b have the same sort.
func Ite(c, a, b *Term) *Term {
	if e := check("ite", []*Term{c, a, b}); e != nil {
		return e
	}
	if c.sort.Kind != BoolSort || a.sort != b.sort {
		return bad("ite", "want (Bool, T, T)", c, a, b)
	}
	return app(z3.OpIte, a.sort, c, a, b)
}

// ---- Arithmetic on bit-vectors and integers ----

func arith(op string, bvOp, intOp z3.Op, a, b *Term) *Term {
	args := []*Term{a, b}
	if e := sameSort(op, args); e != nil {
		return e
	}
	switch {
	case a.sort.Kind == BVSort && bvOp != 0:
		return app(bvOp, a.sort, a, b)
	case a.sort.Kind == IntSort && intOp != 0:
		return app(intOp, a.sort, a, b)
	}
	want := "bit-vector or Int operands"
	if bvOp == 0 {
		want = "Int operands"
	} else if intOp == 0 {
		want = "bit-vector operands"
	}
	return bad(op, want, a, b)
}

// Add returns a + b (bit-vectors wrap around; Int is exact).
func Add(a, b *Term) *Term { return arith("add", z3.OpBVAdd, z3.OpAdd, a, b) }

// Sub returns a - b.
func Sub(a, b *Term) *Term { return arith("sub", z3.OpBVSub, z3.OpSub, a, b) }

// Mul returns a * b.
func Mul(a, b *Term) *Term { return arith("mul", z3.OpBVMul, z3.OpMul, a, b) }

// Neg returns -t.
func Neg(t *Term) *Term {
	if e := check("neg", []*Term{t}); e != nil {
		return e
	}
	switch t.sort.Kind {
	case BVSort:
		return app(z3.OpBVNeg, t.sort, t)
	case IntSort:
		return app(z3.OpNeg, t.sort, t)
	}
	return bad("neg", "bit-vector or Int operand", t)
}

// SDiv returns the signed bit-vector quotient, truncated toward zero as in
// Go. Division by zero is defined by SMT-LIB (not a panic): a Go encoder
// must test the divisor itself.
func SDiv(a, b *Term) *Term { return arith("bvsdiv", z3.OpBVSDiv, 0, a, b) }

// UDiv returns the unsigned quotient; a/0 is all ones.
func UDiv(a, b *Term) *Term { return arith("bvudiv", z3.OpBVUDiv, 0, a, b) }

// SRem returns the signed remainder with the sign of a, as Go's %.
func SRem(a, b *Term) *Term { return arith("bvsrem", z3.OpBVSRem, 0, a, b) }

// URem returns the unsigned remainder; a%0 is a.
func URem(a, b *Term) *Term { return arith("bvurem", z3.OpBVURem, 0, a, b) }

// SMod returns the signed remainder with the sign of b.
func SMod(a, b *Term) *Term { return arith("bvsmod", z3.OpBVSMod, 0, a, b) }

// Shl returns a << b; both have the same width and shifting by >= the
// width gives 0, as in Go.
func Shl(a, b *Term) *Term { return arith("bvshl", z3.OpBVShl, 0, a, b) }

// LShr returns the logical (unsigned) right shift.
func LShr(a, b *Term) *Term { return arith("bvlshr", z3.OpBVLShr, 0, a, b) }

// AShr returns the arithmetic (signed) right shift.
func AShr(a, b *Term) *Term { return arith("bvashr", z3.OpBVAShr, 0, a, b) }

// BVAnd returns the bitwise and.
func BVAnd(a, b *Term) *Term { return arith("bvand", z3.OpBVAnd, 0, a, b) }

// BVOr returns the bitwise or.
func BVOr(a, b *Term) *Term { return arith("bvor", z3.OpBVOr, 0, a, b) }

// BVXor returns the bitwise exclusive or.
func BVXor(a, b *Term) *Term { return arith("bvxor", z3.OpBVXor, 0, a, b) }

// BVNot returns the bitwise complement.
func BVNot(t *Term) *Term {
	if e := check("bvnot", []*Term{t}); e != nil {
		return e
	}
	if t.sort.Kind != BVSort {
		return bad("bvnot", "bit-vector operand", t)
	}
	return app(z3.OpBVNot, t.sort, t)
}

// Div returns the integer quotient (SMT-LIB: the remainder Mod is
// non-negative); defined but unspecified for b = 0.
func Div(a, b *Term) *Term { return arith("div", 0, z3.OpDiv, a, b) }

// Mod returns the non-negative integer remainder (SMT-LIB mod).
func Mod(a, b *Term) *Term { return arith("mod", 0, z3.OpMod, a, b) }

// Rem returns the integer remainder with the sign of b (SMT-LIB rem).
func Rem(a, b *Term) *Term { return arith("rem", 0, z3.OpRem, a, b) }

func cmp(op string, bvOp, intOp z3.Op, a, b *Term) *Term {
	t := arith(op, bvOp, intOp, a, b)
	if t.err == nil {
		t.sort = SortBool
	}
	return t
}

// SLT returns a < b on signed bit-vectors.
func SLT(a, b *Term) *Term { return cmp("bvslt", z3.OpBVSLT, 0, a, b) }

// SLE returns a <= b on signed bit-vectors.
func SLE(a, b *Term) *Term { return cmp("bvsle", z3.OpBVSLE, 0, a, b) }

// SGT returns a > b on signed bit-vectors.
func SGT(a, b *Term) *Term { return cmp("bvsgt", z3.OpBVSGT, 0, a, b) }

// SGE returns a >= b on signed bit-vectors.
func SGE(a, b *Term) *Term { return cmp("bvsge", z3.OpBVSGE, 0, a, b) }

// ULT returns a < b on unsigned bit-vectors.
func ULT(a, b *Term) *Term { return cmp("bvult", z3.OpBVULT, 0, a, b) }

// ULE returns a <= b on unsigned bit-vectors.
func ULE(a, b *Term) *Term { return cmp("bvule", z3.OpBVULE, 0, a, b) }

// UGT returns a > b on unsigned bit-vectors.
func UGT(a, b *Term) *Term { return cmp("bvugt", z3.OpBVUGT, 0, a, b) }

// UGE returns a >= b on unsigned bit-vectors.
func UGE(a, b *Term) *Term { return cmp("bvuge", z3.OpBVUGE, 0, a, b) }

// Lt returns a < b on integers.
func Lt(a, b *Term) *Term { return cmp("<", 0, z3.OpLT, a, b) }

// Le returns a <= b on integers.
func Le(a, b *Term) *Term { return cmp("<=", 0, z3.OpLE, a, b) }

// Gt returns a > b on integers.
func Gt(a, b *Term) *Term { return cmp(">", 0, z3.OpGT, a, b) }

// Ge returns a >= b on integers.
func Ge(a, b *Term) *Term { return cmp(">=", 0, z3.OpGE, a, b) }

// ---- Width changes ----

func bvOperand(op string, t *Term) *Term {
	if e := check(op, []*Term{t}); e != nil {
		return e
	}
	if t.sort.Kind != BVSort {
		return bad(op, "bit-vector operand", t)
	}
	return nil
}

// ZeroExt returns t extended by k zero bits (k >= 0).
func ZeroExt(t *Term, k int) *Term {
	if e := bvOperand("zero_extend", t); e != nil {
		return e
	}
	if k < 0 || t.sort.Width+k > MaxWidth {
		return bad("zero_extend", fmt.Sprintf("extension by %d bits", k), t)
	}
	if k == 0 {
		return t
	}
	r := app(z3.OpZeroExt, SortBV(t.sort.Width+k), t)
	r.p1 = k
	return r
}

// SignExt returns t extended by k copies of its sign bit (k >= 0).
func SignExt(t *Term, k int) *Term {
	if e := bvOperand("sign_extend", t); e != nil {
		return e
	}
	if k < 0 || t.sort.Width+k > MaxWidth {
		return bad("sign_extend", fmt.Sprintf("extension by %d bits", k), t)
	}
	if k == 0 {
		return t
	}
	r := app(z3.OpSignExt, SortBV(t.sort.Width+k), t)
	r.p1 = k
	return r
}

// Extract returns bits hi..lo of t (width hi-lo+1), with
// width(t) > hi >= lo >= 0.
func Extract(t *Term, hi, lo int) *Term {
	if e := bvOperand("extract", t); e != nil {
		return e
	}
	if lo < 0 || hi < lo || hi >= t.sort.Width {
		return bad("extract", fmt.Sprintf("bits [%d:%d] outside the operand", hi, lo), t)
	}
	r := app(z3.OpExtract, SortBV(hi-lo+1), t)
	r.p1, r.p2 = hi, lo
	return r
}

// Concat returns the bit-vector whose high bits are a and low bits are b.
func Concat(a, b *Term) *Term {
	if e := check("concat", []*Term{a, b}); e != nil {
		return e
	}
	if a.sort.Kind != BVSort || b.sort.Kind != BVSort || a.sort.Width+b.sort.Width > MaxWidth {
		return bad("concat", "bit-vector operands", a, b)
	}
	return app(z3.OpConcat, SortBV(a.sort.Width+b.sort.Width), a, b)
}

// BVToInt returns the integer value of t, read as signed or unsigned.
func BVToInt(t *Term, signed bool) *Term {
	if e := bvOperand("bv2int", t); e != nil {
		return e
	}
	r := app(z3.OpBV2Int, SortInt, t)
	if signed {
		r.p1 = 1
	}
	return r
}

// IntToBV returns t modulo 2^w as a bit-vector of width w.
func IntToBV(t *Term, w int) *Term {
	if e := check("int2bv", []*Term{t}); e != nil {
		return e
	}
	if t.sort.Kind != IntSort {
		return bad("int2bv", "Int operand", t)
	}
	if e := checkWidth("int2bv", w); e != nil {
		return e
	}
	r := app(z3.OpInt2BV, SortBV(w), t)
	r.p1 = w
	return r
}
