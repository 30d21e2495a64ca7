package interp

import (
	"io"

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
// scheduled during the case: each goroutine runs in the mode it was
// started in, the entry goroutine quietly while it runs the earlier
// tests (quietFor swaps the run's recording state when the baton passes
// between goroutines of different modes). For a fuzz target's
// case the earlier tests are all the test functions; the seed corpora of
// earlier fuzz targets and the examples are not run, nor anything
// before an example.

// earlierTests returns the test functions go test runs before fn, the
// case's test function or fuzz target, of package pkgPath: those only
// accepts (RunOptions.EarlierOnly; nil: all).
func (p *Program) earlierTests(pkgPath string, fn *ssa.Function, only func(string) bool) []*ssa.Function {
	tests := p.TestFuncs(pkgPath)
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
func (g *goTestRun) runEarlier(r *run) {
	if len(g.earlier) == 0 {
		return
	}
	tType := g.testingType("T")
	out, cur, depth := r.out, r.cur, r.depth
	r.out = io.Discard
	r.earlier = true
	r.quiet(true)
	defer func() { // also when an earlier test ends the run
		r.earlier = false
		r.quiet(false)
		r.out, r.cur, r.depth = out, cur, depth
	}()
	for i, fn := range g.earlier {
		t := g.newTest(fn.Name(), nil, tType)
		t.path = mix(0, -7, int32(i))
		r.steps = 0
		r.setLimit()
		g.start(t)
		g.captureStdout(r, func() {
			t.body(r, nil, func() { r.root(r.p.code(fn), []Value{t.tv}, t.path) })
			t.runCleanups(r, nil, nil)
		})
		g.finish(t)
	}
	r.steps = 0
	r.setLimit()
}
