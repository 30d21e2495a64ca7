package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestLocalizeListings counts the go list -export runs of a localization
// with mutation analysis (the fix probe and -tiebreak mutation) through a
// go command on PATH that logs its arguments: the program is listed once
// for its load and once for the mutant schemas' targets; the schemas'
// loads reuse the program's listing (they change only the targets'
// bodies); a second localization of the same program in the same
// process lists nothing again (the loads are memoized).
func TestLocalizeListings(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the logging go command is a shell script")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := t.TempDir()
	log := filepath.Join(bin, "log")
	script := "#!/bin/sh\necho \"$*\" >> '" + log + "'\nexec '" + goCmd + "' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	listings := func() int {
		b, _ := os.ReadFile(log)
		return strings.Count(string(b), "-export=true")
	}
	args := []string{"localize", "-tags", "faultloc", "-native=false", "-max-size", "1", "-tiebreak", "mutation", "../../examples/foo"}
	// The program's load and mutate.Build's (once for both schemas);
	// the two schemas' loads (the fix probe's and the analysis') list
	// nothing of their own.
	for i, want := range []int{2, 2} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("run %d: exit %d, stderr:\n%s", i+1, code, errb.String())
		}
		if got := listings(); got != want {
			t.Errorf("after run %d: %d go list -export runs, want %d", i+1, got, want)
		}
	}
}
