package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"time"
)

// The step and allocation budgets of a run. A bound the caller sets is
// exact: a run with RunOptions.MaxSteps, or, when that is 0, with the
// process's bound (SetMaxSteps), executes at most that many
// instructions; a run with RunOptions.MaxAlloc allocates at most that
// many bytes. Without one, the budget is the default, and the default is
// only where a go test case starts: a test that passes natively must not
// fail interpreted for want of steps or memory. The allocation budget
// counts what a run allocates, garbage too, so it grows with the steps a
// case runs, and follows the same rules.
//
//   - Native evidence: a go test case's time in a native go test run,
//     RunOptions.NativeTime or, when that is 0, the time the Program
//     holds for the case (SetNativeTimes), raises the default to
//     StepsPerNativeSecond times that time (at least go test's 10 ms
//     resolution), and the allocation budget to AllocPerNativeSecond
//     times it.
//   - Growth: a go test case (RunGoTest, ListGoTest, FuzzCase) that runs
//     out of the default budget runs again, unrecorded, with a budget
//     that doubles each time it is reached as long as the run has taken
//     less than its growth window of wall-clock time (and its context is
//     not done): GrowTime (5 s) without native evidence, and with it
//     NativeSlowdown times the native time if that is longer (a case the
//     native run shows to end may run as much slower as the interpreter
//     is on the slowest suites measured). If that run ends, the case's
//     result is its (the case run once more with exactly the steps it
//     needed, recorded, when the caller asked for a trace or for
//     coverage); if not, the first run's result stands, so that a case
//     that does not end reports the same default budget on every
//     machine, and the Program does not grow that case's budget again (a
//     caller such as localize runs a failing case many times) unless
//     native evidence given later widens its window.
//   - Memory: an allocation budget above DefaultMaxAlloc (raised or
//     growing) is reached by doublings from DefaultMaxAlloc, each when
//     an allocation exceeds the budget so far (so that no single
//     allocation gets more than twice that), and each only if the
//     process's live heap after a collection has grown by at most
//     DefaultMaxAlloc since the run started: garbage lets the budget
//     grow, memory the program keeps does not.
//   - Depth: a go test case with native evidence that runs out of the
//     default call depth (DefaultMaxDepth, RunOptions.MaxDepth 0) is run
//     again as one that runs out of its steps is, its depth bounded by
//     GrownMaxDepth: native Go's stack holds far deeper recursions (a
//     parser's nesting limit of 10,000 levels is two or three calls a
//     level). Without native evidence a case that recurses so deep is
//     more likely endless, and is not run again.
//
// The caller's own limits bound all of it: an exact bound is never
// raised, and the run's context ends it whatever its budget.
//
// A case with native evidence passes natively (SetNativeTimes records
// the times of passing runs): if it still runs out of a default budget,
// the interpreter could not give it a verdict, which is not the case
// failing, and the go test methods return a *BudgetError with the run's
// result.

// DefaultMaxSteps is the step budget of a run for which nothing sets
// another (see the package's step budget rules above).
const DefaultMaxSteps = 10_000_000

// StepsPerNativeSecond converts a case's native time (RunOptions.
// NativeTime) into a step budget: a hundred billion interpreted
// instructions a native second. Natively compiled code executes about one
// to four SSA instructions a nanosecond, and real suites have cases that
// need ten interpreted steps a native nanosecond (a parser's tests on
// pathological inputs, whose native time go test rounds to 10 ms): the
// bound is ten times that. A case's context, not this bound, is what
// ends a slow interpretation in practice.
const StepsPerNativeSecond = 100_000_000_000

// DefaultMaxAlloc is the allocation budget, in bytes, of a run for which
// nothing sets another (see the package's budget rules above).
const DefaultMaxAlloc = 4 << 30

// AllocPerNativeSecond converts a case's native time (RunOptions.
// NativeTime) into an allocation budget, in bytes: 64 GiB a native
// second. Natively compiled Go allocates at most a few gigabytes a
// second on one core, garbage included, and the interpreter counts a
// word of memory as a cell of 32 bytes, four times its native size: the
// bound covers a native rate of 16 GiB a second. What the program keeps
// is bounded apart (see the memory rule above).
const AllocPerNativeSecond = 64 << 30

// allocPerNativeSecond is AllocPerNativeSecond; tests lower it.
var allocPerNativeSecond float64 = AllocPerNativeSecond

// defaultMaxAlloc is DefaultMaxAlloc; tests lower it.
var defaultMaxAlloc int64 = DefaultMaxAlloc

// GrowTime bounds, in wall-clock time, the run of a go test case whose
// default budget grows.
const GrowTime = 5 * time.Second

// growTime is GrowTime; tests shorten it.
var growTime = GrowTime

// NativeSlowdown bounds, as a multiple of a go test case's native time,
// the growth window of a case with native evidence: above the
// interpreter's CPU time over the native suite's on every library of
// bench/suites (its REPORT.md gives the ratios).
const NativeSlowdown = 1000

// nativeSlowdown is NativeSlowdown; tests lower it.
var nativeSlowdown int64 = NativeSlowdown

// minNativeTime is go test's resolution: a case's native time counts as
// at least this much.
const minNativeTime = 10 * time.Millisecond

// growWindow returns the growth window of a go test case whose native
// time is native (0: unknown).
func growWindow(native time.Duration) time.Duration {
	if native <= 0 || nativeSlowdown <= 0 {
		return growTime
	}
	w := max(native, minNativeTime)
	if int64(w) > math.MaxInt64/nativeSlowdown {
		return math.MaxInt64
	}
	return max(growTime, w*time.Duration(nativeSlowdown))
}

// DefaultMaxDepth is the call depth budget of a run for which nothing
// sets another.
const DefaultMaxDepth = 10_000

// GrownMaxDepth bounds the call depth of a go test case run again with
// native evidence (see the rules above): an interpreted call takes
// about 650 bytes of the host's stack, and one whose function defers
// about 2.5 KB, so that 200,000 of those take a 512 MB stack, half the
// host's limit (1 GB, past which the process dies). go-cmp's recursive
// Transformer check (65,536 path steps, about 300,000 calls) is deeper.
const GrownMaxDepth = 200_000

// maxGrownRecord bounds the steps of a case run recorded after its
// budget grew: a trace costs about 20 bytes an event.
const maxGrownRecord = 100_000_000

var processMaxSteps atomic.Int64

// SetMaxSteps sets the step budget of the runs whose RunOptions.MaxSteps
// is 0, an exact bound as MaxSteps is (no growth, NativeTime ignored),
// and returns the previous one; 0 restores the default rules.
func SetMaxSteps(n int64) int64 { return processMaxSteps.Swap(max(n, 0)) }

// SetMaxSteps sets the step budget of p's runs whose RunOptions.MaxSteps
// is 0, an exact bound as MaxSteps is, and returns the previous one; 0
// (the default) leaves p's runs to the process's bound (the package's
// SetMaxSteps) or the default rules. p's bound comes before the
// process's: a program's own limit lets runs of different programs in
// one process have different bounds at once.
func (p *Program) SetMaxSteps(n int64) int64 { return p.maxSteps.Swap(max(n, 0)) }

// SetNativeTimes records times, the go test cases of package pkgPath
// named as go test -json names them ("TestX", "TestX/sub", "ExampleY"),
// each with its time in a native go test run in which it passed: the
// evidence of the steps a case needs when it runs with
// RunOptions.NativeTime 0 (see SetMaxSteps for the budget's rules). A
// case with no time of its own, such as a test function whose subtests
// have theirs, takes the sum of its subtests' times. A time of 0 or less
// forgets the case's; times of other cases recorded before are kept.
func (p *Program) SetNativeTimes(pkgPath string, times map[string]time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.nativeTimes == nil {
		p.nativeTimes = map[string]map[string]time.Duration{}
	}
	m := p.nativeTimes[pkgPath]
	if m == nil {
		m = map[string]time.Duration{}
		p.nativeTimes[pkgPath] = m
	}
	for name, d := range times {
		if d > 0 {
			m[name] = d
		} else {
			delete(m, name)
		}
	}
}

// NativeTime returns the native time SetNativeTimes recorded for go test
// case name of package pkgPath, or else the sum of its subtests' (0 when
// none is known).
func (p *Program) NativeTime(pkgPath, name string) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := p.nativeTimes[pkgPath]
	if d, ok := m[name]; ok {
		return d
	}
	var sum time.Duration
	for n, d := range m {
		if strings.HasPrefix(n, name+"/") {
			sum += d
		}
	}
	return sum
}

// stepBudget returns the step budget of a run of p with options o and whether
// it is the default one, which a go test case may exceed.
func stepBudget(p *Program, o *RunOptions) (budget int64, dflt bool) {
	if o.MaxSteps > 0 {
		return o.MaxSteps, false
	}
	if n := p.maxSteps.Load(); n > 0 {
		return n, false
	}
	if n := processMaxSteps.Load(); n > 0 {
		return n, false
	}
	budget = DefaultMaxSteps
	if o.NativeTime > 0 {
		t := max(o.NativeTime, minNativeTime)
		if s := t.Seconds() * StepsPerNativeSecond; s < math.MaxInt64/2 {
			budget = max(budget, int64(s))
		} else {
			budget = math.MaxInt64 / 2
		}
	}
	return budget, true
}

// allocBudget returns the allocation budget of a run with options o,
// whether it is the default one, which a go test case may exceed, and
// the budget native evidence raises the default to (the budget itself
// without native evidence), up to which the run's budget grows without a
// growth window (see growAlloc).
func allocBudget(o *RunOptions) (budget int64, dflt bool, raised int64) {
	if o.MaxAlloc > 0 {
		return o.MaxAlloc, false, o.MaxAlloc
	}
	budget, raised = defaultMaxAlloc, defaultMaxAlloc
	if o.NativeTime > 0 {
		t := max(o.NativeTime, minNativeTime)
		if s := t.Seconds() * allocPerNativeSecond; s < math.MaxInt64/4 {
			raised = max(budget, int64(s))
		} else {
			raised = math.MaxInt64 / 4
		}
	}
	return budget, true, raised
}

// grow is called by tick when the run has executed its budget: it
// doubles a growing run's budget if the run's time allows, and reports
// whether it did.
func (r *run) grow() bool {
	if !r.defaultSteps || r.growUntil.IsZero() || r.max >= math.MaxInt64/2 || time.Now().After(r.growUntil) {
		return false
	}
	r.max *= 2
	return true
}

// growAlloc is called by allocate when the run's allocations exceed its
// budget: it doubles a default allocation budget, once, if native
// evidence raised it above that (r.allocRaised) or the run is growing
// and its time allows, and if what the process holds after a collection
// has grown by at most maxGrowHeap since the run started (the budget
// counts garbage, which may grow it, but not memory the program keeps);
// it reports whether the allocations fit now.
func (r *run) growAlloc() bool {
	if !r.defaultAlloc || r.maxAlloc >= math.MaxInt64/4 {
		return false
	}
	growing := !r.growUntil.IsZero() && !time.Now().After(r.growUntil)
	if r.maxAlloc >= r.allocRaised && !growing {
		return false
	}
	runtime.GC()
	if live := liveHeap(); live > r.heapBase && live-r.heapBase > maxGrowHeap {
		return false
	}
	if r.maxAlloc *= 2; !growing {
		r.maxAlloc = min(r.maxAlloc, r.allocRaised)
	}
	return r.alloc <= r.maxAlloc
}

// maxGrowHeap bounds the growth of the process's live heap since the
// run started (run.heapBase), in bytes, under which a growing allocation
// budget doubles: DefaultMaxAlloc, what a run may hold without growth.
const maxGrowHeap = DefaultMaxAlloc

// liveHeap returns the bytes of heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// outOfDefaultSteps reports whether res ended at its default step budget.
func outOfDefaultSteps(res *CaseResult) bool {
	return res != nil && res.Result != nil && res.Outcome == BudgetExceeded && res.defaultSteps
}

// outOfDefaultAlloc reports whether res ended at its default allocation
// budget.
func outOfDefaultAlloc(res *CaseResult) bool {
	return res != nil && res.Result != nil && res.Outcome == BudgetExceeded && res.defaultAlloc
}

// outOfDefaultDepth reports whether res ended at its default depth
// budget.
func outOfDefaultDepth(res *CaseResult) bool {
	return res != nil && res.Result != nil && res.Outcome == BudgetExceeded && res.defaultDepth
}

// growCase runs go test case name of package pkgPath by run under the
// step budget rules: once with opts, and, if it runs out of the default
// budget, again with a growing one (see above). kind tells apart the
// Program's ways of running a case ("run", "list", "fuzz"). Output to
// opts.Stdout is held until it is known which run's result is returned,
// and then written once.
func growCase(ctx context.Context, p *Program, kind, pkgPath, name string, opts *RunOptions, run func(*RunOptions) (*CaseResult, error)) (*CaseResult, error) {
	var o RunOptions
	if opts != nil {
		o = *opts
	}
	if _, dflt := stepBudget(p, &o); !dflt || o.Hooks != nil {
		// An exact bound, or hooks (which would see the case twice).
		return run(opts)
	}
	if o.NativeTime <= 0 {
		o.NativeTime = p.NativeTime(pkgPath, name)
	}
	// A case that passes natively and runs out of a default budget has
	// no verdict here: a *BudgetError, not a failure.
	stands := func(res *CaseResult, err error) (*CaseResult, error) {
		if err == nil && o.NativeTime > 0 && (outOfDefaultSteps(res) || outOfDefaultAlloc(res) || outOfDefaultDepth(res)) {
			err = &BudgetError{Failure: res.Failure, NativeTime: o.NativeTime, Pos: res.stopPos, Result: res.Result}
		}
		return res, err
	}
	key := kind + " " + pkgPath + " " + name
	window := growWindow(o.NativeTime)
	first := o
	var held bytes.Buffer
	if o.Stdout != nil {
		first.Stdout = &held
	}
	res, err := run(&first)
	deeper := o.NativeTime > 0 && o.MaxDepth <= 0 // native evidence: the depth may grow
	over := outOfDefaultSteps(res) || outOfDefaultAlloc(res) || deeper && outOfDefaultDepth(res)
	if w, ok := p.endless.Load(key); ok && (o.NativeTime <= 0 || w.(time.Duration) >= window) || !over || ctx.Err() != nil {
		if ctx.Err() != nil {
			return res, flush(o.Stdout, &held, err)
		}
		return stands(res, flush(o.Stdout, &held, err))
	}
	recorded := !o.NoTrace || o.CoverOnly
	grown := o
	grown.NoTrace, grown.CoverOnly, grown.growTime = true, false, window
	grown.deeper = deeper
	var grownOut bytes.Buffer
	if o.Stdout != nil {
		grown.Stdout = &grownOut
	}
	res2, err2 := run(&grown)
	deep := deeper && outOfDefaultDepth(res2)
	switch {
	case outOfDefaultSteps(res2) || outOfDefaultAlloc(res2) || deep || ctx.Err() != nil || errors.Is(err2, context.DeadlineExceeded) || errors.Is(err2, context.Canceled):
		// It did not end in time: the first run's result stands.
		if outOfDefaultSteps(res2) || outOfDefaultAlloc(res2) || deep {
			p.endless.Store(key, window)
			return stands(res, flush(o.Stdout, &held, err))
		}
		return res, flush(o.Stdout, &held, err)
	case !recorded || res2 == nil || res2.Result == nil:
		// (or it ended in an error of its own, such as a construct the
		// interpreter cannot run, reached after the default budget)
		return res2, flush(o.Stdout, &grownOut, err2)
	case res2.Steps > maxGrownRecord:
		res.Failure = fmt.Sprintf("%s; the case ends after %d steps, too many to record", res.Failure, res2.Steps)
		return res, flush(o.Stdout, &held, err)
	}
	exact := o
	exact.MaxSteps, exact.deeper = res2.Steps+res2.Steps/8+1000, deeper
	// A recorded run charges a cell for each instance of a local variable
	// after a frame's first, which a plain run keeps in its frame: at
	// most a cell a step more.
	if _, _, raised := allocBudget(&o); o.MaxAlloc <= 0 {
		if need := res2.Alloc + res2.Alloc/8 + cellBytes*exact.MaxSteps; need > raised {
			exact.MaxAlloc = need
		}
	}
	return run(&exact)
}

// flush writes what a run held for w to w, returning err.
func flush(w io.Writer, held *bytes.Buffer, err error) error {
	if w != nil && held.Len() > 0 {
		w.Write(held.Bytes())
	}
	return err
}
