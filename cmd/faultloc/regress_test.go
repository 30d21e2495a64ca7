package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRegressUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []string
		code    int
		wantErr string
	}{
		{"no package", []string{"-old", "."}, 1, "usage: faultloc regress"},
		{"no old version", []string{"../../examples/max3"}, 1, "usage: faultloc regress"},
		{"bad format", []string{"-old", ".", "-format", "xml", "x"}, 1, `unknown -format "xml"`},
		{"bad parallel", []string{"-old", ".", "-parallel", "-1", "x"}, 1, "-parallel -1: want 0 (the default) or more"},
		{"old neither a directory nor a revision", []string{"-old", "nowhere", "x"}, 1, "nowhere is neither a directory nor a revision"},
		{"new not a directory", []string{"-old", ".", "-new", "nowhere", "x"}, 1, "-new nowhere is neither a directory nor a module version"},
		{"test-from nowhere", []string{"-old", "testdata/testfrom/old", "-new", "testdata/testfrom/new", "-test-from", "nowhere", "./testdata/testfrom/new"}, 1, "-test-from: nowhere is neither a directory nor a module version"},
		{"test-from without tests", []string{"-old", "testdata/testfrom/old", "-new", "testdata/testfrom/new", "-test-from", "testdata/testfrom/old", "./testdata/testfrom/new"}, 1, "testdata/testfrom/old has no _test.go files"},
		{"help", []string{"-h"}, 0, "-old"},
		{"bad trials", []string{"-old", ".", "-trials", "fast", "x"}, 1, `unknown -trials "fast"`},
		// The old version of a package against the default -new, the
		// working directory: no file lines up.
		{"old a package, new the default", []string{"-old", "../../examples/max3/correct", "../../examples/max3"}, 1, "-old ../../examples/max3/correct and -new . (the default: the current directory) share no Go file by its path below them (max3.go is not in .)"},
		// Given -new, a warning, and the run goes on (here to its
		// deadline).
		{"old a package, new a root", []string{"-old", "../../examples/max3/correct", "-new", "../..", "-deadline", "1ns", "../../examples/max3"}, exitInterrupted, "warning: -old ../../examples/max3/correct and -new ../.. share no Go file by its path below them (max3.go is not in ../..): the versions are compared file by file from their roots, so every file would be a change; if that is not meant, give -new the directory of the new version that -old's files match (here probably -new ../../examples/max3)"},
		{"case the interpreter cannot run", []string{"-trials", "interp", "-old", "../../localize/regress/testdata/unrunnable/old", "-new", "../../localize/regress/testdata/unrunnable/new", "../../localize/regress/testdata/unrunnable/new"}, 1, "none of the 1 selected cases of github.com/faultloc/faultloc/localize/regress/testdata/unrunnable/new could run on the new version: TestLast:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(context.Background(), append([]string{"regress"}, tt.args...), &out, &errb); code != tt.code {
				t.Errorf("exit = %d, want %d; stderr:\n%s", code, tt.code, errb.String())
			}
			if !strings.Contains(errb.String(), tt.wantErr) {
				t.Errorf("stderr does not say %q:\n%s", tt.wantErr, errb.String())
			}
		})
	}
}

// TestRegressMax3 runs the command on the AFTER paper's example: JSON
// output, the root cause c2+c3, and exit status 1 when -run selects a
// case that passes (no regression).
func TestRegressMax3(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's versions in the interpreter")
	}
	t.Parallel()
	args := []string{"regress", "-tags", "faultloc", "-old", "../../examples/max3/correct", "-new", "../../examples/max3", "-baselines=false", "-format", "json", "../../examples/max3"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit = %d; stderr:\n%s", code, errb.String())
	}
	var rep struct {
		Root, Aux []string
		Verified  bool
		Changes   []struct{ ID, Unit string }
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if !slices.Equal(rep.Root, []string{"c2", "c3"}) || len(rep.Aux) != 0 || !rep.Verified {
		t.Errorf("root %v aux %v verified %v, want c2 c3, none, true", rep.Root, rep.Aux, rep.Verified)
	}
	if len(rep.Changes) != 6 || rep.Changes[1].Unit != "if header" {
		t.Errorf("changes %v, want six with c2 an if header", rep.Changes)
	}
	// The old version as a git revision: HEAD's tree of a module of one
	// small package committed for the test (this repository's whole tree
	// would be written out for it: seconds of CPU, most of it the
	// system's). In a process of its own, run from that module, as the
	// go command is for its packages.
	cmd := child("main", "regress", "-old", "HEAD", "-new", ".", "-baselines=false", "-run", "^Nothing$", "./abs")
	cmd.Dir = gitModule(t)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var ee *exec.ExitError
	if err := cmd.Run(); !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "no test case") {
		t.Errorf("-old HEAD: %v, want exit status 1 (no case selected, after the revision was read); stderr:\n%s", err, stderr.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"regress", "-tags", "faultloc", "-old", "../../examples/max3/correct", "-new", "../../examples/max3", "-run", "^Nothing$", "../../examples/max3"}, &out, &errb); code != 1 {
		t.Errorf("-run selecting nothing: exit = %d, want 1; stderr:\n%s", code, errb.String())
	}
}

// gitModule returns the root of a new git repository whose HEAD commit
// holds a module with one package, abs, and its test.
func gitModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"go.mod":          "module example.com/rev\n\ngo 1.22\n",
		"abs/abs.go":      "package abs\n\n// Abs returns the absolute value of x.\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n",
		"abs/abs_test.go": "package abs\n\nimport \"testing\"\n\nfunc TestAbs(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Error(\"Abs(-2) != 2\")\n\t}\n}\n",
	}
	for name, body := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=faultloc", "-c", "user.email=faultloc@example.com", "commit", "-q", "--no-gpg-sign", "-m", "abs"}} {
		cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, b)
		}
	}
	return root
}

// TestRegressStoppedEarly: a -deadline that passes before a failing
// case is found still writes a whole report in the chosen format,
// partial, saying so, with the interrupted exit status.
func TestRegressStoppedEarly(t *testing.T) {
	for _, format := range []string{"json", "text"} {
		var out, errb bytes.Buffer
		args := []string{"regress", "-tags", "faultloc", "-old", "../../examples/max3/correct", "-new", "../../examples/max3", "-deadline", "1ns", "-format", format, "../../examples/max3"}
		if code := run(context.Background(), args, &out, &errb); code != exitInterrupted {
			t.Errorf("%s: exit = %d, want %d; stderr:\n%s", format, code, exitInterrupted, errb.String())
		}
		const why = "-deadline 1ns passed: stopped before a failing case was found"
		if format == "text" {
			if !strings.Contains(out.String(), "PARTIAL") || !strings.Contains(out.String(), why) {
				t.Errorf("text report:\n%s\nwant it PARTIAL, saying %q", out.String(), why)
			}
			continue
		}
		var rep struct {
			Package, Reason string
			Partial         bool
		}
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("stdout is not one JSON report: %v\n%s", err, out.String())
		}
		if !rep.Partial || rep.Reason != why || rep.Package != "../../examples/max3" {
			t.Errorf("report %+v, want partial, reason %q, the package", rep, why)
		}
	}
}

// TestRegressPatch gives the old version as a unified diff: a patch that
// does not apply is a usage error naming the line.
func TestRegressPatch(t *testing.T) {
	patch := filepath.Join(t.TempDir(), "bad.diff")
	if err := os.WriteFile(patch, []byte("--- a/max3.go\n+++ b/max3.go\n@@ -1,1 +1,1 @@\n-package nothing\n+package something\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"regress", "-old", patch, "-new", "../../examples/max3", "../../examples/max3"}, &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "does not match the new version at line 1") {
		t.Errorf("exit = %d, want 1 and the hunk's mismatch; stderr:\n%s", code, errb.String())
	}
}

// TestRegressTestFrom: the new version's own test passes, so without
// -test-from there is no regression (exit 1); with the later version's
// test file, its regression test fails and the modified return is the
// root cause; Mid's changes, which the test cannot reach, are never
// reverted.
func TestRegressTestFrom(t *testing.T) {
	t.Parallel()
	base := []string{"regress", "-old", "testdata/testfrom/old", "-new", "testdata/testfrom/new", "-baselines=false", "-format", "json"}
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(base, "./testdata/testfrom/new"), &out, &errb); code != 1 || !strings.Contains(errb.String(), "fails on the new version") {
		t.Errorf("without -test-from: exit %d, want 1 with no regression; stderr:\n%s", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run(context.Background(), append(base, "-v", "-test-from", "testdata/testfrom/later", "./testdata/testfrom/new"), &out, &errb); code != 0 {
		t.Fatalf("with -test-from: exit %d; stderr:\n%s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "faultloc regress: AFTER, version 1, reverted c1 c2: pass (") {
		t.Errorf("-v did not print the versions tried:\n%s", errb.String())
	}
	var rep struct {
		Failing, Root []string
		Verified      bool
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if !slices.Equal(rep.Failing, []string{"TestClampAbove"}) || !slices.Equal(rep.Root, []string{"c2"}) || !rep.Verified {
		t.Errorf("failing %v, root %v (verified %v); want TestClampAbove, [c2], verified", rep.Failing, rep.Root, rep.Verified)
	}
}

// TestMisaligned: versions line up when a Go file of the old one has
// its path in the new one; when none does, misaligned names one and,
// for an old version inside the new tree, the ancestor that holds its
// files.
func TestMisaligned(t *testing.T) {
	for _, tt := range []struct {
		old, new         string
		missing, suggest string
	}{
		{"../../examples/max3/correct", "../../examples/max3", "", ""},
		{"../../examples/max3/correct", "../..", "max3.go", "../../examples/max3"},
		{"../../examples/max3/correct", ".", "max3.go", ""},
		{"testdata/testfrom/old", "testdata/testfrom/new", "", ""},
		{".", ".", "", ""},
	} {
		missing, suggest := misaligned(tt.old, tt.new)
		if missing != tt.missing || suggest != tt.suggest {
			t.Errorf("misaligned(%s, %s) = %q, %q; want %q, %q", tt.old, tt.new, missing, suggest, tt.missing, tt.suggest)
		}
	}
}
