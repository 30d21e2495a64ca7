package nativetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Binary is a built test binary and how to run it.
type Binary struct {
	Path    string        // the executable
	Dir     string        // working directory of its runs: the package's directory, as go test does
	Env     []string      // extra environment entries, after NoExplain
	Timeout time.Duration // -test.timeout of one run; default 10 minutes
	// FailFast stops a run at its first failing test (-test.failfast):
	// the results then end with it.
	FailFast bool
	// Started, if not nil, receives the process id of each run as it
	// starts; Usage, if not nil, receives it again when the run ends,
	// with the run's wall time and its process' CPU time (user and
	// system, os.ProcessState).
	Started func(pid int)
	Usage   func(pid int, wall, cpu time.Duration)
}

// NoExplain is the environment entry every run of a test binary gets
// (before [Binary].Env): it turns off faultloctest's helper
// (faultloctest.EnvTimeout=off) in tests that call it. faultloc runs a
// package's tests natively for their coverage or verdicts; an
// explanation of a failing test there would run faultloc's pipeline
// again inside that run, and the native evidence stage of faultloctest's
// own explanation would then start another.
const NoExplain = "FAULTLOC_TIMEOUT=off"

// Run runs the binary once with -test.v=test2json, -test.run=run (if not
// empty), -test.skip=skip (if not empty) and, when profile is not empty,
// -test.coverprofile=profile. It returns the parsed results and whether the
// run completed; the error is only for a binary that could not be started
// or a cancelled context, not for failing tests.
func (b *Binary) Run(ctx context.Context, run, skip, profile string) ([]Result, bool, error) {
	timeout := b.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Minute
	}
	args := []string{"-test.v=test2json", "-test.count=1", "-test.timeout=" + timeout.String()}
	if b.FailFast {
		args = append(args, "-test.failfast")
	}
	if run != "" {
		args = append(args, "-test.run="+run)
	}
	if skip != "" {
		args = append(args, "-test.skip="+skip)
	}
	if profile != "" {
		args = append(args, "-test.coverprofile="+profile)
	}
	cmd := exec.CommandContext(ctx, b.Path, args...)
	cmd.WaitDelay = waitDelay
	cmd.Dir = b.Dir
	cmd.Env = append(append(os.Environ(), NoExplain), b.Env...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	start := time.Now()
	err := cmd.Start()
	if err == nil {
		if b.Started != nil {
			b.Started(cmd.Process.Pid)
		}
		err = cmd.Wait()
		if b.Usage != nil && cmd.ProcessState != nil {
			b.Usage(cmd.Process.Pid, time.Since(start), cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
		}
	}
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, false, fmt.Errorf("nativetest: running %s: %w", b.Path, err)
	}
	results, complete := Parse(&out)
	return results, complete && err == nil || complete && exit != nil && exit.ExitCode() == 1, nil
}

// List returns the names of the top-level tests, benchmarks, fuzz
// targets and examples whose names the regular expression pattern
// matches ("": all), in the order the binary lists them
// (-test.list), without running any.
func (b *Binary) List(ctx context.Context, pattern string) ([]string, error) {
	if pattern == "" {
		pattern = "."
	}
	cmd := exec.CommandContext(ctx, b.Path, "-test.list="+pattern)
	cmd.WaitDelay = waitDelay
	cmd.Dir = b.Dir
	cmd.Env = append(append(os.Environ(), NoExplain), b.Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("nativetest: listing the tests of %s: %v: %s", b.Path, err, bytes.TrimSpace(stderr.Bytes()))
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if isListed(line) {
			names = append(names, line)
		}
	}
	return names, nil
}

// isListed reports whether line of -test.list's output names a test,
// benchmark, fuzz target or example (not a warning the binary printed
// on the same stream).
func isListed(line string) bool {
	for _, prefix := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if strings.HasPrefix(line, prefix) && !strings.ContainsAny(line, " \t:") {
			return true
		}
	}
	return false
}

// Pattern returns the -test.run pattern that selects exactly the test or
// subtest called name: each level anchored and quoted. (A subtest whose own
// name contains "/" cannot be told from a deeper one; go test has the same
// ambiguity.)
func Pattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// Discover runs the whole suite once (the tests that run selects, as
// go test -run does, when it is not empty), without coverage, and returns
// every test, subtest and example that ran, with its verdict. When a test crashes
// the binary (a panic, os.Exit, a timeout), Discover runs the suite again
// skipping the crashed top-level test, and those that ended before it
// (their results are in), so the tests after it are still found without
// running the others again; then it runs each crashed test alone, skipping its crashed
// subtests one by one, so the subtests after a crashing one are found too
// (deeper levels are not explored). crashed lists the top-level tests that
// stopped a run.
func (b *Binary) Discover(ctx context.Context, run string) (results []Result, crashed []string, err error) {
	seen := map[string]bool{}
	merge := func(rs []Result) {
		for _, r := range rs {
			if !seen[r.Name] {
				seen[r.Name] = true
				results = append(results, r)
			}
		}
	}
	var ended []string // top-level tests that ended in a run that did not
	for {
		skip := ""
		if len(crashed) > 0 {
			skip = "^(" + quoteAll(append(slices.Clip(crashed), ended...)) + ")$"
			if len(skip) > maxSkip {
				skip = "^(" + quoteAll(crashed) + ")$"
			}
		}
		rs, complete, err := b.Run(ctx, run, skip, "")
		if err != nil {
			return results, crashed, err
		}
		merge(rs)
		if complete {
			break
		}
		top, _, _ := strings.Cut(culprit(rs), "/")
		if top == "" || slices.Contains(crashed, top) {
			return results, crashed, fmt.Errorf("nativetest: %s stopped before its end, and no running test is to blame", b.Path)
		}
		crashed = append(crashed, top)
		for _, r := range rs {
			if r.Ended && r.Name != top && !strings.Contains(r.Name, "/") {
				ended = append(ended, r.Name)
			}
		}
	}
	for _, top := range crashed {
		var subs []string
		for {
			skip := ""
			if len(subs) > 0 {
				skip = Pattern(top) + "/^(" + quoteAll(subs) + ")$"
			}
			rs, complete, err := b.Run(ctx, Pattern(top), skip, "")
			if err != nil {
				return results, crashed, err
			}
			merge(rs)
			parts := strings.Split(culprit(rs), "/")
			if complete || len(parts) < 2 || parts[0] != top || slices.Contains(subs, parts[1]) {
				break
			}
			subs = append(subs, parts[1])
		}
	}
	return results, crashed, nil
}

// maxSkip bounds the -test.skip expression of Discover's reruns: past it,
// they skip the crashed tests only (and run the others again), keeping
// the binary's argument well under the system's limit.
const maxSkip = 64 << 10

// culprit returns the test to blame for a run that did not complete: the
// last test to start of those left running or, when the crash let the test
// end first (a panic reports "--- FAIL" for the test and its parents), of
// those that failed.
func culprit(rs []Result) string {
	var running, failed string
	for _, r := range rs {
		if !r.Ended {
			running = r.Name
		}
		if r.Status == Fail && r.Ended {
			failed = r.Name
		}
	}
	if running != "" {
		return running
	}
	return failed
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = regexp.QuoteMeta(n)
	}
	return strings.Join(q, "|")
}

// Leaves returns the results that have no subtests: the test cases of a
// suite whose table-driven tests use t.Run.
func Leaves(results []Result) []Result {
	parent := map[string]bool{}
	for _, r := range results {
		if i := strings.LastIndexByte(r.Name, '/'); i >= 0 {
			for n := r.Name; ; {
				i := strings.LastIndexByte(n, '/')
				if i < 0 {
					break
				}
				n = n[:i]
				parent[n] = true
			}
		}
	}
	var out []Result
	for _, r := range results {
		if !parent[r.Name] {
			out = append(out, r)
		}
	}
	return out
}

// Cases returns the test cases of a suite: the [Leaves], plus every test
// that failed although none of its subtests did (it failed outside them,
// and only a run of the whole test shows it), in the results' order.
func Cases(results []Result) []Result {
	leaf := map[string]bool{}
	for _, r := range Leaves(results) {
		leaf[r.Name] = true
	}
	var out []Result
	for _, r := range results {
		if leaf[r.Name] {
			out = append(out, r)
			continue
		}
		if r.Status != Fail {
			continue
		}
		subFailed := slices.ContainsFunc(results, func(s Result) bool {
			return s.Status == Fail && strings.HasPrefix(s.Name, r.Name+"/")
		})
		if !subFailed {
			out = append(out, r)
		}
	}
	return out
}
