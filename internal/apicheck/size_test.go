package apicheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxPackageLines is the most lines of non-test Go source a package of
// the module may have, the interpreter's internals aside: past it a
// package holds more than one job (the layout of DESIGN.md).
const maxPackageLines = 5000

// TestPackageSize requires every package of the module, but those under
// trace/internal (the interpreter, its bridge and its corpus), to have
// at most maxPackageLines lines of non-test Go source.
func TestPackageSize(t *testing.T) {
	var over []string
	for path, p := range goList(t) {
		r, ok := rel(path)
		if !ok || strings.HasPrefix(r, "trace/internal/") {
			continue
		}
		n := 0
		for _, f := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
			src, err := os.ReadFile(filepath.Join(p.Dir, f))
			if err != nil {
				t.Fatal(err)
			}
			n += bytes.Count(src, []byte("\n"))
		}
		if n > maxPackageLines {
			over = append(over, fmt.Sprintf("%s: %d lines", path, n))
		}
	}
	slices.Sort(over)
	if len(over) > 0 {
		t.Errorf("packages over %d lines of non-test Go: split them (DESIGN.md's layout):\n%s", maxPackageLines, strings.Join(over, "\n"))
	}
}
