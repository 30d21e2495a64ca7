package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProfiles: -cpuprofile and -memprofile write gzipped pprof files
// (their magic number) for each command, and a file that cannot be
// created is a usage error naming its flag, before anything runs.
func TestProfiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the commands")
	}
	dir := t.TempDir()
	for _, tt := range []struct {
		cmd  string
		args []string
	}{
		{"spectra", []string{"-tags=faultloc", triangle}},
		{"localize", []string{"-tags=faultloc", "-probe=false", "-run", "TestFoo", "../../examples/foo"}},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			cpu, mem := filepath.Join(dir, tt.cmd+".cpu"), filepath.Join(dir, tt.cmd+".mem")
			var out, errb bytes.Buffer
			args := append([]string{tt.cmd, "-cpuprofile", cpu, "-memprofile", mem}, tt.args...)
			if code := run(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("exit %d; stderr:\n%s", code, errb.String())
			}
			for _, f := range []string{cpu, mem} {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
					t.Errorf("%s: not a gzipped profile (%d bytes)", f, len(b))
				}
			}
			for _, flag := range []string{"-cpuprofile", "-memprofile"} {
				errb.Reset()
				args := append([]string{tt.cmd, flag, filepath.Join(dir, "missing", "p")}, tt.args...)
				if code := run(context.Background(), args, &out, &errb); code != 1 || !strings.Contains(errb.String(), flag+": open ") {
					t.Errorf("%s into a missing directory: exit %d, stderr %q", flag, code, errb.String())
				}
			}
		})
	}
}
