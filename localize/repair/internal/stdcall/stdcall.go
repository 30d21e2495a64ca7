// Package stdcall is the table of the standard library's functions that
// repair calls as components: side-effect-free functions of basic
// arguments and one basic result, which the synthesis evaluates natively
// on the values of its instances and the statement guards test.
//
// The table is curated, not derived: the functions the fixes of real
// bugs test their inputs with. The historical bugs of bench/internal
// (strings.ContainsRune for a decimal point, strings.Index for a port,
// strings.TrimSpace), the predicates PAR's and Angelix's templates
// insert (a prefix, an emptiness, a character class) and the
// floating-point checks math offers for NaN and infinities. A function
// is in it only if its result depends on its arguments alone, it cannot
// panic on any argument, and its parameters and result are basic types
// (string, rune, byte, int, float64, bool).
//
//	package       functions
//	strings       Contains ContainsRune ContainsAny HasPrefix HasSuffix
//	              EqualFold Index IndexByte IndexRune IndexAny LastIndex
//	              Count TrimSpace ToLower ToUpper
//	unicode       IsSpace IsDigit IsLetter IsUpper IsLower IsPunct
//	unicode/utf8  RuneCountInString ValidString RuneLen
//	math          IsNaN IsInf Abs
//
// Functions of []byte (bytes.*) and of errors or interfaces are not in
// it: the synthesis' values are of basic types.
package stdcall

import (
	"go/token"
	"go/types"
	"math"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/faultloc/faultloc/trace"
)

// Func is a function of the table.
type Func struct {
	Path   string       // the import path of its package
	Name   string       // its name in the package
	Params []types.Type // basic types
	Result types.Type   // a basic type
	eval   func(args []trace.Value) trace.Value
}

// Package returns the default name of f's package: the last element of
// its import path.
func (f *Func) Package() string { return path.Base(f.Path) }

// Call returns f's result on args, values of its parameters' types; false
// if their number is not f's or one is not of a kind its parameter takes.
func (f *Func) Call(args []trace.Value) (trace.Value, bool) {
	if len(args) != len(f.Params) {
		return trace.Value{}, false
	}
	for i, a := range args {
		if !fits(a, f.Params[i]) {
			return trace.Value{}, false
		}
	}
	return f.eval(args), true
}

// fits reports whether v is a value of basic type t as the interpreter
// represents it.
func fits(v trace.Value, t types.Type) bool {
	info := t.Underlying().(*types.Basic).Info()
	switch v.Kind() {
	case trace.KindString:
		return info&types.IsString != 0
	case trace.KindInt, trace.KindUint:
		return info&types.IsInteger != 0
	case trace.KindFloat:
		return info&types.IsFloat != 0
	case trace.KindBool:
		return info&types.IsBoolean != 0
	}
	return false
}

// Table is the table, in the order above.
var Table = []*Func{
	fn("strings", "Contains", bo, ss(strings.Contains), str, str),
	fn("strings", "ContainsRune", bo, sr(strings.ContainsRune), str, rn),
	fn("strings", "ContainsAny", bo, ss(strings.ContainsAny), str, str),
	fn("strings", "HasPrefix", bo, ss(strings.HasPrefix), str, str),
	fn("strings", "HasSuffix", bo, ss(strings.HasSuffix), str, str),
	fn("strings", "EqualFold", bo, ss(strings.EqualFold), str, str),
	fn("strings", "Index", in, ssi(strings.Index), str, str),
	fn("strings", "IndexByte", in, func(a []trace.Value) trace.Value {
		return trace.Int(int64(strings.IndexByte(a[0].Str(), byte(integer(a[1])))))
	}, str, by),
	fn("strings", "IndexRune", in, func(a []trace.Value) trace.Value {
		return trace.Int(int64(strings.IndexRune(a[0].Str(), rune(integer(a[1])))))
	}, str, rn),
	fn("strings", "IndexAny", in, ssi(strings.IndexAny), str, str),
	fn("strings", "LastIndex", in, ssi(strings.LastIndex), str, str),
	fn("strings", "Count", in, ssi(strings.Count), str, str),
	fn("strings", "TrimSpace", str, s2s(strings.TrimSpace), str),
	fn("strings", "ToLower", str, s2s(strings.ToLower), str),
	fn("strings", "ToUpper", str, s2s(strings.ToUpper), str),
	fn("unicode", "IsSpace", bo, r2b(unicode.IsSpace), rn),
	fn("unicode", "IsDigit", bo, r2b(unicode.IsDigit), rn),
	fn("unicode", "IsLetter", bo, r2b(unicode.IsLetter), rn),
	fn("unicode", "IsUpper", bo, r2b(unicode.IsUpper), rn),
	fn("unicode", "IsLower", bo, r2b(unicode.IsLower), rn),
	fn("unicode", "IsPunct", bo, r2b(unicode.IsPunct), rn),
	fn("unicode/utf8", "RuneCountInString", in, func(a []trace.Value) trace.Value {
		return trace.Int(int64(utf8.RuneCountInString(a[0].Str())))
	}, str),
	fn("unicode/utf8", "ValidString", bo, func(a []trace.Value) trace.Value {
		return trace.Bool(utf8.ValidString(a[0].Str()))
	}, str),
	fn("unicode/utf8", "RuneLen", in, func(a []trace.Value) trace.Value {
		return trace.Int(int64(utf8.RuneLen(rune(integer(a[0])))))
	}, rn),
	fn("math", "IsNaN", bo, func(a []trace.Value) trace.Value { return trace.Bool(math.IsNaN(a[0].Float())) }, f64),
	fn("math", "IsInf", bo, func(a []trace.Value) trace.Value {
		return trace.Bool(math.IsInf(a[0].Float(), int(integer(a[1]))))
	}, f64, in),
	fn("math", "Abs", f64, func(a []trace.Value) trace.Value { return trace.Float(math.Abs(a[0].Float())) }, f64),
}

// The parameter types.
var (
	str = types.Typ[types.String]
	rn  = types.Universe.Lookup("rune").Type()
	by  = types.Universe.Lookup("byte").Type()
	in  = types.Typ[types.Int]
	f64 = types.Typ[types.Float64]
	bo  = types.Typ[types.Bool]
)

// fn returns the Func of path.name of the result type result, whose
// values eval gives.
func fn(path, name string, result types.Type, eval func([]trace.Value) trace.Value, params ...types.Type) *Func {
	return &Func{Path: path, Name: name, Params: params, Result: result, eval: eval}
}

// integer returns an integer value's number, signed or not.
func integer(v trace.Value) int64 {
	if v.Kind() == trace.KindUint {
		return int64(v.Uint())
	}
	return v.Int()
}

func ss(f func(string, string) bool) func([]trace.Value) trace.Value {
	return func(a []trace.Value) trace.Value { return trace.Bool(f(a[0].Str(), a[1].Str())) }
}

func ssi(f func(string, string) int) func([]trace.Value) trace.Value {
	return func(a []trace.Value) trace.Value { return trace.Int(int64(f(a[0].Str(), a[1].Str()))) }
}

func sr(f func(string, rune) bool) func([]trace.Value) trace.Value {
	return func(a []trace.Value) trace.Value { return trace.Bool(f(a[0].Str(), rune(integer(a[1])))) }
}

func s2s(f func(string) string) func([]trace.Value) trace.Value {
	return func(a []trace.Value) trace.Value { return trace.String(f(a[0].Str())) }
}

func r2b(f func(rune) bool) func([]trace.Value) trace.Value {
	return func(a []trace.Value) trace.Value { return trace.Bool(f(rune(integer(a[0])))) }
}

// Imported returns the functions of the table that code at pos in scope
// can call: those whose package the file of scope imports (scope: a
// file's scope or one inside it), each with the name the file gives its
// package, that no declaration visible at pos shadows; a package
// imported as _ or . gives none.
func Imported(scope *types.Scope, pos token.Pos) map[*Func]string {
	at := scope
	for scope != nil && scope.Parent() != nil && scope.Parent().Parent() != types.Universe {
		scope = scope.Parent() // up to the file's scope, under the package's
	}
	if scope == nil {
		return nil
	}
	names := map[string]string{}
	for _, n := range scope.Names() {
		if pn, ok := scope.Lookup(n).(*types.PkgName); ok && n != "_" && n != "." {
			names[pn.Imported().Path()] = n
		}
	}
	out := map[*Func]string{}
	for _, f := range Table {
		n, ok := names[f.Path]
		if !ok {
			continue
		}
		if _, obj := at.LookupParent(n, pos); obj == nil {
			continue
		} else if _, isPkg := obj.(*types.PkgName); !isPkg {
			continue // a local declaration shadows the package
		}
		out[f] = n
	}
	return out
}
