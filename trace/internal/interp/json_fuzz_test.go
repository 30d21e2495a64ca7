package interp

import (
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// FuzzJSONDifferential runs corpus.JSONDecode, which decodes its input
// into values of the program's own types and generic ones and encodes
// them again, natively and interpreted: every error and encoding must be
// equal. go test replays the seeds (here and under
// testdata/fuzz/FuzzJSONDifferential).
func FuzzJSONDifferential(f *testing.F) {
	for _, seed := range []string{``, `null`, `{"id":1}{"id":2}`, `{"a":`, `[1,2,`, `{"a" 1}`,
		// type errors naming the program's types, map keys' UnmarshalText,
		// DisallowUnknownFields' first error
		`{}`,
		`[]`,
		`1`,
		`"s"`,
		`{"name":"n","tags":["a"],"count":"12","where":{"X":1,"Y":2}}`,
		`{"note":"in","Level":3,"any":[1,"x",null,{"k":true}],"temp":36.6,"grid":[true,false]}`,
		`{"count":12}`,
		`{"name":5}`,
		`{"when":"2024-01-02T03:04:05Z","raw":{"a":[1,2]}}`,
		`[{"X":1},{"Y":-2},{"Z":3}]`,
		`{"id":1,"extra":2}`,
		`{"level":"top"}`,
		`{"id":"1"}`,
		`{"opt":7,"Embedded":{"X":9}}`,
		`{"when":"nope"}`,
		`[1,2]`,
		`{"low":1,"high":2}`,
		`{"bogus":1}`,
		`{"V":1,"Kids":[{"V":2}],"Children":{"c":{"V":3}}}`,
		`{"id":1,"name":"a","score":1.5e3,"flags":[true],"meta":{"x":[1.0]},"num":123456789012345678901234567890,"level":"mid","pair":[1,2]}`,
		`{"pair":[1]}`,
		"\"\\ud800\"",
		`{"by_name":{"p":{"X":1},"q":null}}`,
	} {
		f.Add([]byte(seed))
	}
	p := load(f, "./trace/internal/corpus")
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			data = data[:512]
		}
		if got, want := runJSONDecode(t, p, data); got != want {
			t.Fatalf("%q:\ninterpreted: %s\nnative:      %s", data, got, want)
		}
	})
}

// runJSONDecode returns corpus.JSONDecode(data) interpreted and native.
func runJSONDecode(t *testing.T, p *Program, data []byte) (got, want string) {
	t.Helper()
	want = corpus.JSONDecode(data)
	bs := make([]Value, len(data))
	for i, b := range data {
		bs[i] = Uint(uint64(b))
	}
	res, err := p.Run(bgContext, p.Func(corpusPkg, "JSONDecode"), []Value{Slice(bs...)}, &RunOptions{NoTrace: len(data)%2 == 0})
	if err != nil {
		t.Fatalf("%q: %v", data, err)
	}
	if res.Outcome != Returned {
		t.Fatalf("%q: %v", data, res)
	}
	return res.Returns[0].Str(), want
}
