package plural

import "testing"

func TestPlural(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"cat", "cats"},
		{"bus", "buses"},
		{"box", "boxes"},
		{"church", "churches"},
	} {
		if got := Plural(tc.in); got != tc.want {
			t.Errorf("Plural(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
