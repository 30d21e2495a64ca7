package interp

import (
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// FuzzReflectDifferential runs corpus.ReflectOps, a program of reflect
// operations chosen by its input bytes (walking fields, pointers,
// interfaces, elements and map entries; setting, appending, converting,
// calling methods and funcs), natively and interpreted: what each
// observed and the value it leaves must be equal. go test replays the
// seeds (here and under testdata/fuzz/FuzzReflectDifferential).
func FuzzReflectDifferential(f *testing.F) {
	for _, seed := range []string{
		"", "\x06", "\x01\x06\x05\x06", "\x0d\x05\x06\x19\x05", "\x25\x02\x01\x05\x06\x09",
		"\x31\x02\x06\x07\x08", "\x55\x03\x05\x06", "\x61\x04\x06", "\x79\x06\x09\x0a",
		"\x85\x02\x06\x09", "\x91\x03\x01\x05\x06", "\xa9\x0b\x06\x02\x06",
	} {
		f.Add([]byte(seed))
	}
	p := load(f, "./trace/internal/corpus")
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 64 {
			ops = ops[:64]
		}
		want := corpus.ReflectOps(ops)
		cs := make([]Value, len(ops))
		for i, b := range ops {
			cs[i] = Uint(uint64(b))
		}
		res, err := p.Run(bgContext, p.Func(corpusPkg, "ReflectOps"), []Value{Slice(cs...)}, &RunOptions{NoTrace: len(ops)%2 == 0})
		if err != nil {
			t.Fatalf("%q: %v", ops, err)
		}
		if res.Outcome != Returned {
			t.Fatalf("%q: %v", ops, res)
		}
		if got := res.Returns[0].Str(); got != want {
			t.Fatalf("%q:\ninterpreted: %s\nnative:      %s", ops, got, want)
		}
	})
}
