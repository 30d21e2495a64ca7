package corpus

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"strings"
)

// gobPoint is a value a gobShape's interface field holds, registered.
type gobPoint struct{ X, Y int }

// gobShape has the kinds gob encodes: basic fields, a slice, a map, a
// pointer, a nested struct, an interface and an unexported field (left
// out).
type gobShape struct {
	Name   string
	Sides  int
	Scale  float64
	Tags   []string
	Attrs  map[string]int
	Origin *gobPoint
	Inner  struct{ On bool }
	Any    any
	hidden int
}

// gobSubset has some of gobShape's fields, another of another type.
type gobSubset struct {
	Name  string
	Sides int64
	Extra string
}

// gobFlash is a value with its own binary encoding (gob.GobEncoder).
type gobFlash struct{ msg string }

func (f gobFlash) GobEncode() ([]byte, error) { return []byte("flash:" + f.msg), nil }

func (f *gobFlash) GobDecode(b []byte) error {
	f.msg = strings.TrimPrefix(string(b), "flash:")
	return nil
}

// Gob encodes and decodes the program's values with encoding/gob
// (interpreted from source, on the interpreter's reflect): a struct into
// itself and into another with some of its fields, a registered type in
// an interface, a slice of interfaces, a GobEncoder, and the errors of a
// mismatched type and of an unregistered one.
func Gob() string {
	gob.Register(gobPoint{})
	var out []string
	in := gobShape{Name: "tri", Sides: 3, Scale: 1.5, Tags: []string{"a", "b"}, Attrs: map[string]int{"k": 1, "j": 2},
		Origin: &gobPoint{1, 2}, Any: gobPoint{3, 4}, hidden: 9}
	in.Inner.On = true
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(in); err != nil {
		panic(err)
	}
	raw := append([]byte(nil), buf.Bytes()...)
	var back gobShape
	err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&back)
	out = append(out, fmt.Sprintf("%v %+v %v %v", err, back.Origin, back.Any, back.Attrs), fmt.Sprintf("%+v", back.Inner), fmt.Sprint(back.Name, back.Sides, back.Scale, back.Tags, back.hidden))
	var sub gobSubset
	err = gob.NewDecoder(bytes.NewReader(raw)).Decode(&sub)
	out = append(out, fmt.Sprintf("%v %+v", err, sub))
	var wrong struct{ Name int }
	err = gob.NewDecoder(bytes.NewReader(raw)).Decode(&wrong)
	out = append(out, fmt.Sprint(err))
	buf.Reset()
	list := []any{1, "two", gobPoint{5, 6}, []any{3.5}}
	gob.Register([]any{})
	err = gob.NewEncoder(&buf).Encode(list)
	var listBack []any
	err2 := gob.NewDecoder(&buf).Decode(&listBack)
	out = append(out, fmt.Sprint(err, err2, listBack))
	buf.Reset()
	err = gob.NewEncoder(&buf).Encode(gobFlash{"saved"})
	var f gobFlash
	err2 = gob.NewDecoder(&buf).Decode(&f)
	out = append(out, fmt.Sprint(err, err2, f.msg))
	type unregistered struct{ A int }
	err = gob.NewEncoder(&bytes.Buffer{}).Encode(struct{ V any }{unregistered{1}})
	out = append(out, fmt.Sprint(err))
	return strings.Join(out, "\n")
}
