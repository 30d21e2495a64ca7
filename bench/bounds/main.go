// Command bounds measures whether faultloc keeps the time bounds a user
// sets: each row calls an API with a context deadline, or runs a command
// with -deadline or stops it with SIGTERM, or bounds each failing case
// (pipeline.Options.Timeout, -timeout) and lets the call end by itself, on
// a subject that takes longer than the bound, and records when the call
// returned and what it returned.
//
//	go run ./bench/bounds [-rows a,b] [-out FILE]
//
// A bound is kept when the call returns within 10% of it, or within 2 s
// for bounds under 20 s, with a result: a report marked partial, or for
// a command the partial report written and exit status 3 (with
// -timeout, or repair ending before its -deadline: exit status 0 and a
// report marked partial). The subjects
// are this repository's: testdata/long, whose TestSumLarge's three
// subtests fail after 100,000 to 140,000 iterations (AgxFaults'
// encoding and the diagnosis of several cases take far longer than the
// bounds), taken whole by the package pipeline, repair and faultloc
// localize; testdata/longfuzz, the same sum under a fuzz target whose
// failing seed runs as long (sattar.Run); examples/max3's regression
// (regress); and for spectra
// cmd/faultloc/testdata/slowspectra, whose TestSlow runs for a minute
// in its own run. The report names
// its command and the machine's load: a loaded machine stretches the
// uninterruptible steps, and so the overshoots.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
)

func main() {
	only := flag.String("rows", "", "comma-separated names of the rows to run (default all)")
	out := flag.String("out", "", "also write the report to this file")
	flag.Parse()
	if err := run(*only, *out); err != nil {
		fmt.Fprintln(os.Stderr, "bounds:", err)
		os.Exit(1)
	}
}

func run(only, out string) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "bounds")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "faultloc")
	build := exec.Command("go", "build", "-o", bin, "./cmd/faultloc")
	build.Dir = root
	if b, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building faultloc: %v\n%s", err, b)
	}
	env := &env{root: root, bin: bin}
	load := loadavg.Now()
	var results []result
	for _, r := range rows {
		if only != "" && !contains(strings.Split(only, ","), r.name) {
			continue
		}
		fmt.Fprintf(os.Stderr, "bounds: %s (bound %v)\n", r.name, r.bound)
		res := r.run(env, r.bound)
		res.row = r
		results = append(results, res)
		fmt.Fprintf(os.Stderr, "bounds: %s: %v, %s\n", r.name, res.elapsed.Round(time.Millisecond), res.outcome)
	}
	var b bytes.Buffer
	writeReport(&b, results, load)
	os.Stdout.Write(b.Bytes())
	if out != "" {
		return os.WriteFile(out, b.Bytes(), 0o666)
	}
	return nil
}

// env is what every row needs: the repository and the command built
// from it.
type env struct {
	root, bin string
}

// A row is one bounded call.
type row struct {
	name  string // short, for -rows
	call  string // what is called, for the report
	bound time.Duration
	run   func(e *env, bound time.Duration) result
}

// result is what a row's call did.
type result struct {
	row      row
	elapsed  time.Duration // from the call to its return (or the command's exit)
	partial  bool          // a result came back, marked partial
	complete bool          // a whole result came back, not partial, without an error
	outcome  string        // what came back, in words
}

// kept reports whether r ended within its bound's margin with a result,
// partial or whole (a call that answers before its bound keeps it).
func (r result) kept() bool {
	return (r.partial || r.complete) && r.elapsed <= r.row.bound+margin(r.row.bound)
}

// margin is how far past bound a call may return: 10% of it, or 2 s
// when that is more.
func margin(bound time.Duration) time.Duration {
	return max(bound/10, 2*time.Second)
}

// command runs faultloc with args in the repository, sending SIGTERM
// after stopAfter if that is not zero, and reports when it exited and
// whether it wrote a partial report with exit status 3.
func (e *env) command(stopAfter time.Duration, args ...string) result {
	cmd := exec.Command(e.bin, args...)
	cmd.Dir = e.root
	mark, err := os.MkdirTemp("", "bounds-mark")
	if err != nil {
		return result{outcome: err.Error()}
	}
	defer os.RemoveAll(mark)
	cmd.Env = append(os.Environ(), "FAULTLOC_SLOW_MARK="+filepath.Join(mark, "mark")) // spectra's subject
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{outcome: err.Error()}
	}
	if stopAfter > 0 {
		t := time.AfterFunc(stopAfter, func() { cmd.Process.Signal(syscall.SIGTERM) })
		defer t.Stop()
	}
	err = cmd.Wait()
	res := result{elapsed: time.Since(start)}
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		res.outcome = err.Error()
		return res
	}
	res.partial = code == 3 && stdout.Len() > 0
	// A command that ends before its -deadline with a partial result
	// (repair's search takes 70% of it, the rest for validation).
	early := code == 0 && bytes.Contains(stdout.Bytes(), []byte(`"partial": true`))
	switch {
	case res.partial:
		res.outcome = fmt.Sprintf("exit 3, partial report of %d bytes", stdout.Len())
	case early:
		res.partial = true
		res.outcome = fmt.Sprintf("exit 0 before the deadline, partial report of %d bytes", stdout.Len())
	default:
		res.complete = code == 0 && stdout.Len() > 0
		res.outcome = fmt.Sprintf("exit %d, %d bytes of report: %s", code, stdout.Len(), lastLine(stderr.String()))
	}
	return res
}

// timeoutCommand runs faultloc with args, which bound each failing case
// (-timeout) and ask for -format json: it ends by itself (exit 0), its
// result partial when some report is.
func (e *env) timeoutCommand(args ...string) result {
	cmd := exec.Command(e.bin, args...)
	cmd.Dir = e.root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res := result{elapsed: time.Since(start)}
	if err != nil {
		res.outcome = fmt.Sprintf("%v: %s", err, lastLine(stderr.String()))
		return res
	}
	var reps []struct {
		Partial bool `json:"partial"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &reps); err != nil {
		res.outcome = fmt.Sprintf("exit 0, not a JSON report: %v", err)
		return res
	}
	partial := 0
	for _, r := range reps {
		if r.Partial {
			partial++
		}
	}
	res.partial = partial > 0
	res.complete = partial == 0 && len(reps) > 0
	res.outcome = fmt.Sprintf("exit 0, %d reports, %d partial", len(reps), partial)
	return res
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.TrimSpace(x) == s {
			return true
		}
	}
	return false
}

// repoRoot is the module root above the working directory.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not in the faultloc module")
	}
	return filepath.Dir(mod), nil
}

// header is the report's first lines.
func header(load string) string {
	return fmt.Sprintf("- go: %s %s/%s, %d CPUs\n- load average at start: %s\n\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), load)
}
