package native

import (
	"sync"

	"github.com/faultloc/faultloc/spectra"
)

// Progress follows a [Collect] while it runs (Options.Progress):
// [Progress.Snapshot] returns the evidence of the cases the go test run
// has done so far while the run goes on, for a caller whose bound
// passes before a slow suite is done. Its methods are safe for
// concurrent use with Collect; one Progress follows one Collect. The
// zero value is ready to use.
type Progress struct {
	mu    sync.Mutex
	cases *spectra.GoTestProgress // the go test run's, once Collect began it (or adopted Start's)
	built *Run                    // the call graph and files, once built (no Spectrum)
	early bool                    // the run is one Start began
}

// Snapshot returns the evidence of the cases the run has done so far
// (the cases Options.First selects first, then the others in the order
// they ran, each package's as the whole run will have them) and their
// counts. It returns nil when no case is done yet, or when the call
// graph the scorers read is not built yet. The run is the caller's; the
// go test run goes on. The Run's Stats count the cases done only.
func (p *Progress) Snapshot() (*Run, spectra.GoTestSoFar) {
	if p == nil {
		return nil, spectra.GoTestSoFar{}
	}
	p.mu.Lock()
	cases, built, early := p.cases, p.built, p.early
	p.mu.Unlock()
	m, so := cases.Done()
	if built == nil || m.NumTests() == 0 {
		return nil, so
	}
	r := built.static()
	r.Spectrum, r.Stats, r.Early, r.partial = m, spectra.GoTestStats{Cases: so.Cases}, early, !so.Whole || so.Cases < so.Listed
	return r, so
}

// follow makes p follow the go test run whose progress is cases, with
// early for one Start began.
func (p *Progress) follow(cases *spectra.GoTestProgress, early bool) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cases, p.early = cases, early
}

// graphBuilt records n's call graph, files and package directories, which a
// snapshot shares: they are not written after the graph is built.
func (p *Progress) graphBuilt(n *Run) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.built = n.static()
}
