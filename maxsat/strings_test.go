package maxsat

import (
	"context"
	"errors"
	"testing"
)

// TestStringMCS is a small trace formula over strings: a greeting built
// as prefix ++ sep ++ name, with the test expecting "hello, bob" and the
// run computing "hello; bob". The statements are soft; the only MCS of
// size one is the separator's, and its model gives the angelic ", ".
func TestStringMCS(t *testing.T) {
	s := newSolver(t, nil)
	prefix, sep, name, out := StringVar("prefix"), StringVar("sep"), StringVar("name"), StringVar("out")
	soft := map[string]*Term{
		"L1": Eq(prefix, Str("hello")),
		"L2": Eq(sep, Str("; ")),
		"L3": Eq(name, Str("bob")),
	}
	for _, g := range []string{"L1", "L2", "L3"} {
		if err := s.AddSoft(soft[g], 1, g); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range []*Term{
		Eq(out, StrConcat(prefix, sep, name)),
		Eq(out, Str("hello, bob")),
		// The name is read elsewhere too: it must stay three bytes long.
		Eq(StrLen(name), Int(3)),
		StrPrefixOf(Str("he"), prefix),
	} {
		if err := s.AddHard(h); err != nil {
			t.Fatal(err)
		}
	}
	m, err := s.NextMCS(context.Background(), Bounds{MaxSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Groups) != 1 || m.Groups[0] != "L2" {
		t.Fatalf("MCS = %v, want [L2]", m.Groups)
	}
	got, err := m.Model.Str(sep)
	if err != nil || got != ", " {
		t.Fatalf("angelic sep = %q, %v; want \", \"", got, err)
	}
	if v, err := m.Model.Eval(StrConcat(prefix, sep, name)); err != nil || v.String() != `"hello, bob"` {
		t.Fatalf("out = %v, %v", v, err)
	}
	if err := s.Block(m.Groups); err != nil {
		t.Fatal(err)
	}
	if m2, err := s.NextMCS(context.Background(), Bounds{MaxSize: 1}); !errors.Is(err, ErrExhausted) {
		t.Fatalf("second MCS of size 1: %v, %v, want ErrExhausted", m2, err)
	}
}

// TestStringTerms checks the string operations' sorts and values against
// Go's strings, and that ill-sorted uses are errors.
func TestStringTerms(t *testing.T) {
	m := anyModel(t)
	abc := Str("a\x00b\xffc")
	tests := []struct {
		term *Term
		want string
	}{
		{StrLen(abc), "5"},
		{StrConcat(abc, Str("")), `"a\x00b\xffc"`},
		{Substr(abc, Int(1), Int(3)), `"\x00b\xff"`},
		{Substr(abc, Int(4), Int(9)), `"c"`},
		{StrAt(abc, Int(3)), `"\xff"`},
		{StrAt(abc, Int(5)), `""`},
		{IntToStr(Int(907)), `"907"`},
		{IntToStr(Int(-3)), `""`},
		{StrIndexOf(Str("a,b,c"), Str(","), Int(2)), "3"},
		{StrIndexOf(Str("abc"), Str("x"), Int(0)), "-1"},
		{StrContains(abc, Str("b\xff")), "true"},
		{StrPrefixOf(Str("a\x00"), abc), "true"},
		{StrSuffixOf(Str("\xffc"), abc), "true"},
		{StrSuffixOf(Str("b"), abc), "false"},
	}
	for _, tc := range tests {
		v, err := m.Eval(tc.term)
		if err != nil || v.String() != tc.want {
			t.Errorf("%s = %v, %v; want %s", tc.term, v, err, tc.want)
		}
	}
	for _, bad := range []*Term{
		StrConcat(Str("a"), BV(1, 8)),
		StrLen(Int(1)),
		StrContains(Str("a"), BoolVar("p")),
		Substr(Str("a"), BV(0, 64), Int(1)),
		IntToStr(Str("1")),
		StrIndexOf(Str("a"), Str("b"), Str("c")),
		Eq(Str("a"), Int(0)),
	} {
		var se *SortError
		if !errors.As(bad.Err(), &se) {
			t.Errorf("%v: Err() = %v, want a *SortError", bad, bad.Err())
		}
	}
	if _, err := m.Str(Int(1)); err == nil {
		t.Error("Model.Str of an Int: no error")
	}
}

// anyModel returns a model of the empty formula, to evaluate constant
// terms in.
func anyModel(t *testing.T) *Model {
	t.Helper()
	s := newSolver(t, nil)
	if err := s.AddHard(True()); err != nil {
		t.Fatal(err)
	}
	m, st, err := s.CheckRelaxed(context.Background(), nil)
	if err != nil || st != Sat {
		t.Fatalf("check: %v %v", st, err)
	}
	return m
}

// TestStringsNotResourceBounded: a check of a formula with strings is
// not stopped by the resource limit (Z3 4.8.12's sequence solver can
// crash the process when it is), while a bit-vector formula's is, and
// ResourceBounded says so.
func TestStringsNotResourceBounded(t *testing.T) {
	x := BVVar("x", 32)
	s := StringVar("s")
	for _, c := range []struct {
		name string
		hard *Term
		want Status
	}{
		{"bit-vectors", And(Eq(Mul(x, Mul(x, x)), BV(4657463, 32)), UGT(x, BV(100, 32))), Unknown},
		{"strings", Eq(StrConcat(s, Str("b")), Str("ab")), Sat},
	} {
		sv := newSolver(t, nil)
		if err := sv.AddHard(c.hard); err != nil {
			t.Fatal(err)
		}
		_, st, err := sv.CheckRelaxedLimit(context.Background(), 1, nil)
		if st != c.want {
			t.Errorf("%s: CheckRelaxedLimit with a resource limit of 1 = %v (%v), want %v", c.name, st, err, c.want)
		}
		if bounded := sv.ResourceBounded(); bounded != (c.want == Unknown) {
			t.Errorf("%s: ResourceBounded() = %v", c.name, bounded)
		}
	}
}
