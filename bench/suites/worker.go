package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// A job is what the parent gives a worker process: one library's suite
// to interpret, case by case. Each library runs in a process of its own,
// so that the parent can bound it by killing it, and measure its CPU
// time apart from the other libraries'.
type job struct {
	Dir        string       // the module copy
	Pkg        string       // the package, relative to Dir
	ImportPath string       // the package's import path
	Cases      []nativeCase // the cases to run, with go test's verdict and log
	Bounds     caseBounds   // each case's CPU and wall time bounds
	Out        string       // the file the worker appends its records to
}

// A record is one line of a worker's output file: the load, the start of
// a case (so that a case during which the process dies is known), or a
// case's outcome.
type record struct {
	Kind string // "load", "start" or "case"
	Name string `json:",omitempty"` // the case

	Ran        bool   `json:",omitempty"` // the interpreter ran it to a verdict
	Verdict    string `json:",omitempty"` // pass, fail or skip, when it ran
	SameOutput bool   `json:",omitempty"` // its log equals go test's
	Error      string `json:",omitempty"` // why it could not run, or why the load failed
	Detail     string `json:",omitempty"` // why an interpreted case failed
	OutputDiff string `json:",omitempty"` // the first line where the logs differ

	Wall  time.Duration `json:",omitempty"`
	CPU   time.Duration `json:",omitempty"` // of the worker process during the case
	Steps int64         `json:",omitempty"`
	// InOrder: the case failed alone and passed run after the test
	// functions go test runs before it (its verdict is that run's).
	InOrder bool `json:",omitempty"`
}

// workerMain is the worker process: it reads a job from the file named
// and writes records to job.Out as it goes. It exits with 3 if a case
// outlives one of its bounds by far (watchCase: the interpreter did not
// see the context's end), so that the parent goes on with the next case.
func workerMain(jobFile string) error {
	b, err := os.ReadFile(jobFile)
	if err != nil {
		return err
	}
	var j job
	if err := json.Unmarshal(b, &j); err != nil {
		return fmt.Errorf("job %s: %v", jobFile, err)
	}
	f, err := os.OpenFile(j.Out, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	defer f.Close()
	w := &recordWriter{w: bufio.NewWriter(f)}
	return runJob(context.Background(), &j, w)
}

// recordWriter writes records one per line, flushed at once.
type recordWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func (rw *recordWriter) write(r record) {
	rw.mu.Lock()
	defer rw.mu.Unlock()
	b, _ := json.Marshal(r)
	rw.w.Write(append(b, '\n'))
	rw.w.Flush()
}

// runJob loads the job's package with its tests and runs its cases.
func runJob(ctx context.Context, j *job, w *recordWriter) error {
	start, cpu0 := time.Now(), cpuTime()
	p, err := trace.Load(ctx, &trace.Config{Dir: j.Dir, Tests: true, Env: goEnv(), Module: true}, j.Pkg)
	load := record{Kind: "load", Wall: time.Since(start), CPU: cpuTime() - cpu0}
	if err != nil {
		load.Error = err.Error()
		w.write(load)
		return nil
	}
	w.write(load)
	// go test's time for each case that passed is evidence of the steps
	// it needs (a case under 5 ms is reported as 0.00s).
	times := map[string]time.Duration{}
	for _, c := range j.Cases {
		if c.Verdict == "pass" {
			times[c.Name] = max(c.Elapsed, time.Millisecond)
		}
	}
	p.SetNativeTimes(j.ImportPath, times)
	for _, c := range j.Cases {
		w.write(record{Kind: "start", Name: c.Name})
		w.write(runCase(ctx, p, j, c))
	}
	return nil
}

// runCase runs one case under the interpreter and compares it with go
// test's verdict and log, within j.Bounds (watchCase).
func runCase(ctx context.Context, p *trace.Program, j *job, c nativeCase) (r record) {
	r = record{Kind: "case", Name: c.Name}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	done := make(chan struct{})
	defer close(done)
	go watchCase(c.Name, j.Bounds, cancel, done)
	start, cpu0 := time.Now(), cpuTime()
	defer func() {
		r.Wall, r.CPU = time.Since(start), cpuTime()-cpu0
		if v := recover(); v != nil {
			r.Ran, r.Error = false, fmt.Sprintf("panic escaping the interpreter: %v", v)
		}
	}()
	res, err := p.RunGoTest(ctx, j.ImportPath, c.Name, &trace.RunOptions{NoTrace: true})
	// The case is over its bound if watchCase ended it: the interpreter
	// then returns the context's error, or a result cut short.
	var over *boundError
	if !errors.As(context.Cause(ctx), &over) || err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		over = nil
	}
	if over == nil && err == nil && res != nil && res.Result != nil && res.Failed && c.Verdict == "pass" {
		// It fails alone: go test ran it after the test functions before
		// it, in the same process, whose state it may need. If that run
		// does not pass within the case's bounds, the case's verdict is
		// the one it has alone.
		if again, err2 := p.RunGoTest(ctx, j.ImportPath, c.Name, &trace.RunOptions{NoTrace: true, EarlierTests: true}); err2 == nil && ctx.Err() == nil && again != nil && again.Result != nil && again.Passed() {
			res, r.InOrder = again, true
		}
	}
	if res != nil && res.Result != nil {
		r.Steps = res.Steps
	}
	switch {
	case over != nil:
		r.Error = over.Error()
		return r
	case err != nil:
		r.Error = err.Error()
		return r
	case res == nil || !res.Ran:
		r.Error = "the interpreter did not start the case"
		return r
	}
	r.Ran = true
	switch {
	case res.Failed:
		r.Verdict = "fail"
		r.Detail = failureDetail(res)
	case res.Skipped:
		r.Verdict = "skip"
	default:
		r.Verdict = "pass"
	}
	log := normalizeLog(res.Log)
	r.SameOutput = log == c.Log
	if !r.SameOutput {
		r.OutputDiff = firstDiff(c.Log, log)
	}
	return r
}

// firstDiff describes the first line where the interpreted log differs
// from go test's.
func firstDiff(native, interpreted string) string {
	n, i := strings.Split(native, "\n"), strings.Split(interpreted, "\n")
	for k := 0; ; k++ {
		var a, b string
		if k < len(n) {
			a = n[k]
		}
		if k < len(i) {
			b = i[k]
		}
		if a != b || k >= len(n) && k >= len(i) {
			return fmt.Sprintf("line %d: go test %q, interpreted %q", k+1, cut(a, 80), cut(b, 80))
		}
	}
}

// failureDetail says why an interpreted case failed: the budget that ran
// out, the panic, or the first assertion's message (its first two lines),
// or else the first lines it logged.
func failureDetail(res *trace.CaseResult) string {
	switch res.Outcome {
	case trace.BudgetExceeded:
		return "budget exceeded: " + res.Failure
	case trace.Panicked:
		if res.Panic != nil {
			return "panic: " + res.Panic.Message
		}
	case trace.Exited:
		return fmt.Sprintf("os.Exit(%d)", res.ExitCode)
	}
	for _, a := range res.Assertions {
		if m := firstLines(a.Message, 2); m != "" {
			return m
		}
	}
	if res.Failure != "" {
		return firstLines(res.Failure, 2)
	}
	var lines []string
	for _, l := range strings.Split(res.Log, "\n") {
		if !strings.HasPrefix(l, "=== ") && !strings.HasPrefix(strings.TrimSpace(l), "--- ") {
			lines = append(lines, l)
		}
	}
	if m := firstLines(strings.Join(lines, "\n"), 2); m != "" {
		return m
	}
	return fmt.Sprintf("failed with no message (%v)", res.Outcome)
}

// firstLines joins the first n non-blank lines of s, trimmed, with "; ".
func firstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && len(out) < n {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}
