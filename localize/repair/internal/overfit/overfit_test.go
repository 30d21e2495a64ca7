package overfit

import (
	"slices"
	"testing"
)

// TestOverfitSigns checks each overfitting sign on patches that show it
// and on the fixes of the same shape that do not: a sign must not
// fall on a literal moved by one, a variable for another, a guard on
// nil or a length, or a condition narrowed by a property of the data.
func TestOverfitSigns(t *testing.T) {
	tests := []struct {
		name, orig, repl string
		want             []string
	}{
		// Deleting control flow; deleting a plain assignment is not.
		{"delete an early return", "if len(args) == 0 {\n\treturn nil\n}\n", "", []string{DeleteControl}},
		{"delete a break", "break", "", []string{DeleteControl}},
		{"delete an assignment", "n += k", "", nil},
		{"delete a closure's return only", "f := func() int { return 1 }", "", nil},
		// A condition made constant.
		{"condition to false", "len(args) == 0", "false", []string{ConstantCondition}},
		{"condition to true", "a && b", "true", []string{ConstantCondition}},
		{"true to false", "true", "false", nil},
		// A literal for a name.
		{"constant to literal", "wordSize", "65", []string{LiteralForName}},
		{"field to negative literal", "x.n", "(-1)", []string{LiteralForName}},
		{"qualified constant to literal", "reflect.Struct", "26", []string{LiteralForName}},
		{"literal moved by one", "2", "1", nil},
		{"variable for variable", "idx", "pages", nil},
		{"literal to name", "1", "timeFormatNumeric", nil},
		// An expression replaced by one without its names.
		{"call to a constant", "wordsNeeded(top + bits)", "wordSize", []string{DropsOriginal}},
		{"condition to another variable", "bits%size == 0", "!ok", []string{DropsOriginal}},
		{"expression to a literal", "a + b", "3", []string{DropsOriginal}},
		{"operator changed", "a + b", "a - b", nil},
		{"bound widened", "il == 0", "il <= 1", nil},
		{"operand added", "n - 1", "n - 1 + off", nil},
		// Trivial conditions the patch brings.
		{"length below zero", "len(a) == 0", "len(a) < 0", []string{TrivialCondition}},
		{"length at least zero", "len(a) > 1", "len(a) >= 0", []string{TrivialCondition}},
		{"length equal to a negative", "cap(b) == 0", "cap(b) == -1", []string{TrivialCondition}},
		{"contradictory conjunct", "len(a) == 0", "len(a) == 0 && len(a) > 0", []string{TrivialCondition}},
		{"contradictory bounds", "i > 3", "i > 3 && i < 2", []string{TrivialCondition, MagicGuard}},
		{"a condition and its negation", "err != nil", "(err != nil) && !(err != nil)", []string{TrivialCondition}},
		{"a comparison and its inverse", "a == b", "a == b || a != b", []string{TrivialCondition}},
		{"a bound and its complement", "i < n", "ok && i < n && i >= n", []string{TrivialCondition}},
		{"two different conditions", "err != nil", "err != nil && !ok", nil},
		{"a negation across levels", "a || b", "a || (b && !a)", nil},
		{"trivial already there", "len(a) < 0", "len(a) < 0 || ok", nil},
		{"length compared with zero", "len(a) > 1", "len(a) == 0", nil},
		{"satisfiable bounds", "len(a) > 1", "len(a) > 1 && len(a) < 9", nil},
		// Guards and conjuncts on a magic number.
		{"guard on a loop index", "", "if i > 1 { return }", []string{MagicGuard}},
		{"guard on one value", "", "if offset == 1 { return s }", []string{MagicGuard}},
		{"conjunct on one value", "digits <= 0", "(digits <= 0) && (i == 1)", []string{MagicGuard}},
		{"guard on nil", "", "if v == nil || o == nil { return v == o }", nil},
		{"guard on a bound", "", "if last >= b.length { return b }", nil},
		{"guard on zero", "", "if n == 0 { return nil }", nil},
		{"guard on a length", "", "if len(x) > 2 { return }", nil},
		{"clamp", "", "if n >= len(m) { n = len(m) - 1 }", nil},
		{"conjunct on a length", "first[0] == '-'", "first[0] == '-' && len(first) > 1", nil},
		{"guard with an else", "", "if i > 1 { return } else { i++ }", nil},
		// Not Go the signs read.
		{"statements swapped", "a()\nb()\n", "b()\na()\n", nil},
		{"not Go", "", "if {", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Signs(tt.orig, tt.repl, nil, 0, 0); !slices.Equal(got, tt.want) {
				t.Errorf("Signs(%q -> %q) = %q, want %q", tt.orig, tt.repl, got, tt.want)
			}
		})
	}
}

// TestSignsInContext checks the trivial conditions that only the
// comparison around a replaced literal shows, and that a position
// outside the file or off the replacement reads the texts alone.
func TestSignsInContext(t *testing.T) {
	const src = "package p\n\nfunc f(args []string, n int) bool {\n\tif len(args) == (-1) {\n\t\treturn n == 0\n\t}\n\treturn false\n}\n"
	tests := []struct {
		name, orig, repl string
		line, column     int
		want             []string
	}{
		{"a length compared with -1", "0", "(-1)", 4, 18, []string{TrivialCondition}},
		{"no position", "0", "(-1)", 0, 0, nil},
		{"a position off the replacement", "0", "(-1)", 4, 2, nil},
		{"a line past the file", "0", "(-1)", 40, 1, nil},
		{"an insertion", "", "(-1)", 4, 18, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Signs(tt.orig, tt.repl, []byte(src), tt.line, tt.column); !slices.Equal(got, tt.want) {
				t.Errorf("Signs(%q -> %q at %d:%d) = %q, want %q", tt.orig, tt.repl, tt.line, tt.column, got, tt.want)
			}
		})
	}
}
