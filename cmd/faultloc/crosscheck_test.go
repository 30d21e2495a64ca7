package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestNativeFailures runs a package's tests natively, as the command does
// when its interpreter finds no failing case: TestWindow of
// localize/testdata/crash panics under go test too; -run selects as go
// test does; a package that passes gives nothing.
func TestNativeFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	got := nativeFailures(ctx, "../../localize/testdata/crash", "^TestWindow$|^TestPasses$", nil, nil, 2*time.Minute)
	if !slices.Equal(got, []string{"TestWindow"}) {
		t.Errorf("nativeFailures(crash, TestWindow|TestPasses) = %q, want [TestWindow]", got)
	}
	if got := nativeFailures(ctx, "../../localize/testdata/crash", "^TestPasses$", nil, nil, 2*time.Minute); len(got) != 0 {
		t.Errorf("nativeFailures(crash, TestPasses) = %q, want none", got)
	}
}

// TestNativeFailuresOverlay checks that the native run builds the
// overlay's version of a non-test file: go test -cover ignores such
// replacements, so the build must not ask for coverage.
func TestNativeFailuresOverlay(t *testing.T) {
	t.Parallel()
	path, err := filepath.Abs("../../localize/testdata/crash/crash.go")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// TestPasses fails when Window of n 0 is nil and Evens(4) is not 2.
	patched := strings.Replace(string(src), "\treturn s[i:end]", "\tif n == 0 {\n\t\treturn nil\n\t}\n\treturn s[i:end]", 1)
	patched = strings.Replace(patched, "c := 0", "c := 1", 1)
	if patched == string(src) {
		t.Fatal("crash.go no longer has the lines this test patches")
	}
	got := nativeFailures(context.Background(), "../../localize/testdata/crash", "^TestPasses$", nil, map[string][]byte{path: []byte(patched)}, 2*time.Minute)
	if !slices.Equal(got, []string{"TestPasses"}) {
		t.Errorf("nativeFailures(crash with an overlay that breaks TestPasses) = %q, want [TestPasses]", got)
	}
}
