package repair

import (
	"encoding/json"

	"github.com/faultloc/faultloc/trace"
)

// MarshalJSON writes the instance with its values formatted as Go
// prints them.
func (in Instance) MarshalJSON() ([]byte, error) {
	type plain Instance // without the method
	return json.Marshal(struct {
		plain
		Value string   `json:"value"`
		Orig  string   `json:"orig"`
		Keep  []string `json:"keep,omitempty"`
		Break []string `json:"break,omitempty"`
	}{plain(in), in.Value.String(), in.Orig.String(), texts(in.Keep), texts(in.Break)})
}

// texts formats values as Go prints them.
func texts(vs []trace.Value) []string {
	if len(vs) == 0 {
		return nil
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.String()
	}
	return out
}
