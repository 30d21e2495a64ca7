package main

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/longtest"
)

// TestNoPanicOfOurs runs faultloc localize with its default flags over
// every failing case of every historical bug (each bug put back into its
// release, fetched through the module proxy) and fails on any panic of
// faultloc's own: a crash of the command or a stage's panic recovered in
// a report. The quality of the rankings is bench/realbugs' report's
// business; here each case has a short bound. It runs under -tags long
// (about half an hour on 2 cores):
//
//	go test -tags long -run TestNoPanicOfOurs ./bench/realbugs
func TestNoPanicOfOurs(t *testing.T) {
	if !longtest.Enabled {
		t.Skip("runs every historical bug: go test -tags long")
	}
	ctx := context.Background()
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "faultloc")
	if o, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/faultloc/faultloc/cmd/faultloc").CombinedOutput(); err != nil {
		t.Fatalf("building faultloc: %v\n%s", err, o)
	}
	for _, b := range bugs {
		r := runBug(ctx, b, bin, tmp, 5*time.Second, false)
		switch {
		case r.invalid != "":
			t.Errorf("%s: not a valid bug: %s", b.Name, r.invalid)
		case r.crash != "":
			t.Errorf("%s: %s (faultloc's output in %s.stderr and .json)", b.Name, r.crash, filepath.Join(tmp, "bug", strings.ReplaceAll(b.Name, "/", "_")))
		default:
			t.Logf("%s: %s", b.Name, r.summary())
		}
	}
}
