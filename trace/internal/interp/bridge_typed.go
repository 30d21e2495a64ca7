package interp

import "go/types"

// typedBridge returns the bridge of f, a function of the bridge's table
// (stdtable.Funcs) called as fn with signature sig, when f's type is one
// of the signatures over strings, runes, bytes, ints and bools that text
// code calls in its inner loops (utf8.DecodeRuneInString, utf8.RuneLen,
// unicode.IsLetter, strings.HasPrefix, strings.Index...): the bridge
// calls f directly, where reflectCall goes through reflect.Value.Call and
// converts each argument and result, ten times the cost of the call
// itself. The values are those reflectCall passes and makes (toNative and
// valueOfReflect of basic kinds: an integer is its int64, a bool 0 or 1).
// It returns nil for any other function, a method, or a signature that
// does not match f's exactly (a named type's method expression has its
// own func type, so it never matches).
//
// The functions of these types neither block, call back nor write to
// memory of the run, and take time linear in their arguments at most, so
// the call does not enter native mode (abandon.go) as reflectCall's do: a
// run given up meanwhile ends at the interpreter's next check, a moment
// later. A panic of f unwinds to callExt as reflect.Value.Call's does.
func typedBridge(name string, f any, sig *types.Signature) extFunc {
	if sig.Recv() != nil || sig.Variadic() || outsideFuncs[name] {
		return nil
	}
	switch f := f.(type) {
	case func(string) (rune, int): // utf8.DecodeRuneInString, DecodeLastRuneInString
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			c, n := f(args[0].Str())
			return Tuple(Int(int64(c)), Int(int64(n)))
		}
	case func(rune) int: // utf8.RuneLen
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(rune(args[0].Int()))))
		}
	case func(rune) bool: // unicode.IsLetter, IsSpace..., utf8.ValidRune
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Bool(f(rune(args[0].Int())))
		}
	case func(rune) rune: // unicode.ToUpper, ToLower, SimpleFold
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(rune(args[0].Int()))))
		}
	case func(string) bool: // utf8.ValidString
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Bool(f(args[0].Str()))
		}
	case func(string) int: // utf8.RuneCountInString
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(args[0].Str())))
		}
	case func(string, string) bool: // strings.HasPrefix, Contains, EqualFold
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Bool(f(args[0].Str(), args[1].Str()))
		}
	case func(string, string) int: // strings.Index, LastIndex, Count, Compare
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(args[0].Str(), args[1].Str())))
		}
	case func(string, rune) int: // strings.IndexRune
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(args[0].Str(), rune(args[1].Int()))))
		}
	case func(string, byte) int: // strings.IndexByte, LastIndexByte
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Int(int64(f(args[0].Str(), byte(args[1].n))))
		}
	case func(string, rune) bool: // strings.ContainsRune
		return func(_ *run, _ *frame, _ *ins, args []Value) Value {
			return Bool(f(args[0].Str(), rune(args[1].Int())))
		}
	}
	return nil
}
