package search

import (
	"go/constant"
	"go/types"
	"regexp"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// TestOutputPattern checks the regular expressions that read an expected
// line back into the arguments of the call that prints it, against fmt's
// own formatting: each row's text is what fmt prints for its values.
func TestOutputPattern(t *testing.T) {
	i, b, s, u := types.Typ[types.Int], types.Typ[types.Bool], types.Typ[types.String], types.Typ[types.Uint8]
	tests := []struct {
		fn, format string
		types      []types.Type
		text       string
		want       []string // the groups; nil: no match
	}{
		{"fmt.Println", "", []types.Type{i, i}, "3 -4", []string{"3", "-4"}},
		{"fmt.Println", "", []types.Type{s, i}, "result: 7", []string{"result:", "7"}},
		{"fmt.Println", "", []types.Type{b}, "true", []string{"true"}},
		{"fmt.Println", "", []types.Type{i}, "x", nil},
		{"fmt.Println", "", nil, "", []string{}},
		{"fmt.Printf", "|%4d|%-3d|%+d|%v|", []types.Type{i, i, i, b}, "|   3|2  |+5|true|", []string{"3", "2", "+5", "true"}},
		{"fmt.Printf", "%d%%", []types.Type{u}, "42%", []string{"42"}},
		{"fmt.Printf", "%q and %s", []types.Type{s, s}, `"a b" and c d`, []string{`"a b"`, "c d"}},
		{"fmt.Printf", "n=%d", []types.Type{i}, "m=3", nil},
		{"fmt.Printf", "%05d", []types.Type{i}, "-0042", []string{"-0042"}},
		{"fmt.Sprint", "", []types.Type{i}, "12", []string{"12"}},
		{"fmt.Print", "", []types.Type{i, i, s}, "4 5x", []string{"4", "5", "x"}},
		{"fmt.Print", "", []types.Type{i, i}, "45", nil}, // two numbers are spaced
		{"fmt.Print", "", []types.Type{i, s, i}, "4x5", []string{"4", "x", "5"}},
		{"fmt.Print", "", []types.Type{i, i}, "4 5", []string{"4", "5"}},
	}
	for _, tt := range tests {
		c := &printCall{fn: tt.fn, format: tt.format}
		for _, typ := range tt.types {
			c.args = append(c.args, printArg{x: ssa.NewConst(constant.MakeInt64(0), typ)})
		}
		re := regexp.MustCompile("^" + pattern(c) + "$")
		m := re.FindStringSubmatch(tt.text)
		switch {
		case tt.want == nil && m != nil:
			t.Errorf("%s(%q) matched %q: %q, want no match", tt.fn, tt.format, tt.text, m[1:])
		case tt.want != nil && (m == nil || !slices.Equal(m[1:], tt.want)):
			t.Errorf("%s(%q) on %q: %q, want %q", tt.fn, tt.format, tt.text, m, tt.want)
		}
	}
}

// TestOutputVerbs checks which verbs the oracle reads.
func TestOutputVerbs(t *testing.T) {
	tests := []struct {
		format string
		want   string // verb letters, '!' for an unsupported one
	}{
		{"%d %v %s %t %q", "dvstq"},
		{"%5d|%-5d|%+d|%05d", "dddd"},
		{"%.2f", "!"},
		{"%*d", "!"},
		{"%[1]d", "!"},
		{"%#v", "!"},
		{"100%% of %d", "d"},
		{"trailing %", "!"},
	}
	for _, tt := range tests {
		var got []rune
		for _, v := range verbs(tt.format) {
			if !v.ok {
				got = append(got, '!')
			} else {
				got = append(got, v.verb)
			}
		}
		if string(got) != tt.want {
			t.Errorf("verbs(%q) = %q, want %q", tt.format, string(got), tt.want)
		}
	}
}

// TestOutputDiff checks the failure message of an Example.
func TestOutputDiff(t *testing.T) {
	tests := []struct {
		got, want string
		unordered bool
		msg       string
	}{
		{"3\nab -> ba: 1\n", "3\nab -> ba: 2\n", false, `output line 2: got "ab -> ba: 1", want "ab -> ba: 2"`},
		{"1\n", "1\n2\n", false, `output line 2: missing, want "2"`},
		{"1\n2\n3\n", "1\n2\n", false, `output line 3: got "3", want no more lines`},
		{"", "done\n", false, `output line 1: missing, want "done"`},
		{"x\n", "", false, `output line 1: got "x", want no more lines`},
		{"2\n1\n", "1\n3\n", true, "the output differs from the output comment (unordered)"},
	}
	for _, tt := range tests {
		if got := outputDiff(&trace.ExampleOutput{Got: tt.got, Want: tt.want, Unordered: tt.unordered}); got != tt.msg {
			t.Errorf("outputDiff(%q, %q) = %q, want %q", tt.got, tt.want, got, tt.msg)
		}
	}
}
