package repair

import (
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// CollectOptions configure the collection of repair data ([Collect]). The zero
// value is the default.
type CollectOptions struct {
	// Search are the options (agx.Options) of the AgxFaults searches
	// that rescue a failing run and look for values that keep a passing
	// run passing; their Granularity is always encode.ByExpression and
	// MaxSize 1. Default: AgxFaults' defaults.
	Search search.Options
	// Run are the options of the cases' runs and replays. Default:
	// trace's defaults; replays are bounded by 100 times the steps of
	// the run they replay, plus 100 000.
	Run trace.RunOptions
	// MaxInstances bounds the instances of the site recorded in one run.
	// Default 0: 64.
	MaxInstances int
	// MaxProbes bounds the values replayed at one instance of a passing
	// run. Default 0: 16.
	MaxProbes int
	// ProbedInstances bounds the instances of one passing run whose
	// values are probed; the later ones keep their own value only.
	// Default 0: 8.
	ProbedInstances int
	// SolverValues bounds the values the solver is asked for at one
	// instance of a passing run, SolverInstances the instances of a run
	// it is asked about (the first ones). Default 0: 2 and 2.
	SolverValues    int
	SolverInstances int
	// CaseTimeout bounds the probes and solver searches of one passing
	// case: a case over it keeps what was found. Default 0:
	// localize.DefaultEvidenceTimeout; negative: no bound.
	CaseTimeout time.Duration
	// NoSolver leaves out the solver searches on passing runs: Keep
	// then holds the probed values only, and KeepAll is set for
	// conditions alone. Default false.
	NoSolver bool
}

// defaults fills in the defaults of the zero fields.
func (o *CollectOptions) defaults() {
	if o.MaxInstances <= 0 {
		o.MaxInstances = 64
	}
	if o.MaxProbes <= 0 {
		o.MaxProbes = 16
	}
	if o.SolverValues <= 0 {
		o.SolverValues = 2
	}
	if o.ProbedInstances <= 0 {
		o.ProbedInstances = 8
	}
	if o.SolverInstances <= 0 {
		o.SolverInstances = 2
	}
	if o.CaseTimeout == 0 {
		o.CaseTimeout = localize.DefaultEvidenceTimeout
	}
}
