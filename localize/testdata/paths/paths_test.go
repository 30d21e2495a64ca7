package paths

import "testing"

func TestLabel(t *testing.T) {
	for _, tc := range []struct{ dir, file, want string }{
		{"a", "b.txt", "[a/b.txt] b.txt"},
		{"etc", "hosts", "[etc/hosts] hosts"},
	} {
		if got := Label(tc.dir, tc.file); got != tc.want {
			t.Errorf("Label(%q, %q) = %q, want %q", tc.dir, tc.file, got, tc.want)
		}
	}
}
