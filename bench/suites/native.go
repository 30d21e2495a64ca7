package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// goEnv is the environment of every go command and test run: the copy's
// own go.mod, completed from the module proxy, and no workspace.
func goEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
}

// nativeCase is one case as go test reports it.
type nativeCase struct {
	Name    string
	Verdict string        // pass, fail or skip
	Elapsed time.Duration // go test's figure, to the hundredth of a second
	Log     string        // its output events, durations normalized
}

// nativeSuite is a package's suite run natively.
type nativeSuite struct {
	ImportPath string
	Cases      []nativeCase  // the leaves, in the order they started
	Wall, CPU  time.Duration // of the test binary's process
	// TimedOut: the binary reached its -test.timeout, so that the cases
	// after the one it was in are missing.
	TimedOut bool
}

// runNative builds the test binary of pkg in the module copy dir and runs
// it as go test does (from the package's directory, its output read by
// test2json), within ctx.
func runNative(ctx context.Context, dir, pkg string, timeout time.Duration) (*nativeSuite, error) {
	list := exec.CommandContext(ctx, "go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}", pkg)
	list.Dir = dir
	list.Env = goEnv()
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v%s", pkg, err, stderrOf(err))
	}
	importPath, pkgDir, _ := strings.Cut(strings.TrimSpace(string(out)), "\t")
	// go test -c names the binary in the directory -o names (a suite may
	// print os.Args[0]).
	binDir := filepath.Join(dir, "suite.bin") + string(filepath.Separator)
	build := exec.CommandContext(ctx, "go", "test", "-c", "-vet=off", "-o", binDir, pkg)
	build.Dir = dir
	build.Env = goEnv()
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go test -c %s: %v\n%s", pkg, err, out)
	}
	bins, _ := filepath.Glob(filepath.Join(binDir, "*.test"))
	if len(bins) != 1 {
		return nil, fmt.Errorf("go test -c %s: %d test binaries in %s", pkg, len(bins), binDir)
	}
	bin := bins[0]
	run := exec.CommandContext(ctx, bin, "-test.v=test2json", "-test.paniconexit0", "-test.timeout="+timeout.String())
	run.Dir = pkgDir
	run.Env = goEnv()
	var stdout bytes.Buffer
	run.Stdout = &stdout
	run.Stderr = &stdout
	start := time.Now()
	err = run.Run() // failing tests make the binary exit 1
	s := &nativeSuite{ImportPath: importPath, Wall: time.Since(start)}
	if run.ProcessState == nil {
		return nil, fmt.Errorf("%s: %v", pkg, err)
	}
	s.CPU = run.ProcessState.UserTime() + run.ProcessState.SystemTime()
	s.TimedOut = bytes.Contains(stdout.Bytes(), []byte("panic: test timed out after"))
	conv := exec.CommandContext(ctx, "go", "tool", "test2json", "-t", "-p", importPath)
	conv.Stdin = &stdout
	conv.Env = goEnv()
	events, cerr := conv.Output()
	if cerr != nil {
		return nil, fmt.Errorf("go tool test2json: %v%s", cerr, stderrOf(cerr))
	}
	s.Cases, cerr = parseTestJSON(events)
	if cerr != nil {
		return nil, fmt.Errorf("%s: %v (test binary: %v)", pkg, cerr, err)
	}
	return s, nil
}

func stderrOf(err error) string {
	if e, ok := err.(*exec.ExitError); ok && len(e.Stderr) > 0 {
		return "\n" + string(e.Stderr)
	}
	return ""
}

// testEvent is an event of go test -json (cmd/test2json).
type testEvent struct {
	Action  string
	Test    string
	Output  string
	Elapsed float64
}

var durations = regexp.MustCompile(`\(\d+\.\d+s\)`)

// normalizeLog replaces the durations go test prints with (0.00s), and
// each byte that is not valid UTF-8 with U+FFFD, as go test -json's
// events carry the output (encoding/json's strings are valid UTF-8).
func normalizeLog(s string) string {
	s = durations.ReplaceAllString(s, "(0.00s)")
	if utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			sb.WriteRune(utf8.RuneError)
		} else {
			sb.WriteString(s[:n])
		}
		s = s[n:]
	}
	return sb.String()
}

// parseTestJSON reads go test -json's events of one package and returns
// its leaf cases (the tests that ran no subtest and the leaf subtests), in
// the order they started. A case with no final verdict (the binary died
// or timed out during it) is a failure, as go test reports it.
func parseTestJSON(b []byte) ([]nativeCase, error) {
	var order []string
	verdict := map[string]string{}
	elapsed := map[string]float64{}
	logs := map[string]*strings.Builder{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var e testEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("go test -json: %v", err)
		}
		if e.Test == "" {
			continue
		}
		switch e.Action {
		case "run":
			if logs[e.Test] == nil {
				order = append(order, e.Test)
				logs[e.Test] = &strings.Builder{}
			}
		case "pass", "fail", "skip":
			verdict[e.Test] = e.Action
			elapsed[e.Test] = e.Elapsed
		case "output":
			if l := logs[e.Test]; l != nil {
				l.WriteString(normalizeLog(e.Output))
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("go test -json reported no test")
	}
	parent := map[string]bool{}
	for _, n := range order {
		for i := strings.LastIndexByte(n, '/'); i >= 0; i = strings.LastIndexByte(n[:i], '/') {
			parent[n[:i]] = true
		}
	}
	var cases []nativeCase
	for _, n := range order {
		if parent[n] {
			continue
		}
		v := verdict[n]
		if v == "" {
			v = "fail"
		}
		cases = append(cases, nativeCase{Name: n, Verdict: v, Elapsed: time.Duration(elapsed[n] * float64(time.Second)), Log: logs[n].String()})
	}
	return cases, nil
}
