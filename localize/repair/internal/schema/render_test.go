package schema

import "testing"

// TestFlatten checks statements laid on one line: the semicolons the
// line ends stand for written out, comments dropped.
func TestFlatten(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"x = 1", "x = 1 ;"},
		{"if a > b { // why\n\treturn a\n}\nc++", "if a > b { return a ; } ; c ++ ;"},
		{"f(a,\n\tb)", "f ( a , b ) ;"},
		{"s := `a\nb`", "s := `a\nb` ;"},
	} {
		if got := flatten(tc.in); got != tc.want {
			t.Errorf("flatten(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
