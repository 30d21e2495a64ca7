package testrun

import (
	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// go test runs a package's tests one after the other in one process: a
// test that changes a package variable changes it for the tests after
// it. RunGoTest starts each case from the state the package initializers
// leave, unless RunOptions.EarlierTests: then the test functions go test
// runs before the case's are run first, whole (all their subtests), in
// the same memory, quietly: untraced, unhooked, uncovered, their output
// not the case's, each with its own step budget. The case then runs as
// it would alone, from the state they left.
//
// Goroutines an earlier test leaves behind run quietly too when they are
// scheduled during the case (Call.Quietly). For a fuzz target's
// case the earlier tests are all the test functions; the seed corpora of
// earlier fuzz targets and the examples are not run, nor anything
// before an example.

// Within the tests on the case's path, the subtests go test runs before
// the case (its earlier siblings and theirs) run too, whole and quietly,
// when RunOptions.EarlierTests: subtests that share their parent's
// variables (a counter a table's cases add to) leave the case the state
// go test's run gives it, which go test -run with the case's name alone
// does not.

// runsEarlier reports whether a subtest that go test -run with the case's
// name would not run is one of the earlier subtests that run anyway: with
// RunOptions.EarlierTests, before the case has started.
func (g *goTestRun) runsEarlier() bool {
	if !g.earlierSubs {
		return false
	}
	for _, t := range g.tests {
		if t.name == g.target && t.started {
			return false
		}
	}
	return true
}

// runEarlierSub runs t, an earlier subtest started by the call c of
// t.Run, with its function fnv, quietly and whole (its subtests are
// earlier too); the step count restarts after it, as after the earlier
// tests.
func (g *goTestRun) runEarlierSub(c interp.Call, t *goTest, fnv interp.Value) {
	c.Quietly(func() {
		g.start(t)
		t.run(c, fnv, []interp.Value{t.tv})
	})
	c.ResetSteps()
}

// earlierTests returns the test functions go test runs before fn, the
// case's test function or fuzz target, of package pkgPath: those only
// accepts (RunOptions.EarlierOnly; nil: all).
func earlierTests(p *interp.Program, pkgPath string, fn *ssa.Function, only func(string) bool) []*ssa.Function {
	tests := testFuncs(p, pkgPath, "Test", "T")
	for i, t := range tests {
		if t == fn {
			tests = tests[:i]
			break
		}
	}
	if only == nil {
		return tests
	}
	var out []*ssa.Function
	for _, t := range tests {
		if only(t.Name()) {
			out = append(out, t)
		}
	}
	return out
}

// runEarlier runs g's earlier tests (see EarlierTests) quietly, each like
// a top-level test, then resets the step count for the case.
func (g *goTestRun) runEarlier(c interp.Call) {
	if len(g.earlier) == 0 {
		return
	}
	tType := g.testingType("T")
	root := c.Root()
	c.Quietly(func() { // restored also when an earlier test ends the run
		for i, fn := range g.earlier {
			t := g.newTest(fn.Name(), nil, tType)
			t.path = interp.Mix(0, -7, int32(i))
			c.ResetSteps()
			g.start(t)
			g.captureStdout(root, func() {
				t.body(root, func() { root.CallSSA(fn, []interp.Value{t.tv}, interp.NoEvent, t.path) })
				t.runCleanups(root)
			})
			g.finish(t)
		}
		c.ResetSteps()
	})
}
