package bst

import (
	"strings"
	"testing"
)

// TestVersion: every fault applies to one line of bst.go, and its
// version still parses as Go (checked by the compiler-free count of
// braces, which an edit must not change).
func TestVersion(t *testing.T) {
	for _, f := range Faults {
		ov, lines, err := Version(".", f.Name)
		if err != nil || len(ov) != 1 || len(lines) != 1 {
			t.Fatalf("%s: %d files, lines %v, %v", f.Name, len(ov), lines, err)
		}
		for _, src := range ov {
			if strings.Count(string(src), "{") != strings.Count(source, "{") || !strings.Contains(string(src), f.Faulty) {
				t.Errorf("%s: version does not hold %q with the braces of bst.go", f.Name, f.Faulty)
			}
		}
	}
	if _, _, err := Version(".", "nope"); err == nil {
		t.Error("Version(nope) succeeded")
	}
}
