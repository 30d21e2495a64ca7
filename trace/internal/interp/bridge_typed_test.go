package interp

import (
	"go/types"
	"reflect"
	"sort"
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
	}
	samples := map[reflect.Kind][]Value{
		reflect.String: {String(""), String("héllo, wörld"), String("\xff\xfe a"), String("ab\u0301c"), String("lo"), String("ö")},
		reflect.Int32:  {Int('a'), Int('Z'), Int('é'), Int(' '), Int('5'), Int(0xD800), Int(0x10FFFF), Int(0x110000), Int(-1), Int(0x1F600)},
		reflect.Uint8:  {Uint('l'), Uint(0), Uint(0xC3)},
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
			want := r.reflectCall(nil, nil, name, reflect.ValueOf(f), sig, a)
			got := ext(r, nil, nil, a)
			if got.k != want.k || !Equal(got, want) {
				t.Errorf("%s%v: typed %v, reflectCall %v", name, a, got, want)
			}
		}
	}
	for _, name := range []string{
		"unicode/utf8.DecodeRuneInString", "unicode/utf8.DecodeLastRuneInString", "unicode/utf8.RuneLen",
		"unicode/utf8.ValidString", "unicode/utf8.RuneCountInString", "unicode.IsLetter", "unicode.ToUpper",
		"strings.HasPrefix", "strings.Index", "strings.IndexByte", "strings.IndexRune", "strings.ContainsRune",
	} {
		if !typed[name] {
			t.Errorf("%s is not called directly (typedBridge)", name)
		}
	}
}
