package term

import (
	"strings"
	"testing"
)

// TestCombinations checks the argument lists of a call: one term from
// each parameter's choices, in their order, none if a parameter has no
// choice, one empty list for no parameters.
func TestCombinations(t *testing.T) {
	x, y, one := &Term{Text: "x"}, &Term{Text: "y"}, &Term{Text: "1"}
	for _, tc := range []struct {
		name string
		args [][]*Term
		want string
	}{
		{"two by two", [][]*Term{{x, y}, {one, x}}, "(x,1) (x,x) (y,1) (y,x)"},
		{"one parameter", [][]*Term{{x, y}}, "(x) (y)"},
		{"no choice", [][]*Term{{x}, nil}, ""},
		{"no parameters", nil, "()"},
	} {
		var got []string
		for _, c := range Combinations(tc.args) {
			var texts []string
			for _, a := range c {
				texts = append(texts, a.Text)
			}
			got = append(got, "("+strings.Join(texts, ",")+")")
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, got, tc.want)
		}
		for _, c := range Combinations(tc.args) {
			if want := len(tc.args); len(c) != want {
				t.Errorf("%s: a list of %d arguments, want %d", tc.name, len(c), want)
			}
		}
	}
	if Repeats([]*Term{x, y, one}) || !Repeats([]*Term{x, y, {Text: "x"}}) {
		t.Error("Repeats: want true for x twice only")
	}
}
