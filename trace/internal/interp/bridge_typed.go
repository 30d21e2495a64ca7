package interp

import "go/types"

// typedBridge returns the bridge of f, a function of the bridge's table
// (stdtable.Funcs) called as fn with signature sig, when f's type is one
// of the signatures over strings, runes, bytes, ints and bools that text
// code calls in its inner loops (utf8.DecodeRuneInString, utf8.RuneLen,
// unicode.IsLetter, strings.HasPrefix, strings.Index...), or over
// integers and floats that bit and number code calls in its inner loops
// (math/bits' counts, rotations and carries, math's bit conversions and
// classifications, strconv.Itoa; see typedWordCall): the bridge
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
	return typedCall(f)
}

// typedCall returns the bridge that calls f directly, if f's type is one
// of the signatures typedBridge knows, else nil.
func typedCall(f any) extFunc {
	if ext := typedWordCall(f); ext != nil {
		return ext
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

// word is the integer types a typed bridge passes and returns.
type word interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// wordArg is v, an interpreted integer, as a T: its bits truncated, as
// reflectCall's SetInt and SetUint do.
func wordArg[T word](v Value) T { return T(v.n) }

// wordRes is x as an interpreted integer: a KindInt for a signed T, a
// KindUint for an unsigned one, as fromNative makes them.
func wordRes[T word](x T) Value {
	if ^T(0) < 0 {
		return Int(int64(x))
	}
	return Uint(uint64(x))
}

// The typed bridges over words, by shape: wN takes N words and returns
// one; w3x2 and w2x2 return two (bits.Add64, bits.Mul64).
func w1[A, R word](f func(A) R) extFunc {
	return func(_ *run, _ *frame, _ *ins, a []Value) Value { return wordRes(f(wordArg[A](a[0]))) }
}

func w2[A, B, R word](f func(A, B) R) extFunc {
	return func(_ *run, _ *frame, _ *ins, a []Value) Value {
		return wordRes(f(wordArg[A](a[0]), wordArg[B](a[1])))
	}
}

func w3[T word](f func(T, T, T) T) extFunc {
	return func(_ *run, _ *frame, _ *ins, a []Value) Value {
		return wordRes(f(wordArg[T](a[0]), wordArg[T](a[1]), wordArg[T](a[2])))
	}
}

func w2x2[T word](f func(T, T) (T, T)) extFunc {
	return func(_ *run, _ *frame, _ *ins, a []Value) Value {
		x, y := f(wordArg[T](a[0]), wordArg[T](a[1]))
		return Tuple(wordRes(x), wordRes(y))
	}
}

func w3x2[T word](f func(T, T, T) (T, T)) extFunc {
	return func(_ *run, _ *frame, _ *ins, a []Value) Value {
		x, y := f(wordArg[T](a[0]), wordArg[T](a[1]), wordArg[T](a[2]))
		return Tuple(wordRes(x), wordRes(y))
	}
}

// typedWordCall is typedCall for the signatures over integers and
// floats: math/bits (OnesCount, LeadingZeros, TrailingZeros, Len,
// Reverse, ReverseBytes, RotateLeft, Add, Sub, Mul, Div, Rem at every
// width), math (Float64bits and back, Abs, Floor, Sqrt..., Max, Min,
// Pow..., IsNaN, IsInf, Signbit, Inf), strconv (Itoa, FormatInt,
// FormatUint). A float argument is v.Float() rounded to the parameter's
// type, as reflectCall's SetFloat.
func typedWordCall(f any) extFunc {
	switch f := f.(type) {
	case func(uint64) int:
		return w1(f)
	case func(uint32) int:
		return w1(f)
	case func(uint16) int:
		return w1(f)
	case func(uint8) int:
		return w1(f)
	case func(uint) int:
		return w1(f)
	case func(uint64) uint64:
		return w1(f)
	case func(uint32) uint32:
		return w1(f)
	case func(uint16) uint16:
		return w1(f)
	case func(uint8) uint8:
		return w1(f)
	case func(uint) uint:
		return w1(f)
	case func(int) int: // hex.EncodedLen
		return w1(f)
	case func(int32) int32: // unicode.ToUpper, ToLower, SimpleFold
		return w1(f)
	case func(uint64, int) uint64:
		return w2(f)
	case func(uint32, int) uint32:
		return w2(f)
	case func(uint16, int) uint16:
		return w2(f)
	case func(uint8, int) uint8:
		return w2(f)
	case func(uint, int) uint:
		return w2(f)
	case func(uint64, uint64, uint64) uint64:
		return w3(f)
	case func(uint32, uint32, uint32) uint32:
		return w3(f)
	case func(uint, uint, uint) uint:
		return w3(f)
	case func(uint64, uint64) (uint64, uint64):
		return w2x2(f)
	case func(uint32, uint32) (uint32, uint32):
		return w2x2(f)
	case func(uint, uint) (uint, uint):
		return w2x2(f)
	case func(uint64, uint64, uint64) (uint64, uint64):
		return w3x2(f)
	case func(uint32, uint32, uint32) (uint32, uint32):
		return w3x2(f)
	case func(uint, uint, uint) (uint, uint):
		return w3x2(f)
	case func() float64: // math.NaN
		return func(_ *run, _ *frame, _ *ins, _ []Value) Value { return Float(f()) }
	case func(float64) float64:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Float(f(a[0].Float())) }
	case func(float64, float64) float64:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Float(f(a[0].Float(), a[1].Float())) }
	case func(float64) uint64:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Uint(f(a[0].Float())) }
	case func(uint64) float64:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Float(f(a[0].n)) }
	case func(float32) uint32:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Uint(uint64(f(float32(a[0].Float())))) }
	case func(uint32) float32:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Float(float64(f(uint32(a[0].n)))) }
	case func(float64) bool:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Bool(f(a[0].Float())) }
	case func(float64, int) bool:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Bool(f(a[0].Float(), int(a[1].Int()))) }
	case func(int) float64:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return Float(f(int(a[0].Int()))) }
	case func(int) string:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return String(f(int(a[0].Int()))) }
	case func(int64, int) string:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return String(f(a[0].Int(), int(a[1].Int()))) }
	case func(uint64, int) string:
		return func(_ *run, _ *frame, _ *ins, a []Value) Value { return String(f(a[0].n, int(a[1].Int()))) }
	}
	return nil
}
