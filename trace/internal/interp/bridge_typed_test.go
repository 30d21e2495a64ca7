package interp

import (
	"go/types"
	"math"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// TestTypedBridge: every function of the bridge's table that typedBridge
// calls directly gives, on strings, runes and bytes at the edges (empty,
// invalid UTF-8, surrogates, past MaxRune, negative), the values
// reflectCall gives through reflect.Value.Call; and the names the test
// expects typed are typed (utf8's decoding, unicode's classes, strings'
// searches), so that a change to the table's types that drops them shows.
func TestTypedBridge(t *testing.T) {
	basic := map[reflect.Kind]types.Type{
		reflect.String: types.Typ[types.String], reflect.Int32: types.Typ[types.Int32],
		reflect.Int: types.Typ[types.Int], reflect.Uint8: types.Typ[types.Uint8], reflect.Bool: types.Typ[types.Bool],
		reflect.Int64: types.Typ[types.Int64], reflect.Uint: types.Typ[types.Uint], reflect.Uint16: types.Typ[types.Uint16],
		reflect.Uint32: types.Typ[types.Uint32], reflect.Uint64: types.Typ[types.Uint64],
		reflect.Float32: types.Typ[types.Float32], reflect.Float64: types.Typ[types.Float64],
	}
	words := []Value{Uint(0), Uint(1), Uint(7), Uint(0x80), Uint(0xFF00), Uint(1 << 31), Uint(0xDEADBEEF12345678), Uint(1 << 63), Uint(math.MaxUint64)}
	samples := map[reflect.Kind][]Value{
		reflect.String:  {String(""), String("héllo, wörld"), String("\xff\xfe a"), String("ab\u0301c"), String("lo"), String("ö")},
		reflect.Int32:   {Int('a'), Int('Z'), Int('é'), Int(' '), Int('5'), Int(0xD800), Int(0x10FFFF), Int(0x110000), Int(-1), Int(0x1F600)},
		reflect.Uint8:   {Uint('l'), Uint(0), Uint(0xC3)},
		reflect.Int:     {Int(0), Int(1), Int(-1), Int(2), Int(10), Int(36), Int(63), Int(-65), Int(math.MaxInt64)},
		reflect.Int64:   {Int(0), Int(-1), Int(1 << 40), Int(math.MinInt64), Int(math.MaxInt64)},
		reflect.Uint:    words,
		reflect.Uint16:  {Uint(0), Uint(1), Uint(0x8001), Uint(math.MaxUint16)},
		reflect.Uint32:  {Uint(0), Uint(3), Uint(1 << 31), Uint(0x7F800001), Uint(math.MaxUint32)},
		reflect.Uint64:  words,
		reflect.Float32: {Float(0), Float(-1.5), Float(float64(float32(0.1))), Float(math.Inf(1))},
		reflect.Float64: {Float(0), Float(math.Copysign(0, -1)), Float(0.1), Float(-2.5), Float(1e300), Float(math.Inf(-1)), Float(math.NaN())},
	}
	tuple := func(ts []reflect.Type) *types.Tuple {
		var vs []*types.Var
		for _, rt := range ts {
			vs = append(vs, types.NewParam(0, nil, "", basic[rt.Kind()]))
		}
		return types.NewTuple(vs...)
	}
	var names []string
	for name := range stdtable.Funcs {
		names = append(names, name)
	}
	sort.Strings(names)
	typed := map[string]bool{}
	for _, name := range names {
		f := stdtable.Funcs[name]
		ft := reflect.TypeOf(f)
		if ft.Kind() != reflect.Func || ft.IsVariadic() {
			continue
		}
		var in, out []reflect.Type
		ok := true
		for i := range ft.NumIn() {
			in = append(in, ft.In(i))
			ok = ok && basic[ft.In(i).Kind()] != nil && ft.In(i).PkgPath() == ""
		}
		for i := range ft.NumOut() {
			out = append(out, ft.Out(i))
			ok = ok && basic[ft.Out(i).Kind()] != nil && ft.Out(i).PkgPath() == ""
		}
		if !ok {
			continue
		}
		sig := types.NewSignatureType(nil, nil, nil, tuple(in), tuple(out), false)
		ext := typedBridge(name, f, sig)
		if ext == nil {
			continue
		}
		typed[name] = true
		// every combination of the samples of the parameters' kinds
		args := [][]Value{nil}
		for _, rt := range in {
			var next [][]Value
			for _, a := range args {
				for _, s := range samples[rt.Kind()] {
					next = append(next, append(append([]Value(nil), a...), s))
				}
			}
			args = next
		}
		for _, a := range args {
			r := &run{}
			want, wantPanic := callOrPanic(func() Value { return r.reflectCall(nil, nil, name, reflect.ValueOf(f), sig, a) })
			got, gotPanic := callOrPanic(func() Value { return ext(r, nil, nil, a) })
			if gotPanic != wantPanic || !sameValue(got, want) {
				t.Errorf("%s%v: typed %v (panics: %v), reflectCall %v (panics: %v)", name, a, got, gotPanic, want, wantPanic)
			}
		}
	}
	for _, name := range []string{
		"unicode/utf8.DecodeRuneInString", "unicode/utf8.DecodeLastRuneInString", "unicode/utf8.RuneLen",
		"unicode/utf8.ValidString", "unicode/utf8.RuneCountInString", "unicode.IsLetter", "unicode.ToUpper",
		"strings.HasPrefix", "strings.Index", "strings.IndexByte", "strings.IndexRune", "strings.ContainsRune",
		"math/bits.OnesCount64", "math/bits.TrailingZeros", "math/bits.LeadingZeros32", "math/bits.Len8",
		"math/bits.RotateLeft64", "math/bits.ReverseBytes16", "math/bits.Add64", "math/bits.Mul", "math/bits.Div64",
		"math/bits.Rem32", "math.Float64bits", "math.Float32frombits", "math.Abs", "math.Max", "math.IsNaN",
		"math.IsInf", "math.Inf", "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint",
	} {
		if !typed[name] {
			t.Errorf("%s is not called directly (typedBridge)", name)
		}
	}
}

// callOrPanic returns what f returns, or whether it panicked.
func callOrPanic(f func() Value) (v Value, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	return f(), false
}

// sameValue reports whether a and b are Equal, floats by their bits, so
// that NaNs compare.
func sameValue(a, b Value) bool {
	if a.k == KindFloat && b.k == KindFloat {
		return a.n == b.n
	}
	return Equal(a, b)
}

// TestTypedRecvCall: the methods typedMethodBridge calls directly (a
// seeded generator's of math/rand and math/rand/v2, a strings.Builder's,
// a big.Int's) give, called in turn on one receiver, the values
// reflectCall gives called in the same turn on a twin receiver; and
// methods of other shapes are left to reflectCall.
func TestTypedRecvCall(t *testing.T) {
	kinds := map[reflect.Kind]types.Type{
		reflect.Int: types.Typ[types.Int], reflect.Int32: types.Typ[types.Int32], reflect.Int64: types.Typ[types.Int64],
		reflect.Uint32: types.Typ[types.Uint32], reflect.Uint64: types.Typ[types.Uint64], reflect.Bool: types.Typ[types.Bool],
		reflect.Float32: types.Typ[types.Float32], reflect.Float64: types.Typ[types.Float64],
	}
	box := func(p any) Value { return Value{k: KindNative, p: ptrOf(&nativeBox{rv: reflect.ValueOf(p).Elem()})} }
	builder := func() any {
		var b strings.Builder
		b.WriteString("héllo")
		return &b
	}
	twins := []struct {
		name    string
		recv    func() any
		methods []string
		args    [][]Value // per call, the arguments after the receiver
	}{
		{"math/rand.Rand", func() any { return mrand.New(mrand.NewSource(7)) },
			[]string{"Int", "Int31", "Int63", "Uint32", "Uint64", "Intn", "Int31n", "Int63n", "Float64", "Float32", "NormFloat64", "ExpFloat64", "Intn", "Int63n"},
			[][]Value{nil, nil, nil, nil, nil, {Int(10)}, {Int(1 << 20)}, {Int(1 << 40)}, nil, nil, nil, nil, {Int(0)}, {Int(-3)}}},
		{"math/rand/v2.Rand", func() any { return rand.New(rand.NewPCG(1, 2)) },
			[]string{"IntN", "Int64", "Uint64", "Float64", "Int32N", "Int64N", "IntN"},
			[][]Value{{Int(1000)}, nil, nil, nil, {Int(77)}, {Int(1 << 50)}, {Int(-1)}}},
		{"strings.Builder", builder, []string{"Len", "Cap"}, [][]Value{nil, nil}},
		{"math/big.Int", func() any { return big.NewInt(-1 << 40) }, []string{"Sign", "BitLen", "Int64", "Uint64", "IsInt64", "IsUint64"}, [][]Value{nil, nil, nil, nil, nil, nil}},
	}
	for _, tw := range twins {
		typedRecv, slowRecv := box(tw.recv()), box(tw.recv())
		rt := reflect.TypeOf(tw.recv())
		for i, name := range tw.methods {
			m, ok := rt.MethodByName(name)
			if !ok {
				t.Fatalf("%s has no method %s", rt, name)
			}
			ft := m.Func.Type()
			tuple := func(n int, at func(int) reflect.Type) *types.Tuple {
				var vs []*types.Var
				for j := range n {
					vs = append(vs, types.NewParam(0, nil, "", kinds[at(j).Kind()]))
				}
				return types.NewTuple(vs...)
			}
			params := tuple(ft.NumIn()-1, func(j int) reflect.Type { return ft.In(j + 1) })
			recv := types.NewParam(0, nil, "", types.NewPointer(types.NewStruct(nil, nil)))
			sig := types.NewSignatureType(recv, nil, nil, params, tuple(ft.NumOut(), ft.Out), false)
			full := "(*" + tw.name + ")." + name
			if typedRecvCall(m.Func) == nil {
				t.Errorf("%s is not called directly (typedRecvCall)", full)
				continue
			}
			ext := typedMethodBridge(full, m.Func, sig)
			r := &run{}
			want, wantPanic := callOrPanic(func() Value {
				return r.reflectCall(nil, nil, full, m.Func, sig, append([]Value{slowRecv}, tw.args[i]...))
			})
			got, gotPanic := callOrPanic(func() Value { return ext(r, nil, nil, append([]Value{typedRecv}, tw.args[i]...)) })
			if gotPanic != wantPanic || !sameValue(got, want) {
				t.Errorf("%s%v: typed %v (panics: %v), reflectCall %v (panics: %v)", full, tw.args[i], got, gotPanic, want, wantPanic)
			}
		}
	}
	for _, m := range []any{(*strings.Builder).WriteString, (*big.Int).String, (*mrand.Rand).Seed, (*mrand.Rand).Perm} {
		if typedRecvCall(reflect.ValueOf(m)) != nil {
			t.Errorf("%T is called directly, a shape typedRecvCall does not know", m)
		}
	}
}
