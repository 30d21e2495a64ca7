package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
)

// hostileOutcomes is what faultloc localize reports for each test of
// testdata/hostile (and its packages initpanic and alloc), the defined
// outcome of a test that does to the machine what faultloc must contain:
//
//	test                 what it does                          outcome
//	TestLoopForever      loops calling a function              fails: budget exceeded: 1000000 steps executed (-max-steps), localized over the loop's first steps
//	TestSleep            time.Sleep(24h)                       passes: the virtual clock advances, no real wait
//	TestBlockForever     receives from a channel nobody sends  fails: fatal error: all goroutines are asleep - deadlock!
//	TestLeakGoroutines   leaves 10 blocked and 1 spinning      passes: the run ends with the test; the goroutines with it
//	TestRecurse          recurses without bound                fails: budget exceeded: call depth over 10000
//	TestExit             os.Exit(3)                            fails: exited
//	TestParallel         t.Parallel()                          passes (runs at once, not in parallel)
//	TestSkip             t.Skip, then os.Exit                  skipped: no report, counted as skipped (os.Exit never runs)
//	TestSetenv           t.Setenv, os.Getenv                   passes; faultloc's environment is not changed
//	TestTempDir          t.TempDir(), os.WriteFile in it       passes: the run's sandbox, removed when the run ends
//	TestTempDirEscape    os.WriteFile to t.TempDir()/../..     refused: no bridge for os.WriteFile (outside the sandbox)
//	TestCleanup          os.WriteFile in t.Cleanup             refused: no bridge for os.WriteFile
//	TestWriteFile        os.WriteFile outside its directory    refused: no bridge for os.WriteFile
//	TestWritePackageDir  os.Create in the package directory    passes: written to the run's copy of the directory, gone when the run ends
//	TestExec             exec.Command("touch", f).Run()        refused: no bridge for os/exec.Command
//	TestDial             net.Dial to a listener                refused: no bridge for net.Dial
//	TestHTTPGet          http.Get of the listener              passes: the HTTP client's dial is refused
//	TestHTTPRedirect     its httptest server redirects there   passes: its own server answers, the redirect's dial is refused
//	TestPrintMegabytes   prints 4 MiB                          passes
//	initpanic.TestReady  its package's init panics             error: the run ended before its test started (panicked: ...)
//	alloc.TestAllocate   allocates without bound (-tags long)  fails: budget exceeded: allocations over 4294967296 bytes
//
// A refused call is a case error on standard error naming the call and
// its position; the case has no report. No side effect reaches the
// machine: the files the tests would write do not exist afterwards, the
// listener accepts no connection, and the variable t.Setenv sets is not
// in the process's environment.
var hostileOutcomes = []struct {
	test    string
	failure string // the report's failure; "" if the case has no report
	err     string // on standard error, after "faultloc localize: <test>: "; "" if none
}{
	{test: "TestLoopForever", failure: "budget exceeded: 1000000 steps executed"},
	{test: "TestSleep"},
	{test: "TestBlockForever", failure: "panic: fatal error: all goroutines are asleep - deadlock!"},
	{test: "TestLeakGoroutines"},
	{test: "TestRecurse", failure: "budget exceeded: call depth over 10000"},
	{test: "TestExit", failure: "exited"},
	{test: "TestParallel"},
	{test: "TestSkip"},
	{test: "TestSetenv"},
	{test: "TestTempDir"},
	{test: "TestTempDirEscape", err: "no bridge for os.WriteFile"},
	{test: "TestCleanup", err: "no bridge for os.WriteFile"},
	{test: "TestWriteFile", err: "no bridge for os.WriteFile"},
	{test: "TestWritePackageDir"},
	{test: "TestExec", err: "no bridge for os/exec.Command"},
	{test: "TestDial", err: "no bridge for net.Dial"},
	{test: "TestHTTPGet"},
	{test: "TestHTTPRedirect"},
	{test: "TestPrintMegabytes"},
}

// TestHostile runs faultloc localize on testdata/hostile and checks each
// test's outcome (hostileOutcomes), that the command ends by itself with
// status 0 within its -deadline, and that nothing the tests do reaches the
// machine. A hang would be go test's -timeout.
func TestHostile(t *testing.T) {
	dir, accepted := hostileMachine(t)
	reports, stderr := runHostile(t, "./testdata/hostile")
	for _, o := range hostileOutcomes {
		rep := reports[o.test]
		switch {
		case o.failure == "" && rep != nil:
			t.Errorf("%s: report (failure %q), want none", o.test, rep.Failure)
		case o.failure != "" && (rep == nil || rep.Failure != o.failure):
			t.Errorf("%s: report %+v, want failure %q", o.test, rep, o.failure)
		}
		prefix := "faultloc localize: " + o.test + ": "
		got, n := "", 0
		for _, l := range strings.Split(stderr, "\n") {
			if strings.HasPrefix(l, prefix) && !strings.Contains(l, " candidates (") && !strings.Contains(l, ": no candidate (") {
				got = l
				n++
			}
		}
		if (o.err == "") != (got == "") || !strings.Contains(got, o.err) {
			t.Errorf("%s: standard error says %q, want %q", o.test, got, o.err)
		}
		if n > 1 {
			t.Errorf("%s: standard error says it %d times", o.test, n)
		}
	}
	if len(reports) != 4 {
		t.Errorf("%d reports, want 4", len(reports))
	}
	if rep := reports["TestLoopForever"]; rep != nil && rep.Stats.Runs > 10 {
		t.Errorf("TestLoopForever: %d runs", rep.Stats.Runs)
	}
	// Nothing escaped.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("a hostile test wrote %s", e.Name())
	}
	if _, err := os.Stat(filepath.Join("testdata", "hostile", "created.txt")); err == nil {
		t.Error("a hostile test created testdata/hostile/created.txt")
		os.Remove(filepath.Join("testdata", "hostile", "created.txt"))
	}
	if _, err := os.Stat(filepath.Join(os.TempDir(), "escaped.txt")); err == nil {
		t.Error("a hostile test wrote escaped.txt outside its run's temporary directory")
		os.Remove(filepath.Join(os.TempDir(), "escaped.txt"))
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the listener accepted %d connections", n)
	}
	if v, ok := os.LookupEnv("FAULTLOC_HOSTILE_SETENV"); ok {
		t.Errorf("t.Setenv reached faultloc's environment: %q", v)
	}
}

// TestHostileNotCrossChecked: without the native evidence stage, when
// the interpreter finds no failing case among those selected, text
// output cross-checks with go test natively;
// it must not when a selected case was refused, or go test would write
// the files, start the process and open the connection the interpreter
// refused.
func TestHostileNotCrossChecked(t *testing.T) {
	dir, accepted := hostileMachine(t)
	var out, errb bytes.Buffer
	args := []string{"localize", "-native=false", "-tags", "faultloc", "-timeout", "5s", "-deadline", "10m", "-run", "^(TestWriteFile|TestExec|TestDial|TestSleep|TestSkip)$", "./testdata/hostile"}
	if code := run(context.Background(), args, &out, &errb); code != 0 || out.String() != "no failing test case in github.com/faultloc/faultloc/cmd/faultloc/testdata/hostile (1 selected cases ran, 1 skipped, 3 could not run)\n" {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out.String(), errb.String())
	}
	if want := "faultloc localize: not cross-checked with go test, which would run natively what the interpreter refused in TestWriteFile, TestExec, TestDial\n"; !strings.Contains(errb.String(), want) {
		t.Errorf("stderr lacks %q:\n%s", want, errb.String())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("a hostile test wrote %s", e.Name())
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the listener accepted %d connections", n)
	}
}

// TestHostileInit: a package whose init panics has no test that runs;
// the command says why for each, writes no report, and fails: nothing
// ran.
func TestHostileInit(t *testing.T) {
	reports, stderr := runHostileExit(t, "./testdata/hostile/initpanic", 1)
	for _, want := range []string{
		"faultloc localize: TestReady: trace: test function TestReady of github.com/faultloc/faultloc/cmd/faultloc/testdata/hostile/initpanic did not run: the run ended before its test started (panicked: initpanic: init fails)\n",
		"faultloc localize: none of the 1 selected cases of github.com/faultloc/faultloc/cmd/faultloc/testdata/hostile/initpanic ran (their errors are above)\n",
	} {
		if len(reports) != 0 || strings.Count(stderr, want) != 1 {
			t.Errorf("reports %v, stderr:\n%s\nwant no report and %q once", reports, stderr, want)
		}
	}
}

// TestHostileAlloc: a test that allocates without bound ends with its
// run's allocation budget (RunOptions.MaxAlloc, 4 GiB of interpreted
// memory). Only with -tags long: it takes gigabytes. The command's own
// process keeps near its soft memory limit (memoryLimit, which main
// sets); this test runs the command in its process without that limit.
func TestHostileAlloc(t *testing.T) {
	if !longtest.Enabled {
		t.Skip("takes gigabytes of memory: -tags long")
	}
	reports, _ := runHostile(t, "./testdata/hostile/alloc")
	if rep := reports["TestAllocate"]; len(reports) != 1 || rep == nil || rep.Failure != "budget exceeded: allocations over 4294967296 bytes" {
		t.Errorf("reports %v, want TestAllocate's: budget exceeded: allocations over 4294967296 bytes", reports)
	}
}

// hostileMachine gives the hostile tests a directory to write to and a
// listener to dial (FAULTLOC_HOSTILE_DIR, FAULTLOC_HOSTILE_ADDR), both of
// which must stay untouched, and counts the connections the listener
// accepts.
func hostileMachine(t *testing.T) (dir string, accepted *atomic.Int32) {
	t.Helper()
	dir = t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	accepted = new(atomic.Int32)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	t.Setenv("FAULTLOC_HOSTILE_DIR", dir)
	t.Setenv("FAULTLOC_HOSTILE_ADDR", ln.Addr().String())
	return dir, accepted
}

// runHostile runs faultloc localize on a package of testdata/hostile,
// requiring that it end by itself with status 0, and returns the reports
// by test and the standard error.
func runHostile(t *testing.T, pkg string) (map[string]*localize.Report, string) {
	t.Helper()
	return runHostileExit(t, pkg, 0)
}

// runHostileExit is runHostile for a run that ends with status code.
func runHostileExit(t *testing.T, pkg string, code int) (map[string]*localize.Report, string) {
	t.Helper()
	var out, errb bytes.Buffer
	// -native=false: the native evidence stage runs the tests as go test
	// does, side effects and all; these check the interpreter's walls.
	// -max-steps: an exact budget of a million steps ends the endless
	// loop at a tenth of the default's cost per run, without the default
	// budget's growth for trace.GrowTime (the interpreter's tests check
	// the default budget on a case that never ends). -timeout 3s:
	// TestLoopForever's search over its million steps is cut by it (what
	// is checked is its failure and its runs, not its candidates);
	// the other cases are done in about a second at load 7.
	args := []string{"localize", "-native=false", "-tags", "faultloc", "-format", "json", "-timeout", "3s", "-max-size", "1", "-deadline", "10m", "-max-steps", "1000000", pkg}
	if got := run(context.Background(), args, &out, &errb); got != code {
		t.Fatalf("exit %d, want %d; stderr:\n%s", got, code, errb.String())
	}
	if code != 0 && out.Len() == 0 {
		return nil, errb.String()
	}
	var reports []*localize.Report
	if err := json.Unmarshal(out.Bytes(), &reports); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out.String())
	}
	byTest := map[string]*localize.Report{}
	for _, rep := range reports {
		byTest[rep.Test] = rep
	}
	return byTest, errb.String()
}
