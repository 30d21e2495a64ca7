package main

import (
	"context"
	"slices"
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
