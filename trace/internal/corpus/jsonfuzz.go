package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// jsonStrict is decoded with unknown fields disallowed and numbers kept
// as json.Number.
type jsonStrict struct {
	ID    int            `json:"id"`
	Name  string         `json:"name,omitempty"`
	Score float64        `json:"score"`
	Flags []bool         `json:"flags"`
	Meta  map[string]any `json:"meta"`
	Num   any            `json:"num"`
	Level jsonLevel      `json:"level"`
	Pair  *jsonCustom    `json:"pair,omitempty"`
}

// JSONDecode decodes data, a JSON text from a fuzzer, into values of
// the program's own types (tags, embedded structs, pointers, maps with
// text-marshaling keys, Unmarshaler and TextUnmarshaler methods) and of
// generic ones, with json.Unmarshal and a Decoder (unknown fields
// disallowed, numbers as json.Number), and encodes what it decoded
// again. It returns each error and encoding. The fuzz target
// FuzzJSONDifferential runs it natively and interpreted.
func JSONDecode(data []byte) string {
	var out []string
	report := func(what string, v any, err error) {
		if err != nil {
			out = append(out, fmt.Sprintf("%s: error %T: %v", what, err, err))
			return
		}
		b, err := json.Marshal(v)
		out = append(out, fmt.Sprintf("%s: %s %v", what, b, err))
	}
	var doc jsonDoc
	report("doc", &doc, json.Unmarshal(data, &doc))
	var generic any
	report("any", &generic, json.Unmarshal(data, &generic))
	var points []jsonPoint
	report("points", &points, json.Unmarshal(data, &points))
	var levels map[jsonLevel]int
	report("levels", &levels, json.Unmarshal(data, &levels))
	var custom jsonCustom
	report("custom", &custom, json.Unmarshal(data, &custom))
	var tree jsonTree
	report("tree", &tree, json.Unmarshal(data, &tree))

	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	for i := 0; i < 3; i++ {
		var s jsonStrict
		err := dec.Decode(&s)
		if err != nil && err.Error() == "EOF" {
			break
		}
		report(fmt.Sprint("strict ", i, " at ", dec.InputOffset()), &s, err)
		if err != nil {
			break
		}
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, data, "", " "); err == nil {
		out = append(out, ind.String())
	}
	out = append(out, fmt.Sprint(json.Valid(data)))
	return strings.Join(out, "\n")
}
