package nativetest

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDiscoverRerunSkipsEnded: after a test crashes the binary, the rerun
// skips it and the tests that ended before it, whose results are in,
// rather than running them again. The binary is a script that plays a
// suite of TestA (passes), TestB (crashes the binary) and TestC (passes),
// running what -test.run and -test.skip leave of it, and logs its
// -test.skip.
func TestDiscoverRerunSkipsEnded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake test binary is a shell script")
	}
	dir := t.TempDir()
	log := filepath.Join(dir, "skips")
	script := `#!/bin/sh
skip=""
for a in "$@"; do
	case "$a" in -test.skip=*) skip="${a#-test.skip=}";; esac
done
echo "skip=$skip" >> ` + log + `
ran() { echo "$skip" | grep -q "$1" && return 1; return 0; }
if ran TestA; then printf '\026=== RUN   TestA\n\026--- PASS: TestA (0.00s)\n'; fi
if ran TestB; then printf '\026=== RUN   TestB\n'; exit 2; fi
if ran TestC; then printf '\026=== RUN   TestC\n\026--- PASS: TestC (0.00s)\n'; fi
printf '\026PASS\n'
`
	bin := filepath.Join(dir, "pkg.test")
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	rs, crashed, err := (&Binary{Path: bin, Dir: dir}).Discover(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range rs {
		names = append(names, r.Name)
	}
	if got := strings.Join(names, " "); got != "TestA TestB TestC" || len(crashed) != 1 || crashed[0] != "TestB" {
		t.Errorf("found %q, crashed %q; want TestA TestB TestC, TestB crashed", got, crashed)
	}
	skips, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(skips)), "\n")
	if len(lines) < 2 || lines[1] != "skip=^(TestB|TestA)$" {
		t.Errorf("the runs' -test.skip: %q; want the rerun to skip TestB and TestA", lines)
	}
}
