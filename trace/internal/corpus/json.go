package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
)

// The types JSON encodes and decodes.
type (
	jsonPoint struct {
		X, Y int
	}
	jsonInner struct {
		Note  string `json:"note,omitempty"`
		Level int
	}
	jsonTemp float64
	jsonDoc  struct {
		jsonInner
		Name     string                `json:"name"`
		Tags     []string              `json:"tags"`
		Count    int                   `json:"count,string"`
		Skip     string                `json:"-"`
		Opt      *int                  `json:"opt,omitempty"`
		Where    *jsonPoint            `json:"where"`
		Attrs    map[string]int        `json:"attrs,omitempty"`
		Any      any                   `json:"any"`
		Temp     jsonTemp              `json:"temp"`
		When     time.Time             `json:"when"`
		Raw      json.RawMessage       `json:"raw,omitempty"`
		Grid     [2]bool               `json:"grid"`
		Points   []jsonPoint           `json:"points"`
		ByName   map[string]*jsonPoint `json:"by_name"`
		private  int
		Embedded *jsonPoint `json:",omitempty"`
	}
)

// jsonLevel encodes as text.
type jsonLevel int

var jsonLevels = []string{"low", "mid", "high"}

func (l jsonLevel) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(jsonLevels) {
		return nil, fmt.Errorf("level %d out of range", int(l))
	}
	return []byte(jsonLevels[l]), nil
}

func (l *jsonLevel) UnmarshalText(b []byte) error {
	for i, s := range jsonLevels {
		if s == string(b) {
			*l = jsonLevel(i)
			return nil
		}
	}
	return fmt.Errorf("unknown level %q", b)
}

// jsonCustom encodes itself as an array, through json again.
type jsonCustom struct{ A, B int }

func (c jsonCustom) MarshalJSON() ([]byte, error) { return json.Marshal([]int{c.A, c.B}) }

func (c *jsonCustom) UnmarshalJSON(b []byte) error {
	var ab []int
	if err := json.Unmarshal(b, &ab); err != nil {
		return err
	}
	if len(ab) != 2 {
		return fmt.Errorf("want 2 numbers, got %d", len(ab))
	}
	c.A, c.B = ab[0], ab[1]
	return nil
}

// jsonTree is a recursive type.
type jsonTree struct {
	V        int
	Kids     []*jsonTree `json:",omitempty"`
	Next     *jsonTree   `json:",omitempty"`
	Children map[string]jsonTree
}

// JSONTrees encodes and decodes values of a recursive type, and a cyclic
// one.
func JSONTrees() string {
	var out []string
	t := &jsonTree{V: 1, Kids: []*jsonTree{{V: 2}, {V: 3, Next: &jsonTree{V: 4}}}, Children: map[string]jsonTree{"c": {V: 5}}}
	b, err := json.Marshal(t)
	out = append(out, fmt.Sprintf("%s %v", b, err))
	var back jsonTree
	err = json.Unmarshal([]byte(`{"V":7,"Kids":[{"V":8,"Kids":[{"V":9}]},null],"Next":{"V":10},"Children":{"x":{"V":11,"Next":{"V":12}}}}`), &back)
	out = append(out, fmt.Sprintf("%v %d %d %d %v %d %d %d", err, back.V, back.Kids[0].V, back.Kids[0].Kids[0].V, back.Kids[1] == nil, back.Next.V, back.Children["x"].V, back.Children["x"].Next.V))
	cyc := &jsonTree{V: 1}
	cyc.Next = cyc
	_, err = json.Marshal(cyc)
	out = append(out, fmt.Sprint(err))
	return strings.Join(out, "\n")
}

// jsonHTML marshals as text with HTML characters in it.
type jsonHTML struct{ s string }

func (h jsonHTML) MarshalText() ([]byte, error) { return []byte(h.s), nil }

// jsonSink is an interpreted writer.
type jsonSink struct{ parts []string }

func (s *jsonSink) Write(p []byte) (int, error) {
	s.parts = append(s.parts, string(p))
	return len(p), nil
}

// JSONStreams encodes and decodes through json.Encoder and json.Decoder
// (to a native buffer and an interpreted writer, from a reader, several
// values, tokens, UseNumber, DisallowUnknownFields) and uses json.Valid,
// Compact and Indent.
func JSONStreams() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", " ")
	add("encode %v %v", enc.Encode(jsonPoint{1, 2}), enc.Encode([]string{"<a>"}))
	add("buffer %q", buf.String())
	sink := &jsonSink{}
	enc2 := json.NewEncoder(sink)
	enc2.SetEscapeHTML(false)
	add("encode to sink %v %q", enc2.Encode(map[string]any{"k": "<b>", "n": 1}), sink.parts)
	// What MarshalText and MarshalJSON methods give is escaped as the
	// encoder says.
	var hb bytes.Buffer
	enc3 := json.NewEncoder(&hb)
	enc3.SetEscapeHTML(false)
	add("unescaped %v %v", enc3.Encode(map[jsonLevel]jsonLevel{2: 1}), enc3.Encode(jsonHTML{"<a&b>"}))
	add("escaped %v %v %q", enc.Encode(jsonHTML{"<c>"}), enc.Encode([]jsonTree{{V: 1, Children: map[string]jsonTree{"<k>": {V: 2}}}}), hb.String())
	dec := json.NewDecoder(strings.NewReader(`{"X":3,"Y":4} {"X":5} [1,2]`))
	var p1, p2 jsonPoint
	var arr []int
	add("decode %v %v %v: %v %v %v more %v", dec.Decode(&p1), dec.Decode(&p2), dec.Decode(&arr), p1, p2, arr, dec.More())
	add("decode at end %v", dec.Decode(&p1))
	dec = json.NewDecoder(strings.NewReader(`{"X":1,"Z":2}`))
	dec.DisallowUnknownFields()
	add("unknown field %v", dec.Decode(&p1))
	dec = json.NewDecoder(strings.NewReader(`{"n": 12345678901234567890}`))
	dec.UseNumber()
	var num map[string]any
	add("use number %v %v %T", dec.Decode(&num), num["n"], num["n"])
	dec = json.NewDecoder(strings.NewReader(`[{"a": true}]`))
	for {
		tok, err := dec.Token()
		if err != nil {
			add("tokens end %v", err)
			break
		}
		add("token %T %v", tok, tok)
	}
	add("valid %v %v", json.Valid([]byte(`{"a":[1]}`)), json.Valid([]byte(`{a}`)))
	var c bytes.Buffer
	add("compact %v %s", json.Compact(&c, []byte("{ \"a\" : [ 1 , 2 ] }")), c.String())
	var ind bytes.Buffer
	add("indent %v %q", json.Indent(&ind, []byte(`{"a":[1,2]}`), "", "\t"), ind.String())
	return strings.Join(out, "\n")
}

// jsonVersion has marshaling methods with pointer receivers: json calls
// them on a *jsonVersion.
type jsonVersion struct{ major, minor int }

func (v *jsonVersion) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "v%d.%d", v.major, v.minor), nil
}

func (v *jsonVersion) UnmarshalText(b []byte) error {
	_, err := fmt.Sscanf(string(b), "v%d.%d", &v.major, &v.minor)
	return err
}

// JSONPointerMethods encodes and decodes *jsonVersion values: alone, in
// slices and fields, nil, and into values that hold one.
func JSONPointerMethods() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	b, err := json.Marshal(&jsonVersion{1, 2})
	add("one %s %v", b, err)
	type holder struct {
		V  *jsonVersion
		Vs []*jsonVersion
		N  *jsonVersion
	}
	b, err = json.Marshal(holder{V: &jsonVersion{3, 4}, Vs: []*jsonVersion{{5, 6}, nil}})
	add("holder %s %v", b, err)
	v := &jsonVersion{}
	err = json.Unmarshal([]byte(`"v7.8"`), v)
	add("into %v %+v", err, *v)
	keep := &jsonVersion{9, 9}
	h := holder{V: keep, N: &jsonVersion{1, 1}}
	err = json.Unmarshal([]byte(`{"V":"v10.11","Vs":["v12.13",null],"N":null}`), &h)
	add("holder into %v %+v same %v %+v %v %v", err, *h.V, h.V == keep, *h.Vs[0], h.Vs[1] == nil, h.N == nil)
	err = json.Unmarshal([]byte(`"bad"`), v)
	add("bad %v", err != nil)
	return strings.Join(out, "\n")
}

// JSONMethods encodes and decodes values of types with JSON and text
// methods: as fields, map keys and values, slice elements json creates,
// behind pointers and interfaces, and their errors.
func JSONMethods() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	type holder struct {
		L     jsonLevel
		C     jsonCustom
		P     *jsonCustom
		Ls    []jsonLevel
		ByL   map[jsonLevel]int
		Cs    map[string]jsonCustom
		Any   any
		Plain int
	}
	h := holder{L: 2, C: jsonCustom{1, 2}, P: &jsonCustom{3, 4}, Ls: []jsonLevel{0, 1}, ByL: map[jsonLevel]int{1: 10, 0: 5},
		Cs: map[string]jsonCustom{"x": {5, 6}}, Any: jsonLevel(1), Plain: 7}
	b, err := json.Marshal(h)
	add("marshal %s %v", b, err)
	_, err = json.Marshal(jsonLevel(9))
	add("marshal error %v", err)
	var back holder
	err = json.Unmarshal([]byte(`{"L":"mid","C":[7,8],"P":[9,10],"Ls":["high","low","mid"],"ByL":{"high":1,"low":2},"Cs":{"y":[11,12]},"Plain":3}`), &back)
	add("unmarshal %v: %v %v %v %v %v %v %d", err, back.L, back.C, *back.P, back.Ls, back.ByL, back.Cs, back.Plain)
	err = json.Unmarshal([]byte(`{"L":"none"}`), &back)
	add("unmarshal error %v, L kept %v", err, back.L)
	err = json.Unmarshal([]byte(`{"Ls":["low","bad"]}`), &back)
	add("unmarshal element error %v", err)
	err = json.Unmarshal([]byte(`{"C":[1]}`), &back)
	add("unmarshal custom error %v", err)
	var top jsonLevel
	err = json.Unmarshal([]byte(`"high"`), &top)
	add("top %v %v", top, err)
	err = json.Unmarshal([]byte(`5`), &top)
	add("top number %v", err != nil)
	return strings.Join(out, "\n")
}

// JSON marshals and unmarshals values of the program's types with
// encoding/json: tags (renaming, omitempty, string, "-"), embedded structs,
// pointers (nil, and decoded through when set), slices (decoded into
// their array while it has room), maps (merged), interfaces (dynamic
// values, and what json decodes into them), arrays, named basic types,
// time.Time and json.RawMessage; MarshalIndent; and errors.
func JSON() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	seven := 7
	d := jsonDoc{
		jsonInner: jsonInner{Level: 2},
		Name:      "doc", Tags: []string{"a", "b"}, Count: 42, Skip: "no", Opt: &seven,
		Where: &jsonPoint{1, 2}, Attrs: map[string]int{"z": 26, "a": 1},
		Any: []any{1, "two", map[string]any{"k": true}, jsonPoint{3, 4}}, Temp: 21.5,
		When: time.Date(2026, 11, 25, 10, 30, 0, 0, time.UTC), Raw: json.RawMessage(`{"pre":"encoded"}`),
		Grid: [2]bool{true, false}, Points: []jsonPoint{{5, 6}}, ByName: map[string]*jsonPoint{"o": {0, 0}, "nil": nil},
		private: 9,
	}
	b, err := json.Marshal(d)
	add("marshal %s %v", b, err)
	b, err = json.MarshalIndent(map[string]any{"p": jsonPoint{1, 2}, "list": []int{1, 2}, "empty": []int{}, "nil": nil}, ">", "  ")
	add("indent %s %v", b, err)
	b, err = json.Marshal([]*jsonPoint{nil, {7, 8}})
	add("pointers %s %v", b, err)
	// funcs are rejected, named by their signature
	_, err = json.Marshal(struct{ F func() error }{})
	add("func %v", err)
	_, err = json.Marshal(map[string]any{"f": func(int, ...string) (bool, []byte) { return false, nil }})
	add("func %v", err)

	// Decoding into a fresh value.
	var back jsonDoc
	err = json.Unmarshal([]byte(`{"note":"n","Level":3,"name":"x","tags":["p","q","r"],"count":"5","opt":9,"where":{"X":10},
		"attrs":{"b":2},"any":{"nested":[1,"s",null,false]},"temp":-3.25,"when":"2026-01-02T03:04:05Z","raw":[1, 2],
		"grid":[false,true],"points":[{"X":1},{"Y":2}],"by_name":{"k":{"X":1,"Y":1},"n":null},"Skip":"ignored","private":5}`), &back)
	add("fresh err %v", err)
	add("fresh %+v %v %v %v %v", back.jsonInner, back.Name, back.Tags, back.Count, *back.Opt)
	add("fresh where %+v attrs %v temp %v when %v raw %s grid %v", *back.Where, back.Attrs, back.Temp, back.When, back.Raw, back.Grid)
	add("fresh points %v by_name %v %v skip %q private %d", back.Points, *back.ByName["k"], back.ByName["n"] == nil, back.Skip, back.private)
	m := back.Any.(map[string]any)
	nested := m["nested"].([]any)
	add("fresh any %T %v %T %v %v %v", nested[0], nested[0], nested[1], nested[1], nested[2] == nil, nested[3])

	// Decoding into a value that holds data: fields absent from the
	// input keep theirs, pointers are decoded through, maps merged,
	// slices decoded into their array while it has room.
	p := &jsonPoint{1, 1}
	arr := make([]int, 1, 4)
	arr2 := arr[:4]
	small := make([]int, 1, 2)
	small2 := small[:2]
	into := struct {
		P     *jsonPoint
		Keep  string
		M     map[string]int
		S     []int
		Small []int
		I     any
	}{P: p, Keep: "kept", M: map[string]int{"old": 1}, S: arr, Small: small, I: &jsonPoint{9, 9}}
	m2 := into.M
	err = json.Unmarshal([]byte(`{"P":{"Y":5},"M":{"new":2,"old":3},"S":[7,8],"Small":[4,5,6],"I":{"X":0}}`), &into)
	add("into err %v: p %+v same %v keep %s m %v same map %v", err, *p, into.P == p, into.Keep, m2, len(m2) == 2)
	add("into s %v alias %v small %v old array %v i %+v", into.S, arr2, into.Small, small2, into.I)

	// Errors.
	var n int
	err = json.Unmarshal([]byte(`"str"`), &n)
	add("type error %v", err)
	err = json.Unmarshal([]byte(`{bad`), &n)
	add("syntax error %v", err)
	var se *json.SyntaxError
	add("syntax error offset %v", strings.Contains(fmt.Sprint(err), "invalid character") && fmt.Sprint(se == nil) == "true")
	var nilTarget any
	err = json.Unmarshal([]byte(`1`), nilTarget)
	add("nil %v", err)
	_, err = json.Marshal(map[string]any{"c": make(chan int)})
	add("unsupported %v", err)
	var anyv any
	err = json.Unmarshal([]byte(`[1.5, {"a": "b"}]`), &anyv)
	add("any %v %v", anyv, err)
	return strings.Join(out, "\n")
}

// JSONNatives encodes and decodes values of standard types: an error
// made by errors.New (a pointer to a struct of unexported fields, a type
// the program cannot name), a time and big numbers (their MarshalJSON,
// UnmarshalJSON and MarshalText methods), inside the program's values.
func JSONNatives() string {
	b, err := json.Marshal(map[string]any{"err": errors.New("boom"), "when": time.Unix(0, 0).UTC(), "big": big.NewInt(1 << 62)})
	out := []string{fmt.Sprintf("native %s %v", b, err)}
	var into struct {
		N    *big.Int
		When time.Time
	}
	err = json.Unmarshal([]byte(`{"N":123456789012345678901234567890,"When":"2024-02-29T12:00:00Z"}`), &into)
	out = append(out, fmt.Sprintf("into %v %v %v", into.N, into.When, err))
	err = json.Unmarshal([]byte(`{"When":"never"}`), &into)
	out = append(out, fmt.Sprintf("bad time %v", err))
	return strings.Join(out, "\n")
}

// FmtAppend appends formatted text to byte slices with fmt.Append,
// Appendf and Appendln, in place while the array has room (aliasing
// shows it) and into a grown one after.
func FmtAppend() string {
	buf := make([]byte, 0, 8)
	a := fmt.Append(buf, "ab", 1)
	b := fmt.Appendf(a, "<%d>", 2)
	c := fmt.Appendln(b[:2], "x")
	d := fmt.Append(nil)
	return fmt.Sprintf("%q %q %q %q cap %d %d nil %v %q", a, b, c, buf[:8], cap(a), cap(b), d == nil, fmt.Appendf([]byte("pre:"), "%v", []int{1}))
}
