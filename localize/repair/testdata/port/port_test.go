package port

import "testing"

func TestPort(t *testing.T) {
	for _, tc := range []struct {
		host, want string
	}{
		{"a:80", "80"},
		{"localhost", ""},
		{"example.com:443", "443"},
		{"examples.org", ""},
	} {
		t.Run(tc.host, func(t *testing.T) {
			if got := Port(tc.host); got != tc.want {
				t.Errorf("Port(%q) = %q, want %q", tc.host, got, tc.want)
			}
		})
	}
}
