package interp

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/interp"
	"golang.org/x/tools/go/ssa/ssautil"
)

// The baseline of the conformance corpus: golang.org/x/tools' own SSA
// interpreter on the same programs, against the real standard library
// (built from source, as that interpreter needs), judged by the same rules.
// It takes minutes, so it runs only when asked:
//
//	go test ./trace -run TestConformanceXTools -xtools -v
//
// Each program runs in a child process (this test binary, re-executed), as
// x/tools' interpreter has no step budget and may hang or write to the
// process's file descriptors.

var xtoolsFlag = flag.Bool("xtools", false, "run TestConformanceXTools: the conformance corpus under x/tools' interpreter")

const xtoolsEnv = "FAULTLOC_XTOOLS_PROGRAM" // child mode: "dir|pkg|resultfile"

// xtoolsTimeout bounds one program under x/tools' interpreter (loading the
// standard library from source included).
const xtoolsTimeout = 2 * time.Minute

func TestConformanceXTools(t *testing.T) {
	if spec := os.Getenv(xtoolsEnv); spec != "" {
		xtoolsChild(spec)
		return
	}
	if !*xtoolsFlag {
		t.Skip("takes minutes; run with -xtools")
	}
	progs := conformanceCorpus(t)
	dir := t.TempDir()
	pkgs := conformanceModule(t, dir, progs)
	results := make([]confResult, len(progs))
	var wg sync.WaitGroup
	work := make(chan int)
	for range max(1, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range work {
				p := progs[i]
				r := confResult{name: p.name}
				if p.skip != "" {
					r.result, r.reason = "skip", p.skip
				} else {
					r.result, r.reason = xtoolsRun(t, dir, pkgs[p], p)
				}
				r.reason = cleanReason(r.reason, dir)
				results[i] = r
			}
		})
	}
	for i := range progs {
		work <- i
	}
	close(work)
	wg.Wait()
	counts := map[string]int{}
	groups := map[string]map[string]int{}
	for _, r := range results {
		counts[r.result]++
		g := confGroup(r.name)
		if groups[g] == nil {
			groups[g] = map[string]int{}
		}
		groups[g][r.result]++
		t.Logf("%s\t%s\t%s", r.name, r.result, r.reason)
	}
	for _, g := range slices.Sorted(maps.Keys(groups)) {
		c := groups[g]
		t.Logf("%s: %d passed, %d failed, %d skipped", g, c["pass"], c["fail"], c["skip"])
	}
	t.Logf("x/tools interp conformance: %d passed, %d failed, %d skipped", counts["pass"], counts["fail"], counts["skip"])
}

// xtoolsRun runs one program in a child process and judges it.
func xtoolsRun(t *testing.T, dir, pkg string, p *confProgram) (result, reason string) {
	resFile := filepath.Join(t.TempDir(), "exit")
	ctx, cancel := context.WithTimeout(context.Background(), xtoolsTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestConformanceXTools$")
	cmd.Env = append(os.Environ(), xtoolsEnv+"="+dir+"|"+pkg+"|"+resFile)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return "fail", fmt.Sprintf("timeout after %v", xtoolsTimeout)
	}
	code, rerr := os.ReadFile(resFile)
	if rerr != nil {
		return "fail", fmt.Sprintf("interpreter crashed (%v): %q", err, tail(out.String()))
	}
	status := string(code)
	if status != "0" {
		return "fail", fmt.Sprintf("%s; output %q", status, tail(out.String()))
	}
	return judgeOutput(p, out.String())
}

// xtoolsChild loads and interprets one program, then exits: the program's
// output is this process's; the result file holds the exit code, or the
// reason it did not run.
func xtoolsChild(spec string) {
	parts := strings.Split(spec, "|")
	dir, pkg, resFile := parts[0], parts[1], parts[2]
	status := func() (status string) {
		defer func() {
			if x := recover(); x != nil {
				status = fmt.Sprintf("interpreter panicked: %v", x)
			}
		}()
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")}
		initial, err := packages.Load(cfg, pkg)
		if err != nil {
			return "load: " + err.Error()
		}
		if packages.PrintErrors(initial) > 0 {
			return "load: errors"
		}
		prog, ps := ssautil.AllPackages(initial, ssa.InstantiateGenerics)
		prog.Build()
		code := interp.Interpret(ps[0], 0, types.SizesFor("gc", runtime.GOARCH), pkg, nil)
		if code != 0 {
			return "exit code " + strconv.Itoa(code)
		}
		return "0"
	}()
	os.WriteFile(resFile, []byte(status), 0o644)
	os.Exit(0)
}
