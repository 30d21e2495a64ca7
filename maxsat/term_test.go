package maxsat

import (
	"errors"
	"flag"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := 0; i < max(len(wl), len(gl)); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("%s differs at line %d:\nwant %q\ngot  %q\n(run with -update to accept)", path, i+1, w, g)
			}
		}
	}
}

func TestSorts(t *testing.T) {
	a8, b8, c16 := BVVar("a", 8), BVVar("b", 8), BVVar("c", 16)
	p, q := BoolVar("p"), BoolVar("q")
	i, j := IntVar("i"), IntVar("j")
	tests := []struct {
		name string
		t    *Term
		want Sort
	}{
		{"bool var", p, SortBool},
		{"and", And(p, q, Not(p)), SortBool},
		{"empty and", And(), SortBool},
		{"empty or", Or(), SortBool},
		{"bv add", Add(a8, b8), SortBV(8)},
		{"int add", Add(i, j), SortInt},
		{"bv cmp", SLT(a8, b8), SortBool},
		{"int cmp", Le(i, Int(3)), SortBool},
		{"ite", Ite(p, a8, b8), SortBV(8)},
		{"eq", Eq(c16, BV(7, 16)), SortBool},
		{"zext", ZeroExt(a8, 8), SortBV(16)},
		{"sext", SignExt(a8, 56), SortBV(64)},
		{"extract", Extract(c16, 11, 4), SortBV(8)},
		{"concat", Concat(a8, c16), SortBV(24)},
		{"wide", Concat(BVVar("w", 64), BVVar("w", 64)), SortBV(128)},
		{"bv2int", BVToInt(a8, true), SortInt},
		{"int2bv", IntToBV(i, 32), SortBV(32)},
		{"neg int", Neg(i), SortInt},
		{"distinct", Distinct(a8, b8, BV(1, 8)), SortBool},
		{"shift", Shl(a8, BV(9, 8)), SortBV(8)},
	}
	for _, tc := range tests {
		if err := tc.t.Err(); err != nil {
			t.Errorf("%s: unexpected error %v", tc.name, err)
		} else if got := tc.t.Sort(); got != tc.want {
			t.Errorf("%s: sort %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestIllSorted(t *testing.T) {
	a8, c16 := BVVar("a", 8), BVVar("c", 16)
	p, i := BoolVar("p"), IntVar("i")
	tests := []struct {
		name string
		t    *Term
		op   string
	}{
		{"add widths", Add(a8, c16), "add"},
		{"add bool", Add(p, p), "add"},
		{"add mixed", Add(a8, i), "add"},
		{"sdiv int", SDiv(i, i), "bvsdiv"},
		{"div bv", Div(a8, a8), "div"},
		{"not bv", Not(a8), "not"},
		{"and int", And(p, i), "and"},
		{"eq sorts", Eq(a8, c16), "="},
		{"ite cond", Ite(a8, p, p), "ite"},
		{"ite arms", Ite(p, a8, c16), "ite"},
		{"slt int", SLT(i, i), "bvslt"},
		{"lt bv", Lt(a8, a8), "<"},
		{"extract range", Extract(a8, 8, 0), "extract"},
		{"extract order", Extract(a8, 2, 3), "extract"},
		{"zext negative", ZeroExt(a8, -1), "zero_extend"},
		{"zero width", BVVar("z", 0), "bvvar"},
		{"too wide", BV(0, MaxWidth+1), "bv"},
		{"nil operand", Add(nil, a8), "add"},
		{"distinct empty", Distinct(), "distinct"},
		{"int2bv bool", IntToBV(p, 8), "int2bv"},
		{"bvnot int", BVNot(i), "bvnot"},
		{"neg bool", Neg(p), "neg"},
		{"big nil", BigInt(nil), "int"},
		{"propagates", Eq(Add(a8, c16), a8), "add"},
		{"propagates deep", Not(And(p, Eq(Mul(a8, c16), a8))), "mul"},
	}
	for _, tc := range tests {
		var se *SortError
		if err := tc.t.Err(); !errors.As(err, &se) {
			t.Errorf("%s: err = %v, want *SortError", tc.name, err)
		} else if se.Op != tc.op {
			t.Errorf("%s: op %q, want %q (%v)", tc.name, se.Op, tc.op, se)
		} else if !strings.HasPrefix(se.Error(), "maxsat: ") {
			t.Errorf("%s: error %q lacks the package prefix", tc.name, se)
		}
		if tc.t.Sort() != (Sort{}) {
			t.Errorf("%s: ill-sorted term has sort %v", tc.name, tc.t.Sort())
		}
	}
	var nilTerm *Term
	if nilTerm.Err() == nil {
		t.Error("nil term: no error")
	}
}

func TestTermStringGolden(t *testing.T) {
	a, b := BVVar("a", 32), BVVar("b", 32)
	terms := []*Term{
		Or(BoolVar("ab_s1"), Eq(BVVar("v1", 32), Add(a, BV(7, 32)))),
		Iff(BoolVar("g3"), SLT(a, b)),
		Eq(BVVar("v2", 8), Ite(BoolVar("g3"), Extract(a, 7, 0), BVInt(-1, 8))),
		Implies(Not(Eq(b, BV(0, 32))), Eq(SDiv(a, b), SRem(a, b))),
		Le(Add(IntVar("i"), Int(-3)), BigInt(new(big.Int).Lsh(big.NewInt(1), 70))),
		Eq(ZeroExt(a, 32), SignExt(b, 32)),
		Eq(BVToInt(a, true), BVToInt(b, false)),
		Eq(IntToBV(IntVar("i"), 16), BVBig(big.NewInt(-2), 16)),
		Distinct(a, b, BVInt(-5, 32)),
		Xor(True(), False()),
		Add(a, BVVar("c", 8)),
	}
	var sb strings.Builder
	for _, x := range terms {
		sb.WriteString(x.Sort().String())
		sb.WriteString("\t")
		sb.WriteString(x.String())
		sb.WriteString("\n")
	}
	golden(t, "terms.golden", sb.String())
}

func TestConstants(t *testing.T) {
	tests := []struct {
		t    *Term
		want string
	}{
		{BV(0x1ff, 8), "(_ bv255 8)"},
		{BVInt(-1, 8), "(_ bv255 8)"},
		{BVInt(-1, 64), "(_ bv18446744073709551615 64)"},
		{BVInt(-1, 72), "(_ bv4722366482869645213695 72)"},
		{BVBig(big.NewInt(-1), 4), "(_ bv15 4)"},
		{BV(1<<63+1, 64), "(_ bv9223372036854775809 64)"},
		{BoolConst(true), "true"},
		{Int(-12), "-12"},
	}
	for _, tc := range tests {
		if got := tc.t.String(); got != tc.want {
			t.Errorf("got %s, want %s", got, tc.want)
		}
	}
}

func TestLiftIte(t *testing.T) {
	a, b, c := BVVar("a", 8), BVVar("b", 8), BoolVar("c")
	ite := Ite(c, a, BV(1, 8))
	tests := []struct {
		t    *Term
		want string
	}{
		{Eq(b, ite), "(ite c (= b a) (= b (_ bv1 8)))"},
		{SLT(ite, b), "(ite c (bvslt a b) (bvslt (_ bv1 8) b))"},
		{Eq(ite, ite), ""},        // two ite operands: left alone
		{Eq(Add(ite, a), b), ""},  // ite below arithmetic: left alone
		{Distinct(ite, a, b), ""}, // not a binary predicate
		{Eq(BoolVar("p"), Ite(c, BoolVar("q"), False())), "(ite c (= p q) (= p false))"},
	}
	for _, tc := range tests {
		got := ""
		if l := liftIte(tc.t); l != nil {
			got = l.String()
		}
		if got != tc.want {
			t.Errorf("liftIte(%v) = %q, want %q", tc.t, got, tc.want)
		}
	}
}
