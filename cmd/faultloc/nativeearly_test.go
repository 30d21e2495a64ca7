package main

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
)

// hearNativeEarly records testHookNativeEarly's events for the test.
func hearNativeEarly(t *testing.T) func() []string {
	var mu sync.Mutex
	var events []string
	old := testHookNativeEarly
	testHookNativeEarly = func(e string) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
	}
	t.Cleanup(func() { testHookNativeEarly = old })
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(events)
	}
}

// TestLocalizeNativeEarly: the command begins the native go test run
// before the load ends, and pipeline.Run uses it: the failing case the
// interpreter cannot run is ranked by it.
func TestLocalizeNativeEarly(t *testing.T) {
	events := hearNativeEarly(t)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-format", "json", "-timeout", "60s", "../../localize/native/testdata/nativeonly"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if want := []string{"started", "loaded", "adopted", "stopped"}; !slices.Equal(events(), want) {
		t.Errorf("events %q, want %q", events(), want)
	}
	if !strings.Contains(out.String(), `"TestDistance"`) || !strings.Contains(out.String(), `"mode": "native"`) {
		t.Errorf("no native report of TestDistance:\n%s", out.String())
	}
}

// TestLocalizeNativeEarlyLoadError: when the load fails, the command
// stops the native run it began (its processes ended before it
// returns) and says the load's error, not the native run's.
func TestLocalizeNativeEarlyLoadError(t *testing.T) {
	events := hearNativeEarly(t)
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "./testdata/loaderror"}, &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d, want 1; stderr:\n%s", code, errb.String())
	}
	if want := []string{"started", "loaded", "stopped"}; !slices.Equal(events(), want) {
		t.Errorf("events %q, want %q", events(), want)
	}
	if s := errb.String(); !strings.Contains(s, "not an int") || strings.Contains(s, "native") {
		t.Errorf("stderr does not say the load's error alone:\n%s", s)
	}
}
