package maxsat

import (
	"github.com/faultloc/faultloc/internal/z3"
)

// String terms (Z3 sequences of characters).

// StringVar returns the String variable named name.
func StringVar(name string) *Term { return &Term{kind: kVar, sort: SortString, name: name} }

// Str returns the String constant whose characters are the bytes of v.
func Str(v string) *Term { return &Term{kind: kConst, sort: SortString, str: v} }

// strOperands returns an error term unless every operand is a String.
func strOperands(op string, ts ...*Term) *Term {
	if e := check(op, ts); e != nil {
		return e
	}
	for _, t := range ts {
		if t.sort.Kind != StringSort {
			return bad(op, "String operands", ts...)
		}
	}
	return nil
}

// StrConcat returns the concatenation of one or more Strings.
func StrConcat(ts ...*Term) *Term {
	if len(ts) == 0 {
		return bad("str.++", "at least one operand")
	}
	if e := strOperands("str.++", ts...); e != nil {
		return e
	}
	if len(ts) == 1 {
		return ts[0]
	}
	return app(z3.OpStrConcat, SortString, ts...)
}

// StrLen returns the length of a String (an Int).
func StrLen(t *Term) *Term {
	if e := strOperands("str.len", t); e != nil {
		return e
	}
	return app(z3.OpStrLen, SortInt, t)
}

// intStrOperands returns an error term unless s is a String and every
// n an Int.
func intStrOperands(op string, s *Term, ns ...*Term) *Term {
	if e := check(op, append([]*Term{s}, ns...)); e != nil {
		return e
	}
	ok := s.sort.Kind == StringSort
	for _, n := range ns {
		ok = ok && n.sort.Kind == IntSort
	}
	if !ok {
		return bad(op, "a String and Int operands", append([]*Term{s}, ns...)...)
	}
	return nil
}

// Substr returns the n bytes of s from offset off (SMT-LIB's str.substr:
// fewer at the end of s, the empty string for a negative off or n, or an
// off past the end).
func Substr(s, off, n *Term) *Term {
	if e := intStrOperands("str.substr", s, off, n); e != nil {
		return e
	}
	return app(z3.OpStrSubstr, SortString, s, off, n)
}

// StrAt returns the String of the one byte of s at index i, or the empty
// string if i is out of range.
func StrAt(s, i *Term) *Term {
	if e := intStrOperands("str.at", s, i); e != nil {
		return e
	}
	return app(z3.OpStrAt, SortString, s, i)
}

// IntToStr returns the decimal digits of a non-negative Int (without
// leading zeros), and the empty string for a negative one (SMT-LIB's
// str.from_int).
func IntToStr(n *Term) *Term {
	if e := check("str.from_int", []*Term{n}); e != nil {
		return e
	}
	if n.sort.Kind != IntSort {
		return bad("str.from_int", "Int operand", n)
	}
	return app(z3.OpIntToStr, SortString, n)
}

// StrPrefixOf returns whether p is a prefix of s.
func StrPrefixOf(p, s *Term) *Term {
	if e := strOperands("str.prefixof", p, s); e != nil {
		return e
	}
	return app(z3.OpStrPrefixOf, SortBool, p, s)
}

// StrBytes returns the constraint that every character of s is a byte
// (below 0x100). Z3's characters go up to 0x2FFFF, so a model may give a
// String variable characters no Go string has; this constraint excludes
// them, at a cost: it is a regular-expression membership, which slowed
// Z3 4.8.12 a hundredfold on trace formulas (package encode does not use
// it). A model string with such a character reads back with a \u{...}
// escape in its place.
func StrBytes(s *Term) *Term {
	if e := strOperands("str.bytes", s); e != nil {
		return e
	}
	return app(z3.OpStrBytes, SortBool, s)
}

// StrSuffixOf returns whether p is a suffix of s.
func StrSuffixOf(p, s *Term) *Term {
	if e := strOperands("str.suffixof", p, s); e != nil {
		return e
	}
	return app(z3.OpStrSuffixOf, SortBool, p, s)
}

// StrContains returns whether t occurs in s.
func StrContains(s, t *Term) *Term {
	if e := strOperands("str.contains", s, t); e != nil {
		return e
	}
	return app(z3.OpStrContains, SortBool, s, t)
}

// StrIndexOf returns the index (an Int) of the first occurrence of t in s
// at or after off, or -1 if there is none (SMT-LIB's str.indexof).
func StrIndexOf(s, t, off *Term) *Term {
	if e := check("str.indexof", []*Term{s, t, off}); e != nil {
		return e
	}
	if s.sort.Kind != StringSort || t.sort.Kind != StringSort || off.sort.Kind != IntSort {
		return bad("str.indexof", "two Strings and an Int", s, t, off)
	}
	return app(z3.OpStrIndexOf, SortInt, s, t, off)
}
