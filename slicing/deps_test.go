package slicing

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies enforces the package map: slicing is pure Go (no
// dependency has cgo files, so CGO_ENABLED=0 builds it) and imports nothing
// above it (maxsat, encode, localize, internal/z3).
func TestDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, n, _ := strings.Cut(line, " ")
		if n != "0" {
			t.Errorf("slicing depends on %s, which uses cgo", path)
		}
		for _, banned := range []string{"/maxsat", "/encode", "/localize", "/internal/z3"} {
			if strings.HasPrefix(path, "github.com/faultloc/faultloc") && strings.Contains(path, banned) {
				t.Errorf("slicing depends on %s", path)
			}
		}
	}
}
