package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// nativeFailures runs the tests of the package pattern names natively, as
// go test -run run does, and returns the names of the cases that fail
// there: when the interpreter finds no failing case, a case that fails
// under go test is a disagreement to report, not a result. It returns nil
// when go test cannot build or run the package (the interpreter's answer
// then stands) or when every case passes.
func nativeFailures(ctx context.Context, pattern, run string, tags []string, overlay map[string][]byte, timeout time.Duration) []string {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	c := &nativetest.Config{Tags: tags}
	pkgs, err := nativetest.List(ctx, c, pattern)
	if err != nil || len(pkgs) != 1 || !pkgs[0].HasTests() {
		return nil
	}
	tmp, err := os.MkdirTemp("", "faultloc-crosscheck-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "pkg.test")
	ovFile, err := nativetest.WriteOverlay(tmp, overlay)
	if err != nil {
		return nil
	}
	// Verdicts only: a coverage build (nativetest.Build) would ignore the
	// overlay's non-test files.
	if err := nativetest.BuildPlain(ctx, c, pkgs[0], bin, ovFile); err != nil {
		return nil
	}
	b := &nativetest.Binary{Path: bin, Dir: pkgs[0].Dir, Timeout: timeout}
	results, _, err := b.Run(ctx, run, "", "")
	if err != nil {
		return nil
	}
	var failed []string
	for _, r := range results {
		// A parent fails with its subtests: name the leaves.
		if r.Status == nativetest.Fail && !hasFailedChild(results, r.Name) {
			failed = append(failed, r.Name)
		}
	}
	return failed
}

// hasFailedChild reports whether a subtest of name failed.
func hasFailedChild(results []nativetest.Result, name string) bool {
	for _, r := range results {
		if r.Status == nativetest.Fail && strings.HasPrefix(r.Name, name+"/") {
			return true
		}
	}
	return false
}
