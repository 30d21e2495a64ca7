package interp

import (
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

const corpusPkg = "github.com/faultloc/faultloc/trace/internal/corpus"

// raceEnabled reports a test binary built with -race (race_test.go).
var raceEnabled bool

// raceVaries names the corpus programs whose native result varies under
// the race detector, which is then no oracle: its sync.Pool drops a Put
// item at random.
var raceVaries = map[string]bool{"SyncPool": true}

// realTimed names the corpus programs whose goroutines' interleaving
// depends on when native work ends in real time (a server closing a
// request's context, an HTTP client's Timeout against a timer of the
// program's): TestCorpusDifferential compares their output with native
// Go and TestTraceInvariants checks their trace, but the tests that
// compare the steps and events of two runs leave them out.
var realTimed = map[string]bool{"NativeChans": true, "NativeClock": true}

// TestCorpusDifferential runs every corpus program natively and
// interpreted; the digests must be equal. The native runs, which change
// the process's state (os.Stdout, GOMAXPROCS), and the interpretation of
// the programs that race real time (realTimed), are made first, alone;
// then the test runs in parallel with the other tests on the corpus
// (their interpreted runs share only the loaded corpus).
func TestCorpusDifferential(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	names := slices.Sorted(maps.Keys(corpus.Programs))
	native := map[string]string{}
	for _, name := range names {
		if !raceEnabled || !raceVaries[name] {
			native[name] = corpus.Programs[name]()
		}
	}
	check := func(name string) {
		t.Run(name, func(t *testing.T) {
			if raceEnabled && raceVaries[name] {
				t.Skip("the native result varies under -race")
			}
			fn := p.Func(corpusPkg, name)
			if fn == nil {
				t.Fatalf("no function %s", name)
			}
			res, err := differentialRun(p, fn, name)
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Returned {
				t.Fatalf("%v\n%v", res, res.Panic.Stack)
			}
			if got, want := res.Returns[0].Str(), native[name]; got != want {
				t.Errorf("interpreted:\n%s\nnative:\n%s", got, want)
			}
		})
	}
	for _, name := range names {
		if realTimed[name] {
			check(name)
		}
	}
	t.Parallel()
	for _, name := range names {
		if !realTimed[name] {
			check(name)
		}
	}
}

// differentialRun returns the result of corpus program name (fn of p),
// recorded with the default options, for TestCorpusDifferential: the run
// the other tests on the corpus share (recordedCorpus), but under the
// race detector, where .ci/run runs this test alone and reading the trace
// for the others would cost more than twice the run, a run of its own.
func differentialRun(p *Program, fn *ssa.Function, name string) (*Result, error) {
	if !raceEnabled {
		r := recordedCorpus(p, name)
		return r.res, r.err
	}
	res, err := p.Run(bgContext, fn, nil, nil)
	if err == nil && res.Trace != nil {
		res.Trace.Release()
		res.Trace = nil
	}
	return res, err
}

// corpusRun is what the tests on the corpus read of a program's run
// recorded with the default options: TestCorpusDifferential its result
// (but under the race detector, see differentialRun),
// TestCoverOnlyCorpus the statics its trace names, TestTraceInvariants
// what is wrong with the trace. The three check the same run (the
// interpreter's runs are deterministic), so it is made once a program
// (recordedCorpus) and its trace read for all three at once, then
// released: holding every program's trace until the last of the three
// has run would take the memory of the whole corpus's traces.
type corpusRun struct {
	res        *Result    // the run's result, its Trace released and nil
	err        error      // the run's error
	traced     bool       // whether the run returned a trace
	covered    []StaticID // the statics of the trace's events (coveredByTrace)
	invariants []string   // what invariantErrors finds wrong with the trace
}

var corpusRuns sync.Map // program name -> *corpusRunOnce

type corpusRunOnce struct {
	once sync.Once
	run  corpusRun
}

// recordedCorpus returns corpus program name's run recorded with the
// default options on p (the loaded corpus), made once.
func recordedCorpus(p *Program, name string) *corpusRun {
	v, _ := corpusRuns.LoadOrStore(name, &corpusRunOnce{})
	o := v.(*corpusRunOnce)
	o.once.Do(func() {
		fn := p.Func(corpusPkg, name)
		if fn == nil {
			o.run.err = fmt.Errorf("no function %s", name)
			return
		}
		res, err := p.Run(bgContext, fn, nil, nil)
		o.run.res, o.run.err = res, err
		if err != nil || res.Trace == nil {
			return
		}
		o.run.traced = true
		o.run.covered = coveredByTrace(res.Trace)
		o.run.invariants = invariantErrors(name, res.Trace)
		res.Trace.Release()
		res.Trace = nil
	})
	return &o.run
}
