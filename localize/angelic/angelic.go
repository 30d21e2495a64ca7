package angelic

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/trace"
)

// Options configure angelic debugging: [Localize] and the
// [Technique] technique. The zero value is the default.
type Options struct {
	// Search are the options (agx.Options) of the AgxFaults search
	// behind Localize;
	// its Granularity is always encode.ByExpression and its MaxSize 1.
	// Search.InScope narrows the scope to a set of functions, as the
	// paper does method by method. Default: AgxFaults' defaults (the
	// functions of the program's in-scope packages).
	Search search.Options
	// MaxInstances bounds the instances of one expression replayed
	// alone with the values of its first correction set, and those then
	// searched one by one. Default 0: 16.
	MaxInstances int
	// Flex configure the flexibility test of the Angelic technique.
	Flex FlexOptions

	// replaying, for tests, is called before each replay that confirms
	// an instance.
	replaying func()
}

// Localize returns the repair candidates of the failing case c, the
// AngelicTest of angelic debugging (Chandra, Torlak, Barman, Bodik, ICSE
// 2011): the expression instances of the failing run whose value alone,
// replaced at that one instance by another, makes the case pass. Each
// candidate has one location (the expression, with its column) and one
// angelic value: the instance (AngelicValue.Instance names it as "line
// 16, 2nd iteration"), its alternate value and the value the failing run
// computed; it is Verified by replaying the case with that one value
// substituted (or that one branch forced), and only verified candidates
// are reported.
//
// It is AgxFaults with expression granularity and candidates of size 1
// (AgxFaults with encode.ByExpression, MaxSize 1): each correction set
// names one expression and gives values to all its instances; every
// instance of the failing run whose value the model changes is then
// replayed alone, and each that passes alone is a candidate. Only an
// expression some change of its instances fixes can have an instance
// that fixes the case alone, so the other instances of these expressions
// (up to MaxInstances each) are then searched one at a time: AgxFaults
// again, with that one instance blamable, its model replayed alone. An
// expression the model can fix only by changing several of its instances
// at once gives no candidate.
//
// Cancelling ctx stops the searches and the replays that confirm their
// instances with the candidates confirmed so far, the report marked
// Partial.
func Localize(ctx context.Context, prog *trace.Program, c trace.Case, opts *Options) (*localize.Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	if c == nil {
		return nil, fmt.Errorf("localize: angelic: no test case")
	}
	start := time.Now()
	o := opts.Search
	o.Granularity, o.MaxSize = encode.ByExpression, 1
	type found struct {
		enc *encode.Candidate
		out localize.Candidate
	}
	var all []found
	ext := &search.Extension{Decoded: func(enc *encode.Candidate, out localize.Candidate) { all = append(all, found{enc, out}) }}
	sub := &search.Subject{Prog: prog, Case: c, FirstOnly: o.FirstFailure}
	rep, err := search.Search(ctx, sub, &o, ext)
	if err != nil {
		return nil, err
	}
	rep.Mode = Mode
	rep.Candidates = []localize.Candidate{}
	// Only a verified expression has instances to confirm: without one
	// there is nothing to replay, and the failing run is not run again
	// (a search its context stopped then returns at once, not after an
	// uncancelled run of the whole case).
	if !slices.ContainsFunc(all, func(f found) bool { return f.out.Verified }) {
		return finishAngelic(rep, &o, start, nil)
	}
	// The failing run, for the values and counts of its instances.
	ro := o.Run
	ro.Hooks = nil
	fail, err := sub.Run(ctx, &ro)
	if err != nil {
		return finishAngelic(rep, &o, start, stopped(ctx, err))
	}
	rep.Stats.Runs++
	if budget, ok := search.EndlessBudget(fail, o.Run.MaxSteps); ok {
		// A loop that does not end: the run AgxFaults localized, as
		// it cut it short.
		fail.Release()
		ro.MaxSteps = budget
		if fail, err = sub.Run(ctx, &ro); err != nil {
			return finishAngelic(rep, &o, start, stopped(ctx, err))
		}
		rep.Stats.Runs++
	}
	defer fail.Release()
	t := fail.Res.Trace
	at := make(map[trace.InstanceKey]trace.EventID, t.Len())
	for e := range t.Len() {
		at[t.Key(trace.EventID(e))] = trace.EventID(e)
	}
	names := instanceNames(t)
	if o.Run.MaxSteps == 0 {
		ro.MaxSteps = 100*fail.Res.Steps + 100_000 // as AgxFaults bounds its re-runs
	} else {
		ro.MaxSteps = o.Run.MaxSteps
	}
	src := localize.Sources{}
	for name, b := range o.Overlay {
		src[name] = strings.Split(string(b), "\n")
	}
	maxInst := opts.MaxInstances
	if maxInst <= 0 {
		maxInst = 16
	}
	confirmed := map[trace.InstanceKey]bool{}
	// alone replays each instance of the failing run whose value f's model
	// changes (only: if not nil, that instance only) with that value
	// alone, and keeps those that pass as candidates.
	alone := func(f found, only *trace.InstanceKey) error {
		replays := 0
		for _, a := range f.enc.Angelic {
			e, ok := at[a.Key]
			if !ok || confirmed[a.Key] || only != nil && a.Key != *only {
				continue // not an instance of the failing run, or done
			}
			orig := t.Value(e)
			if a.Branch && a.Value.Bool() == orig.Bool() || !a.Branch && a.Value.String() == orig.String() {
				continue
			}
			h := &trace.Hooks{}
			if a.Branch {
				h.Branches = map[trace.InstanceKey]bool{a.Key: a.Value.Bool()}
			} else {
				h.Values = map[trace.InstanceKey]trace.Value{a.Key: a.Value}
			}
			if replays == maxInst {
				break
			}
			replays++
			if opts.replaying != nil {
				opts.replaying()
			}
			ro.Hooks = h
			v, err := sub.Run(ctx, &ro)
			rep.Stats.Runs++
			if err != nil {
				return stopped(ctx, err)
			}
			if v.Passed {
				confirmed[a.Key] = true
				a.Orig = orig
				one := &encode.Candidate{Statements: f.enc.Statements, Angelic: []encode.Angelic{a}, Hooks: h}
				cand := search.CandidateOf(src, one, v, true)
				cand.Angelic[0].Instance = names(e)
				rep.Candidates = append(rep.Candidates, cand)
			}
			v.Release()
		}
		return nil
	}
	for _, f := range all {
		if f.out.Verified {
			if err := alone(f, nil); err != nil {
				return finishAngelic(rep, &o, start, err)
			}
		}
	}
	// The other instances of the expressions found: a search each, with
	// that one instance blamable. Only an expression some change of its
	// instances fixes can have an instance that fixes the case alone.
	for _, f := range all {
		if !f.out.Verified {
			continue
		}
		if ctx.Err() != nil {
			return finishAngelic(rep, &o, start, ctx.Err())
		}
		statics := map[trace.StaticID]bool{}
		for _, a := range f.enc.Angelic {
			statics[a.Key.Static] = true
		}
		tried := 0
		for e := range t.Len() {
			k := t.Key(trace.EventID(e))
			if !statics[k.Static] || confirmed[k] {
				continue
			}
			if tried == maxInst {
				break
			}
			tried++
			o2 := o
			o2.MaxCandidates = 1
			var one []found
			ext2 := &search.Extension{
				Blamable: func(x trace.InstanceKey) bool { return x == k },
				Decoded:  func(enc *encode.Candidate, out localize.Candidate) { one = append(one, found{enc, out}) },
			}
			r2, err := search.Search(ctx, &search.Subject{Prog: prog, Case: c, FirstOnly: o.FirstFailure}, &o2, ext2)
			if err != nil {
				return finishAngelic(rep, &o, start, err)
			}
			rep.Stats.Runs += r2.Stats.Runs
			rep.Stats.Refinements += r2.Stats.Refinements
			rep.Stats.MCSes += r2.Stats.MCSes
			rep.Stats.SolverCalls += r2.Stats.SolverCalls
			rep.Stats.Solve += r2.Stats.Solve
			if r2.Partial && ctx.Err() != nil {
				return finishAngelic(rep, &o, start, ctx.Err())
			}
			for _, g := range one {
				if g.out.Verified {
					if err := alone(g, &k); err != nil {
						return finishAngelic(rep, &o, start, err)
					}
				}
			}
		}
	}
	return finishAngelic(rep, &o, start, nil)
}

// Mode is the Mode of the reports of [Localize] and [Technique].
const Mode = "angelic"

// stopped is err, or ctx's error when ctx ended: a run cut by the
// deadline says so.
func stopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// finishAngelic orders a Localize report; err (a cancellation, a
// run's failure) makes it partial.
func finishAngelic(rep *localize.Report, opts *search.Options, start time.Time, err error) (*localize.Report, error) {
	if err != nil {
		rep.Partial, rep.Reason = true, err.Error()
	}
	rep.Stats.Total = time.Since(start)
	rep.Rerank(opts.Suspiciousness)
	return rep, nil
}

// instanceNames returns a function that names an event of t as a reader
// of the source does: "line 23", then ", 2nd iteration" when its
// instruction ran several times in its frame, and ", 2nd call" when it
// ran in several calls of its function.
func instanceNames(t *trace.Trace) func(trace.EventID) string {
	type frameKey struct {
		s    trace.StaticID
		path uint64
	}
	runs := map[frameKey]int{}
	calls := map[trace.StaticID][]uint64{} // the call paths, in order of first execution
	for e := range t.Len() {
		k := t.Key(trace.EventID(e))
		fk := frameKey{k.Static, k.Path}
		if runs[fk] == 0 {
			calls[k.Static] = append(calls[k.Static], k.Path)
		}
		runs[fk]++
	}
	return func(e trace.EventID) string {
		k := t.Key(e)
		s := fmt.Sprintf("line %d", t.Pos(e).Line)
		if runs[frameKey{k.Static, k.Path}] > 1 {
			s += ", " + search.Ordinal(int(k.Occ)+1) + " iteration"
		}
		if ps := calls[k.Static]; len(ps) > 1 {
			s += ", " + search.Ordinal(slices.Index(ps, k.Path)+1) + " call"
		}
		return s
	}
}

// Technique is angelic debugging as a [Technique]: [Localize] on the
// failing case, then [FlexTest] on the passing cases (Options.Flex;
// default: those of Failure.Spectrum), the inhibited candidates demoted
// (or removed: FlexOptions.Remove), the others ordered by flexibility.
type Technique struct {
	Options Options
}

var _ localize.Technique = (*Technique)(nil)

// Name is ModeAngelic, the Mode of the reports.
func (a *Technique) Name() string { return Mode }

// Localize finds the repair candidates of f's case and tests their
// flexibility.
//
// When ctx has a deadline, Localize gets three quarters of the time
// left, so that the flexibility test has time for the candidates found.
func (a *Technique) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	actx := ctx
	if d, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		actx, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(d)*3/4))
		defer cancel()
	}
	rep, err := Localize(actx, f.Program, f.Case, &a.Options)
	if err != nil {
		return nil, err
	}
	return flex(ctx, rep, f, &a.Options.Flex)
}
