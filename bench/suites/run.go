package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/faultloc/faultloc/internal/modfetch"
)

// caseResult is one case of a library: go test's verdict and what the
// interpreter made of it.
type caseResult struct {
	Name    string
	Native  string        // go test's verdict: pass, fail or skip
	Elapsed time.Duration // go test's time for it
	Ran     bool          // the interpreter ran it to a verdict
	Verdict string        `json:",omitempty"` // the interpreter's verdict, when it ran
	// SameOutput: the interpreted log equals go test's, durations aside
	// (normalizeLog).
	SameOutput bool   `json:",omitempty"`
	Error      string `json:",omitempty"` // why it could not run
	Detail     string `json:",omitempty"` // why the interpreted case failed
	OutputDiff string `json:",omitempty"` // the first line where the logs differ
	// InOrder: it failed run alone and passed run after the test
	// functions go test runs before it (RunOptions.EarlierTests).
	InOrder   bool `json:",omitempty"`
	Wall, CPU time.Duration
}

// sameVerdict reports whether the interpreter ran the case to go test's
// verdict.
func (c *caseResult) sameVerdict() bool { return c.Ran && c.Verdict == c.Native }

// falseFailure reports whether the case passes natively and fails
// interpreted: a bug the user would chase that does not exist.
func (c *caseResult) falseFailure() bool { return c.Ran && c.Native == "pass" && c.Verdict == "fail" }

// libResult is a library's suite, native and interpreted.
type libResult struct {
	Name    string
	Family  family
	Mod     string
	Cases   []caseResult
	Native  struct{ Wall, CPU time.Duration } // the test binary's run
	Load    struct{ Wall, CPU time.Duration } // loading it with its tests
	Err     string                            `json:",omitempty"` // why no case could be measured or run
	Partial string                            `json:",omitempty"` // why some cases were not tried
}

// options are the bounds of a run.
type options struct {
	caseBounds caseBounds    // one interpreted case
	libTimeout time.Duration // a library, native and interpreted
	restarts   int           // worker processes started again after one dies
}

// copyModule copies lib's module into a directory of its own under tmp
// and returns the directory.
func copyModule(ctx context.Context, lib library, tmp string) (string, error) {
	dir := filepath.Join(tmp, strings.NewReplacer("/", "_", "@", "_").Replace(lib.mod))
	return dir, modfetch.Copy(ctx, lib.mod, dir)
}

// measure runs lib's suite natively, then under the interpreter in
// worker processes, within opts.libTimeout.
func measure(ctx context.Context, lib library, tmp string, opts options) *libResult {
	r := &libResult{Name: lib.name(), Family: lib.family, Mod: lib.mod}
	ctx, cancel := context.WithTimeout(ctx, opts.libTimeout)
	defer cancel()
	dir, err := copyModule(ctx, lib, tmp)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer os.RemoveAll(dir)
	// Half the library's time at most for its native run.
	native, err := runNative(ctx, dir, lib.pkg, opts.libTimeout/2)
	if err != nil {
		r.Err = "native run: " + err.Error()
		return r
	}
	r.Native.Wall, r.Native.CPU = native.Wall, native.CPU
	if native.TimedOut {
		r.Partial = fmt.Sprintf("the native run timed out (%v): the cases it did not reach are missing", opts.libTimeout/2)
	}
	byName := map[string]*caseResult{}
	for _, c := range native.Cases {
		r.Cases = append(r.Cases, caseResult{Name: c.Name, Native: c.Verdict, Elapsed: c.Elapsed})
	}
	for i := range r.Cases {
		byName[r.Cases[i].Name] = &r.Cases[i]
	}
	todo := native.Cases
	for try := 0; len(todo) > 0; try++ {
		recs, stderr, werr := runWorker(ctx, dir, lib.pkg, native.ImportPath, todo, opts.caseBounds, tmp)
		loaded := false
		var started string
		for _, rec := range recs {
			switch rec.Kind {
			case "load":
				r.Load.Wall += rec.Wall
				r.Load.CPU += rec.CPU
				if rec.Error != "" {
					for i := range r.Cases {
						r.Cases[i].Error = "load: " + relative(rec.Error, dir)
					}
					return r
				}
				loaded = true
			case "start":
				started = rec.Name
			case "case":
				c := byName[rec.Name]
				c.Ran, c.Verdict, c.SameOutput = rec.Ran, rec.Verdict, rec.SameOutput
				c.Error, c.Detail, c.Wall, c.CPU = relative(rec.Error, dir), relative(rec.Detail, dir), rec.Wall, rec.CPU
				c.OutputDiff, c.InOrder = rec.OutputDiff, rec.InOrder
				started = ""
			}
		}
		done := map[string]bool{}
		for _, rec := range recs {
			if rec.Kind == "case" {
				done[rec.Name] = true
			}
		}
		var rest []nativeCase
		for _, c := range todo {
			if !done[c.Name] && c.Name != started {
				rest = append(rest, c)
			}
		}
		switch {
		case werr == nil && len(rest) == 0:
			return r
		case ctx.Err() != nil:
			if started != "" {
				byName[started].Error = fmt.Sprintf("not finished: the library's time bound (%v) was reached during the case", opts.libTimeout)
			}
			for _, c := range rest {
				byName[c.Name].Error = fmt.Sprintf("not tried: the library's time bound (%v) was reached", opts.libTimeout)
			}
			r.addPartial(fmt.Sprintf("stopped at the library's time bound (%v): %d cases not tried", opts.libTimeout, len(rest)+btoi(started != "")))
			return r
		case !loaded:
			msg := "the interpreter's process ended while loading: " + lastLine(stderr, werr)
			for i := range r.Cases {
				r.Cases[i].Error = msg
			}
			return r
		}
		if started != "" {
			byName[started].Error = "the interpreter's process ended during the case: " + lastLine(stderr, werr)
		}
		if try >= opts.restarts {
			for _, c := range rest {
				byName[c.Name].Error = "not tried: the interpreter's process ended too often"
			}
			r.addPartial(fmt.Sprintf("the interpreter's process ended %d times: %d cases not tried", try+1, len(rest)))
			return r
		}
		todo = rest
	}
	return r
}

// addPartial adds why r is partial to what r.Partial says.
func (r *libResult) addPartial(why string) {
	if r.Partial != "" {
		why = r.Partial + "; " + why
	}
	r.Partial = why
}

// relative makes the paths in msg of files in the module copy dir
// relative to it.
func relative(msg, dir string) string {
	return strings.ReplaceAll(msg, dir+string(filepath.Separator), "")
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lastLine is the last line a dead worker wrote on its standard error,
// or its exit status.
func lastLine(stderr []byte, err error) string {
	lines := strings.Split(strings.TrimSpace(string(stderr)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "goroutine ") {
			if strings.HasPrefix(l, "suites: ") || strings.HasPrefix(l, "fatal error") || strings.HasPrefix(l, "panic:") {
				return l
			}
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "fatal error") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			return strings.TrimSpace(l)
		}
	}
	if err != nil {
		return err.Error()
	}
	return "no record"
}

// runWorker runs this command as a worker on cases and returns the
// records it wrote, its standard error and how it ended.
func runWorker(ctx context.Context, dir, pkg, importPath string, cases []nativeCase, bounds caseBounds, tmp string) ([]record, []byte, error) {
	f, err := os.CreateTemp(tmp, "job")
	if err != nil {
		return nil, nil, err
	}
	defer os.Remove(f.Name())
	out := f.Name() + ".out"
	defer os.Remove(out)
	b, _ := json.Marshal(job{Dir: dir, Pkg: pkg, ImportPath: importPath, Cases: cases, Bounds: bounds, Out: out})
	f.Write(b)
	f.Close()
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(goEnv(), workerEnv+"="+f.Name())
	cmd.WaitDelay = 10 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &tail{buf: &stderr, max: 64 << 10}
	werr := cmd.Run()
	recs, rerr := readRecords(out)
	return recs, stderr.Bytes(), errors.Join(werr, rerr)
}

// readRecords reads a worker's records; a last line cut short by the
// process's end is dropped.
func readRecords(path string) ([]record, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	var recs []record
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var r record
		if json.Unmarshal(sc.Bytes(), &r) == nil {
			recs = append(recs, r)
		}
	}
	return recs, sc.Err()
}

// tail keeps the last max bytes written to it.
type tail struct {
	buf *bytes.Buffer
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.buf.Write(p)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(p), nil
}
