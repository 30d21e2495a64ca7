package testrun

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestListCutSubtest: a listing run that runs out of budget inside a
// subtest that has subtests of its own still to start (TestSubtests/outer,
// before inner) lists that subtest, which run alone by name would not be
// the case go test runs, and names it in its error: at every budget, each
// subtest listed that the whole run does not list is named so, by both
// listings (ListTestsOf and ListGoTest).
func TestListCutSubtest(t *testing.T) {
	p := loadGoTests(t)
	const test = "TestSubtests"
	keep := func(name string) bool { return name == test }
	full, res, err := p.ListGoTest(bgContext, gotestPkg, test, nil)
	if err != nil || res == nil || !slices.Contains(full, test+"/outer/inner") {
		t.Fatalf("whole listing: %v %v %v", full, res, err)
	}
	for _, tc := range []struct {
		name string
		list func(steps int64) ([]string, error)
	}{
		{"ListTestsOf", func(steps int64) ([]string, error) {
			return p.ListTestsOf(bgContext, gotestPkg, keep, &interp.RunOptions{MaxSteps: steps})
		}},
		{"ListGoTest", func(steps int64) ([]string, error) {
			names, _, err := p.ListGoTest(bgContext, gotestPkg, test, &interp.RunOptions{MaxSteps: steps})
			return names, err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cutOuter := false
			for steps := int64(1); steps < res.Steps; steps++ {
				names, err := tc.list(steps)
				for _, n := range names {
					if n == test || slices.Contains(full, n) { // (the test itself is a case either way)
						continue
					}
					if err == nil || !strings.Contains(err.Error(), "so they may have subtests not started: "+n) {
						t.Errorf("MaxSteps %d: %s listed, not a case of the whole listing %v, and the error does not name it: %v", steps, n, full, err)
					}
					cutOuter = cutOuter || n == test+"/outer"
				}
			}
			if !cutOuter {
				t.Errorf("no budget of fewer than %d steps cut %s/outer before its end", res.Steps, test)
			}
		})
	}
}
