package slicing

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDependencies enforces the package map: slicing is pure Go (no
// dependency outside the standard library has cgo files, so
// CGO_ENABLED=0 builds it) and imports nothing
// above it (maxsat, encode, localize, internal/z3).
func TestDependencies(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{len .CgoFiles}} {{.Standard}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		path, n, std := f[0], f[1], f[2] == "true"
		// Standard packages with optional cgo (net, runtime/cgo) build
		// without it, as internal/apicheck's rule has it.
		if n != "0" && !std {
			t.Errorf("slicing depends on %s, which uses cgo", path)
		}
		for _, banned := range []string{"/maxsat", "/encode", "/localize", "/internal/z3"} {
			if strings.HasPrefix(path, "github.com/faultloc/faultloc") && strings.Contains(path, banned) {
				t.Errorf("slicing depends on %s", path)
			}
		}
	}
}
