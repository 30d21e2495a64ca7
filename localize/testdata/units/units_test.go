package units

import "testing"

func TestSize(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{10, "10 B"},
		{2048, "2 KiB"},
		{3 << 20, "3 MiB"},
	} {
		if got := Size(tc.n); got != tc.want {
			t.Errorf("Size(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
