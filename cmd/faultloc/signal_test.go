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
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/internal/nativetest"
	"github.com/faultloc/faultloc/localize"
)

// childEnv, in a child process's environment, makes this test binary act
// as another program: "main" is faultloc itself (main with the child's
// arguments); "signals" waits for signals through interruptible.
const childEnv = "FAULTLOC_TEST_CHILD"

// TestMain runs the child that childEnv asks for, else the tests,
// which share identical test binaries (nativetest.ShareBuilds): many
// localize, repair or collect the same example natively, in this
// process and in the faultloc children they start (a child
// joins them, nativetest.JoinSharedBuilds).
func TestMain(m *testing.M) {
	switch os.Getenv(childEnv) {
	case "main":
		nativetest.JoinSharedBuilds()
		main()
	case "signals":
		signalsChild()
	}
	os.Exit(nativetest.RunSharingBuilds(m))
}

// signalsChild says it is ready, then, once interruptible's context is
// canceled, prints its cause and waits: a second signal must end it.
// Should the signals not end it, it says so after survival and exits.
func signalsChild() {
	ctx, stop := interruptible(context.Background())
	defer stop()
	fmt.Println("ready")
	<-ctx.Done()
	fmt.Println(context.Cause(ctx))
	time.Sleep(survival)
	fmt.Println("survived the second signal")
	os.Exit(0)
}

// survival is how long signalsChild outlives its first signal unless
// another one ends it; secondSignalBound, how soon after the first the
// signals it is sent end it on a quiet machine (internal/loadgate).
const (
	survival          = time.Minute
	secondSignalBound = 10 * time.Second
)

// child returns the command that runs this test binary as mode (see
// childEnv) with args.
func child(mode string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"="+mode)
	return cmd
}

// TestSecondSignal: the first SIGINT or SIGTERM cancels the command's
// context, naming the signal; the next one ends the process. The test
// signals the child every 20 ms until it ends, as its default action
// comes back just after the cancellation: by that signal, within
// secondSignalBound on a quiet machine (on a loaded one the child may
// wait longer for the CPU, and the delay is logged), and never by
// outliving them (the child then says so after survival and exits).
func TestSecondSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send to a process on Windows")
	}
	for _, tt := range []struct {
		sig   syscall.Signal
		cause string
	}{{syscall.SIGINT, "interrupt signal received"}, {syscall.SIGTERM, "terminated signal received"}} {
		if signal.Ignored(tt.sig) {
			t.Logf("%v: ignored by this process, so by the child (TestIgnoredSignal covers that)", tt.sig)
			continue
		}
		cmd := child("signals")
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(stdout)
		if !lines.Scan() || lines.Text() != "ready" {
			cmd.Process.Kill()
			t.Fatalf("%v: child said %q, not ready", tt.sig, lines.Text())
		}
		cmd.Process.Signal(tt.sig)
		if !lines.Scan() || lines.Text() != tt.cause {
			cmd.Process.Kill()
			t.Fatalf("%v: child said %q, want %q", tt.sig, lines.Text(), tt.cause)
		}
		done := make(chan error, 1)
		go func() {
			for lines.Scan() {
				t.Errorf("%v: child said %q", tt.sig, lines.Text())
			}
			done <- cmd.Wait()
		}()
		start := time.Now()
		tick := time.NewTicker(20 * time.Millisecond)
		var werr error
	wait:
		for {
			cmd.Process.Signal(tt.sig)
			select {
			case werr = <-done:
				break wait
			case <-tick.C:
			}
		}
		tick.Stop()
		if took := time.Since(start); took > secondSignalBound {
			loadgate.Errorf(t, "%v: the repeated signals ended the child %v after they began, bound %v", tt.sig, took.Round(time.Millisecond), secondSignalBound)
		}
		var ee *exec.ExitError
		if !errors.As(werr, &ee) {
			t.Fatalf("%v: the child outlived the second signal or failed otherwise: %v", tt.sig, werr)
		}
		if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != tt.sig {
			t.Errorf("%v: child ended with %v, not by the second signal", tt.sig, ee)
		}
	}
}

// TestIgnoredSignal starts the command's signal handling in a child that
// begins with SIGINT ignored, as a background job of a shell script does,
// and sends it SIGINT then SIGTERM: SIGINT stays ignored, so SIGTERM (which
// the kernel would deliver after a caught SIGINT, the lower number, were
// both pending) is the cause the child reports.
func TestIgnoredSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send to a process on Windows")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to start the child with SIGINT ignored")
	}
	cmd := exec.Command(sh, "-c", `trap "" INT; exec "$0"`, os.Args[0])
	cmd.Env = append(os.Environ(), childEnv+"=signals")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("child said %q, not ready", lines.Text())
	}
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Process.Signal(syscall.SIGTERM)
	if !lines.Scan() || lines.Text() != "terminated signal received" {
		t.Fatalf("child said %q, want %q: SIGINT, ignored at its start, was caught", lines.Text(), "terminated signal received")
	}
}

// stopSignal returns the signal that stops a child faultloc: SIGINT, or
// SIGTERM where this process ignores SIGINT, as a background job of a
// shell script does, since the child inherits that and keeps it ignored
// (TestIgnoredSignal); it skips t when both are ignored.
func stopSignal(t *testing.T) syscall.Signal {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if !signal.Ignored(sig) {
			return sig
		}
	}
	t.Skip("SIGINT and SIGTERM are ignored by this process, so by the child: nothing can stop it (TestIgnoredSignal covers that)")
	return 0
}

// TestLocalizeSignal runs faultloc as a process (this test binary) on a
// package with eleven failing cases and sends it SIGINT (stopSignal) when the first
// case is done: it writes the cases done as one valid JSON array, without
// the fixes -fixes searches once every case is done, and exits with
// status 3.
func TestLocalizeSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send to a process on Windows")
	}
	sig := stopSignal(t)
	t.Logf("stopping with %v", sig)
	cmd := child("main", "localize", "-format", "json", "-max-size", "1", "-fixes", "../../localize/testdata/output")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var errText strings.Builder
	first := ""
	lines := bufio.NewScanner(stderr)
	for lines.Scan() {
		errText.WriteString(lines.Text() + "\n")
		if m := progressLine.FindStringSubmatch(lines.Text()); m != nil && first == "" {
			first = m[1]
			cmd.Process.Signal(sig)
		}
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("exit: %v, want status %d (stderr:\n%s)", err, exitInterrupted, errText.String())
	}
	var reports []localize.Report
	if err := json.Unmarshal(stdout.Bytes(), &reports); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout.String())
	}
	if len(reports) == 0 || reports[0].Test != first {
		t.Fatalf("%d reports, want the first case's (%s) first", len(reports), first)
	}
	for _, r := range reports {
		if len(r.Fixes) > 0 {
			t.Errorf("%s has fixes: -fixes ran after the interrupt", r.Test)
		}
	}
	if !strings.Contains(errText.String(), "faultloc localize: "+sig.String()+" signal received: stopped with the reports of ") {
		t.Errorf("stderr does not say the run stopped:\n%s", errText.String())
	}
}

// TestSpectraSignal: faultloc spectra stopped by SIGINT (stopSignal) while a case runs
// ranks the cases it finished (testdata/slowspectra: TestNegative and
// TestPositive, before TestSlow, which is running) and exits with status
// 3. The signal comes once TestSlow has started its own run (its second
// start: the first is the whole suite's run).
func TestSpectraSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send to a process on Windows")
	}
	sig := stopSignal(t)
	t.Logf("stopping with %v", sig)
	mark := filepath.Join(t.TempDir(), "mark")
	cmd := child("main", "spectra", "-format", "json", "./testdata/slowspectra")
	cmd.Env = append(cmd.Env, "FAULTLOC_SLOW_MARK="+mark)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if b, _ := os.ReadFile(mark); strings.Count(string(b), "started") >= 2 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("TestSlow did not start its own run; stderr:\n%s", stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(sig)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Errorf("exit: %v, want status %d (stderr:\n%s)", err, exitInterrupted, stderr.String())
	}
	if want := "stopped after 2 of 3 cases"; !strings.Contains(stderr.String(), want) || !strings.Contains(stderr.String(), "ranking the 2 cases done") {
		t.Errorf("stderr lacks %q and the ranking of 2 cases:\n%s", want, stderr.String())
	}
	var ranking struct {
		Tests, Failed int
	}
	if err := json.Unmarshal(stdout.Bytes(), &ranking); err != nil || ranking.Tests != 2 || ranking.Failed != 1 {
		t.Errorf("ranking %+v (%v), want 2 tests, 1 failed:\n%s", ranking, err, stdout.String())
	}
}
