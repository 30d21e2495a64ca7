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
	for _, seed := range []string{``, `null`, `{"id":1}{"id":2}`, `{"a":`, `[1,2,`, `{"a" 1}`} {
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

// Known differences of encoding/json over the program's own types (the
// bridge's native mirrors, internal/bridge/json.go).
const (
	jsonTypeNames = "an UnmarshalTypeError names the mirror type (struct { X int; Y int }, bridge.jsonCB) and an empty struct name (Go struct field .name) where native Go names the program's type"
	jsonTextKeys  = "a map key's UnmarshalText is not called as natively: the error is the element's UnmarshalTypeError, or another key's"
	jsonOrder     = "with DisallowUnknownFields, another field's error comes first"
)

// jsonDivergent are inputs on which FuzzJSONDifferential finds the
// interpreter's encoding/json unlike native Go, with why.
var jsonDivergent = []struct{ in, why string }{
	{`{}`, jsonTypeNames},
	{`[]`, jsonTypeNames},
	{`1`, jsonTypeNames},
	{`"s"`, jsonTypeNames},
	{`{"name":"n","tags":["a"],"count":"12","where":{"X":1,"Y":2}}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"note":"in","Level":3,"any":[1,"x",null,{"k":true}],"temp":36.6,"grid":[true,false]}`, jsonTypeNames + "; " + jsonTextKeys + "; " + jsonOrder},
	{`{"count":12}`, jsonTypeNames},
	{`{"name":5}`, jsonTypeNames},
	{`{"when":"2024-01-02T03:04:05Z","raw":{"a":[1,2]}}`, jsonTypeNames + "; " + jsonTextKeys},
	{`[{"X":1},{"Y":-2},{"Z":3}]`, jsonTypeNames},
	{`{"id":1,"extra":2}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"level":"top"}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"id":"1"}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"opt":7,"Embedded":{"X":9}}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"when":"nope"}`, jsonTypeNames + "; " + jsonTextKeys},
	{`[1,2]`, jsonTypeNames},
	{`{"low":1,"high":2}`, jsonTypeNames},
	{`{"bogus":1}`, jsonTypeNames},
	{`{"V":1,"Kids":[{"V":2}],"Children":{"c":{"V":3}}}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"id":1,"name":"a","score":1.5e3,"flags":[true],"meta":{"x":[1.0]},"num":123456789012345678901234567890,"level":"mid","pair":[1,2]}`, jsonTypeNames + "; " + jsonTextKeys},
	{`{"pair":[1]}`, jsonTypeNames + "; " + jsonTextKeys},
	{"\"\\ud800\"", jsonTypeNames},
	{`{"by_name":{"p":{"X":1},"q":null}}`, jsonTypeNames + "; " + jsonTextKeys},
}

// TestJSONDivergences checks that each input of jsonDivergent still
// gives the interpreter's encoding/json a result unlike native Go's: one
// that starts agreeing belongs among FuzzJSONDifferential's seeds.
func TestJSONDivergences(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	for _, c := range jsonDivergent {
		if got, want := runJSONDecode(t, p, []byte(c.in)); got == want {
			t.Errorf("%q now decodes as natively (known difference: %s): move it to FuzzJSONDifferential's seeds", c.in, c.why)
		}
	}
}
