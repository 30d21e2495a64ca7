package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
)

// TestNoCgoBuild builds the command with CGO_ENABLED=0, as go install
// does on a machine without a C compiler, and runs it on the README's
// example: the solver-backed search says that this build lacks it, the
// other stages rank the faulty line in the first three, and -all
// reports the diagnosis it could not make instead of failing.
//
// Only with -tags long: .ci/run runs it in its long step, after its own
// no-cgo build and smoke test (which this build then finds in the build
// cache); go test ./... would compile every package again without cgo
// the first time, a minute or more.
func TestNoCgoBuild(t *testing.T) {
	if testing.Short() || !longtest.Enabled {
		t.Skip("builds the command without cgo, which compiles every package again the first time (a minute or more): with -tags long and without -short only")
	}
	bin := filepath.Join(t.TempDir(), "faultloc")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build: %v\n%s", err, out)
	}
	faults, err := examples.FaultLines("../../examples/foo")
	if err != nil || len(faults) != 1 {
		t.Fatalf("examples/foo's fault: %v, %v", faults, err)
	}
	fault := faults[0]
	cmd := exec.Command(bin, "localize", "-tags", "faultloc", "-format", "json", "./examples/foo")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("faultloc localize: %v\n%s", err, stderr.String())
	}
	var reps []localize.Report
	if err := json.Unmarshal(out, &reps); err != nil || len(reps) != 1 {
		t.Fatalf("reports %d, %v:\n%s", len(reps), err, out)
	}
	rep := reps[0]
	if !rep.Partial || !strings.Contains(rep.Reason, "this build has no solver") {
		t.Errorf("reason %q (partial %v), want it to say the build has no solver", rep.Reason, rep.Partial)
	}
	rank := 0
	for _, l := range rep.Ranking {
		if filepath.Base(l.File) == filepath.Base(fault.File) && l.Line == fault.Line {
			rank = l.Rank
			break
		}
	}
	if rank == 0 || rank > 3 {
		t.Errorf("the faulty line %s is at rank %d, want among the first 3; ranking %+v", fault, rank, rep.Ranking)
	}

	cmd = exec.Command(bin, "localize", "-tags", "faultloc", "-all", "./examples/foo")
	cmd.Dir = "../.."
	out, err = cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "this build has no solver") || !strings.Contains(string(out), fmt.Sprintf("foo.go:%d:", fault.Line)) {
		t.Errorf("localize -all: %v, want the diagnosis's lines and the missing solver said:\n%s", err, out)
	}
}
