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
