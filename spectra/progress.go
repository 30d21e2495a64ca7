package spectra

import "sync"

// GoTestProgress follows a [GoTest.Collect] while it runs
// ([GoTest.Progress]): [GoTestProgress.Done] returns the cases done so
// far while the collection goes on, for a caller that cannot wait for
// the whole suite (a bound that passes before a slow suite is done).
// Its methods are safe for concurrent use with the collection; one
// GoTestProgress follows one Collect at a time (a new Collect starts it
// over). The zero value is ready to use.
type GoTestProgress struct {
	mu       sync.Mutex
	packages int                // packages Collect will collect (0: not known yet)
	pkgs     []*packageProgress // those begun, in order
}

// packageProgress is what the collection of one package has done so far.
type packageProgress struct {
	universe []Element    // the measured elements, once a profile laid them out
	results  []caseResult // the listed cases' results, by index (zero: not done)
	unlisted int          // top-level tests listed whose cases are not yet
	whole    bool         // every case of the package is listed
}

// GoTestSoFar counts the cases of a collection so far
// ([GoTestProgress.Done]).
type GoTestSoFar struct {
	// Cases are the cases done: the rows of Done's matrix.
	Cases int
	// Listed are the cases listed so far, done or not (skipped ones
	// too), and one for each top-level test whose cases are not listed
	// yet: with GoTest.First, the other tests' cases are listed one
	// top-level test at a time, as they run.
	Listed int
	// Whole says that Listed counts every case of the collection: every
	// package's tests were listed, each top-level test's cases too.
	Whole bool
}

// Done returns a matrix of the cases done so far, as the sink will have
// them (the measured elements, then the cases in the order they were
// listed: with GoTest.First, its cases first), and their counts. The
// matrix is the caller's. Before any case is done it has no rows (and
// no elements before any coverage profile was read).
func (p *GoTestProgress) Done() (*Matrix, GoTestSoFar) {
	m := NewMatrix()
	if p == nil {
		return m, GoTestSoFar{}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	so := GoTestSoFar{Whole: p.packages > 0 && len(p.pkgs) == p.packages}
	for _, pp := range p.pkgs {
		// Each case once: the listing keeps names unique, so the
		// matrix's Add, which fails on a name used before, does not.
		addResults(m, pp.universe, pp.results, nil)
		so.Listed += len(pp.results) + pp.unlisted
		so.Whole = so.Whole && pp.whole && pp.unlisted == 0
	}
	so.Cases = m.NumTests()
	return m, so
}

// expect starts p over for a collection of n packages.
func (p *GoTestProgress) expect(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.packages, p.pkgs = n, nil
}

// begin adds the progress of a package whose collection begins (nil
// when p is nil: the other methods do nothing then).
func (p *GoTestProgress) begin() *packageProgress {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pp := &packageProgress{}
	p.pkgs = append(p.pkgs, pp)
	return pp
}

// listed records that pp's listed cases are n now, the top-level tests
// whose cases are not listed unlisted, and with whole that no other
// case is left to list.
func (p *GoTestProgress) listed(pp *packageProgress, n, unlisted int, whole bool) {
	if pp == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pp.results = append(pp.results, make([]caseResult, n-len(pp.results))...)
	pp.unlisted, pp.whole = unlisted, whole
}

// finished records the result of pp's case i, with the measured
// elements universe (nil: not laid out yet).
func (p *GoTestProgress) finished(pp *packageProgress, i int, res caseResult, universe []Element) {
	if pp == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if universe != nil && pp.universe == nil {
		pp.universe = universe
	}
	pp.results[i] = res
}
