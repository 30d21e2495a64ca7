package testmatch

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The oracle of FuzzMatch is go test itself: the test binary runs itself
// as a child with -test.run set to the pattern, where the probe tests
// (TestProbe and TestProbeAB) start the subtests of probeNames; -test.v
// lists the cases the pattern selected.

// probeEnv, set in the child's environment, makes the probe tests run.
const probeEnv = "FAULTLOC_TESTMATCH_PROBE"

// probeNames are the subtests each probe test starts, each with the same
// subtests again: names go test rewrites (spaces, unprintable runes),
// makes unique ("a" twice) or splits ("x/y"), an empty name, brackets
// and non-ASCII letters.
var probeNames = []string{"a", "a", "ab", "b c", "x/y", "", "Ünï", "tab\t", "\x01", "[x]", "A|B"}

// probe starts the probe subtests: each of probeNames, each with the
// first four again.
func probe(t *testing.T) {
	for _, a := range probeNames {
		t.Run(a, func(t *testing.T) {
			for _, b := range probeNames[:4] {
				t.Run(b, func(t *testing.T) {})
			}
		})
	}
}

// TestProbe starts the probe subtests in FuzzMatch's child. As a test of
// its own, it checks the oracle on a pattern whose cases are known.
func TestProbe(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		probe(t)
		return
	}
	ran, invalid := goTestRun(t, "^TestProbe$/^a$")
	want := []string{"TestProbe", "TestProbe/a", "TestProbe/a/a", "TestProbe/a/a#01", "TestProbe/a/ab", "TestProbe/a/b_c"}
	if invalid || !slices.Equal(ran, want) {
		t.Errorf("go test -run ^TestProbe$/^a$ ran %q (invalid: %v), want %q", ran, invalid, want)
	}
}

// TestProbeAB is the second probe test of FuzzMatch's child. As a test
// of its own, it checks that the child runs every probe case under the
// names go test gives them.
func TestProbeAB(t *testing.T) {
	if os.Getenv(probeEnv) != "" {
		probe(t)
		return
	}
	ran, _ := goTestRun(t, "^TestProbe")
	if want := 2 * (1 + len(probeNames)*5); len(ran) != want {
		t.Errorf("go test -run ^TestProbe ran %d probe cases, want %d: %q", len(ran), want, ran)
	}
	for _, name := range []string{"TestProbeAB/a#01", "TestProbeAB/b_c", "TestProbeAB/x/y/ab", "TestProbeAB/#00", "TestProbeAB/Ünï", "TestProbeAB/tab_", `TestProbeAB/\x01/b_c`, "TestProbeAB/[x]", "TestProbeAB/A|B"} {
		if !slices.Contains(ran, name) {
			t.Errorf("go test -run ^TestProbe did not run %q: %q", name, ran)
		}
	}
}

// goTestRun runs the test binary with -test.run pattern and returns the
// names of the probe cases it ran; invalid is true when go test rejected
// the pattern.
func goTestRun(t *testing.T, pattern string) (ran []string, invalid bool) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run="+pattern, "-test.v", "-test.timeout=1m")
	cmd.Env = append(os.Environ(), probeEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if strings.HasPrefix(stderr.String(), "testing: invalid regexp for ") {
		return nil, true
	}
	if err != nil {
		t.Fatalf("go test -run %q: %v\nstdout:\n%s\nstderr:\n%s", pattern, err, stdout.String(), stderr.String())
	}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if name, ok := strings.CutPrefix(line, "=== RUN   "); ok && strings.HasPrefix(name, "TestProbe") {
			ran = append(ran, name)
		}
	}
	return ran, false
}

var (
	allProbesOnce sync.Once
	allProbes     []string
)

// FuzzMatch checks Compile and Match against go test on any pattern:
// Compile never panics and fails exactly when go test rejects the
// pattern; the probe cases that match are exactly those go test -run
// runs, and a top-level probe test matches (MatchTop) exactly when it
// runs. The seeds are in testdata/fuzz/FuzzMatch.
func FuzzMatch(f *testing.F) {
	if os.Getenv(probeEnv) != "" {
		f.Skip("FuzzMatch's child runs the probe tests only")
	}
	f.Fuzz(func(t *testing.T, pattern string) {
		m, err := Compile(pattern)
		if strings.IndexByte(pattern, 0) >= 0 {
			return // not a command-line argument
		}
		allProbesOnce.Do(func() { allProbes, _ = goTestRun(t, "^TestProbe") })
		if want := 2 * (1 + len(probeNames)*5); len(allProbes) != want {
			t.Fatalf("go test -run ^TestProbe ran %d probe cases, want %d: %q", len(allProbes), want, allProbes)
		}
		ran, invalid := goTestRun(t, pattern)
		if invalid != (err != nil) {
			t.Fatalf("Compile(%q): error %v; go test rejects it: %v", pattern, err, invalid)
		}
		if err != nil {
			return
		}
		for _, name := range allProbes {
			if got, want := m.Match(name), slices.Contains(ran, name); got != want {
				t.Errorf("Compile(%q).Match(%q) = %v; go test runs it: %v", pattern, name, got, want)
			}
			if top := !strings.Contains(name, "/"); top {
				if got, want := m.MatchTop(name), slices.Contains(ran, name); got != want {
					t.Errorf("Compile(%q).MatchTop(%q) = %v; go test runs it: %v", pattern, name, got, want)
				}
			}
		}
	})
}
