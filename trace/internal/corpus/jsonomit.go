package corpus

import (
	"encoding/json"
	"fmt"
	"strings"
)

// omitAmount marshals itself and says when it is zero, as
// shopspring/decimal's Decimal does.
type omitAmount struct{ units, scale int }

func (a omitAmount) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"%d/%d"`, a.units, a.scale)), nil
}

// IsZero: any scale of no units is zero.
func (a omitAmount) IsZero() bool { return a.units == 0 }

// omitCode marshals itself as text; its IsZero takes a pointer.
type omitCode string

func (c omitCode) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(c))), nil }

func (c *omitCode) IsZero() bool { return *c == "" || *c == "none" }

// omitPlain marshals itself and has no IsZero: its zero value is zero.
type omitPlain struct{ n int }

func (p omitPlain) MarshalJSON() ([]byte, error) { return []byte(fmt.Sprint(p.n)), nil }

// JSONOmitZero encodes fields with the omitzero option whose types
// marshal themselves: json leaves a field out when its IsZero method,
// or else its zero value, says it is zero.
func JSONOmitZero() string {
	type doc struct {
		A  omitAmount  `json:"a,omitzero"`
		PA *omitAmount `json:"pa,omitzero"`
		C  omitCode    `json:"c,omitzero"`
		P  omitPlain   `json:"p,omitzero"`
		K  omitAmount  `json:"k"`
	}
	var out []string
	for _, d := range []doc{
		{},
		{A: omitAmount{0, 2}, C: "none", PA: &omitAmount{0, 1}},
		{A: omitAmount{3, 2}, C: "eu", P: omitPlain{4}, PA: &omitAmount{5, 0}},
	} {
		b, err := json.Marshal(d)
		out = append(out, fmt.Sprint(string(b), err))
	}
	return strings.Join(out, "\n")
}
