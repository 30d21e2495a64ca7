package search

// Forcing a statement's values by running: predicate switching and value
// replacement, shared by Diagnose's case-by-case checks and ForceProbe.

import (
	"cmp"
	"context"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"math"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/trace"
)

// maxFlips bounds the predicate instances of one statement forced one at
// a time in one case; they are then forced all at once.
const maxFlips = 8

// maxReplacements bounds the replacements of one statement's values
// tried in one case.
const maxReplacements = 16

// ForceKind is what forcing can do with an instruction's instances.
type ForceKind uint8

const (
	ForceNone      ForceKind = iota
	forcePredicate           // encode.Predicate
	forceValue               // encode.Replaceable
)

// classify returns what forcing can do with in's instances.
func classify(in ssa.Instruction) ForceKind {
	switch {
	case in == nil:
		return ForceNone
	case encode.Predicate(in):
		return forcePredicate
	case encode.Replaceable(in):
		return forceValue
	}
	return ForceNone
}

// Forcer collects the instances of one statement in a run that forcing
// can change, and makes its tries.
type Forcer struct {
	t       *trace.Trace
	kinds   map[trace.StaticID]ForceKind
	want    map[ValueKey]trace.Value // the values the failed checks expected (expected)
	preds   []trace.EventID
	repl    map[trace.StaticID][]trace.EventID
	statics []trace.StaticID // of repl, by first instance
}

// NewForcer returns a forcer of run t, whose failed checks expected the
// values of want (expected; nil for none), with kinds as its cache of
// what can be forced.
func NewForcer(t *trace.Trace, want map[ValueKey]trace.Value, kinds map[trace.StaticID]ForceKind) *Forcer {
	return &Forcer{t: t, want: want, kinds: kinds, repl: map[trace.StaticID][]trace.EventID{}}
}

// Kind returns what forcing can do with event e (classify, cached by
// static instruction).
func (f *Forcer) Kind(e trace.EventID) ForceKind {
	sid := f.t.Static(e)
	k, ok := f.kinds[sid]
	if !ok {
		k = classify(f.t.Instr(e))
		f.kinds[sid] = k
	}
	return k
}

// Add adds event e, of kind k, an instance of the statement.
func (f *Forcer) Add(e trace.EventID, k ForceKind) {
	switch {
	case k == forcePredicate && f.t.Value(e).Kind() == trace.KindBool:
		f.preds = append(f.preds, e)
	case k == forceValue:
		sid := f.t.Static(e)
		if f.repl[sid] == nil {
			f.statics = append(f.statics, sid)
		}
		f.repl[sid] = append(f.repl[sid], e)
	}
}

// tries returns what to force, in order: the predicate switches (flips),
// then the value replacements of each replaceable instruction, a
// Return's first, then a Store's, then the others, each in the order of
// their first instances: the values the failed checks expected
// (expectedTries), then the others (replacements), then the values that
// turn the comparisons reading them the other way (boundaries); at most
// maxFlips+1 of the first and maxReplacements of the second. The tries
// are made as they are asked for; when ctx ends the sequence ends.
func (f *Forcer) tries(ctx context.Context) iter.Seq[map[trace.EventID]trace.Value] {
	return func(yield func(map[trace.EventID]trace.Value) bool) {
		for _, try := range flips(f.t, f.preds) {
			if !yield(try) {
				return
			}
		}
		order := func(sid trace.StaticID) int {
			switch f.t.Instr(f.repl[sid][0]).(type) {
			case *ssa.Return:
				return 0
			case *ssa.Store:
				return 1
			}
			return 2
		}
		slices.SortStableFunc(f.statics, func(a, b trace.StaticID) int { return cmp.Compare(order(a), order(b)) })
		// Each kind is made only when the ones before it did not pass:
		// an instruction run a million times makes tries of a million
		// values, and a scan for the comparisons reading it.
		p := NewPoll(ctx)
		n := 0
		for _, sid := range f.statics {
			for _, mk := range []func() []map[trace.EventID]trace.Value{
				func() []map[trace.EventID]trace.Value { return expectedTries(p, f.t, f.repl[sid], f.want) },
				func() []map[trace.EventID]trace.Value { return replacements(p, f.t, f.repl[sid]) },
				func() []map[trace.EventID]trace.Value { return boundaries(p, f.t, f.repl[sid]) },
			} {
				for _, try := range mk() {
					if n == maxReplacements || p.ctx.Err() != nil || !yield(try) {
						return
					}
					n++
				}
			}
		}
	}
}

// Poll tells a loop over a run's events that its context ended,
// looking at the context once every pollEvery calls: on each event it
// would cost more than the step.
type Poll struct {
	ctx context.Context
	n   uint32
}

// pollEvery is how many calls of Stopped look at the context once.
const pollEvery = 1024

// NewPoll returns a Poll of ctx.
func NewPoll(ctx context.Context) *Poll { return &Poll{ctx: ctx} }

// Stopped reports whether the context ended, seen at every pollEvery-th
// call (false at the others).
func (p *Poll) Stopped() bool {
	p.n++
	return p.n%pollEvery == 0 && p.ctx.Err() != nil
}

// flips returns the predicate switches of the predicate instances preds
// of t, in execution order: each of the last maxFlips alone, the last
// first, then all of them at once.
func flips(t *trace.Trace, preds []trace.EventID) []map[trace.EventID]trace.Value {
	var tries []map[trace.EventID]trace.Value
	for _, e := range slices.Backward(preds) {
		if len(tries) == maxFlips {
			break
		}
		tries = append(tries, map[trace.EventID]trace.Value{e: trace.Bool(!t.Value(e).Bool())})
	}
	if len(preds) > 1 {
		all := map[trace.EventID]trace.Value{}
		for _, e := range preds {
			all[e] = trace.Bool(!t.Value(e).Bool())
		}
		tries = append(tries, all)
	}
	return tries
}

// replacements returns the value replacements of evs, the instances of
// one replaceable instruction in t, in execution order: for a float NaN,
// zero, +Inf and -Inf, for an integer zero and the value run plus one and
// minus one, each at every instance at once, then at the last instance
// alone. A replacement that changes no value, or holds a value that does
// not fit the instruction (encode.Fits), is left out.
func replacements(p *Poll, t *trace.Trace, evs []trace.EventID) []map[trace.EventID]trace.Value {
	in := t.Instr(evs[0])
	var ways []func(trace.Value) trace.Value
	switch t.Value(evs[0]).Kind() {
	case trace.KindFloat:
		for _, f := range []float64{math.NaN(), 0, math.Inf(1), math.Inf(-1)} {
			ways = append(ways, func(trace.Value) trace.Value { return trace.Float(f) })
		}
	case trace.KindInt:
		ways = append(ways,
			func(trace.Value) trace.Value { return trace.Int(0) },
			func(v trace.Value) trace.Value { return trace.Int(v.Int() + 1) },
			func(v trace.Value) trace.Value { return trace.Int(v.Int() - 1) })
	case trace.KindUint:
		ways = append(ways,
			func(trace.Value) trace.Value { return trace.Uint(0) },
			func(v trace.Value) trace.Value { return trace.Uint(v.Uint() + 1) },
			func(v trace.Value) trace.Value { return trace.Uint(v.Uint() - min(v.Uint(), 1)) })
	default:
		return nil
	}
	scopes := [][]trace.EventID{evs}
	if len(evs) > 1 {
		scopes = append(scopes, evs[len(evs)-1:])
	}
	var tries []map[trace.EventID]trace.Value
	for _, way := range ways {
		for _, scope := range scopes {
			forced := map[trace.EventID]trace.Value{}
			changed, fits := false, true
			for _, e := range scope {
				if p.Stopped() {
					return tries
				}
				orig := t.Value(e)
				v := way(orig)
				changed = changed || v.String() != orig.String()
				fits = fits && encode.Fits(in, v)
				forced[e] = v
			}
			if changed && fits {
				tries = append(tries, forced)
			}
		}
	}
	return tries
}

// maxBoundaries bounds the comparisons boundaries turns for one
// instruction.
const maxBoundaries = 4

// boundaries returns the replacements of evs, the instances of one
// replaceable integer instruction in t, that turn a comparison reading
// them the other way: for a comparison v op w of integers whose v is an
// instance's value (its result, or loaded from what it stored), the
// instance alone is given the value nearest w for which the comparison
// would come out the other way (w itself, or one more or less); the
// first maxBoundaries comparisons of the run that read an instance, in
// execution order. A wrong value that should have crossed a bound (an
// assignment of the wrong variable, a wrong offset) is one that no
// replacement by zero or one off reaches.
func boundaries(p *Poll, t *trace.Trace, evs []trace.EventID) []map[trace.EventID]trace.Value {
	in := t.Instr(evs[0])
	if k := t.Value(evs[0]).Kind(); k != trace.KindInt && k != trace.KindUint {
		return nil
	}
	mine := make(map[trace.EventID]bool, len(evs))
	for _, e := range evs {
		if p.Stopped() {
			return nil
		}
		mine[e] = true
	}
	// reads returns the instance of evs whose value x, an operand of
	// event c, is: its producer, or the store a load of it read.
	var buf []trace.EventID
	reads := func(c trace.EventID, x ssa.Value) trace.EventID {
		p := t.Producer(c, x)
		if p == trace.NoEvent || mine[p] {
			return p
		}
		if u, ok := t.Instr(p).(*ssa.UnOp); ok && u.Op == token.MUL {
			buf = t.Deps(p, buf[:0])
			for _, d := range buf {
				if mine[d] {
					return d
				}
			}
		}
		return trace.NoEvent
	}
	var tries []map[trace.EventID]trace.Value
	type try struct {
		e trace.EventID
		v string
	}
	seen := map[try]bool{}
	found := 0
	for c := evs[0] + 1; int(c) < t.Len() && found < maxBoundaries; c++ {
		if p.Stopped() {
			return tries
		}
		b, ok := t.Instr(c).(*ssa.BinOp)
		if !ok || !isComparison(b.Op) {
			continue
		}
		op, e, other := b.Op, reads(c, b.X), b.Y
		if e == trace.NoEvent || !mine[e] {
			op, e, other = mirror(b.Op), reads(c, b.Y), b.X
			if e == trace.NoEvent || !mine[e] {
				continue
			}
		}
		w, ok := operand(t, c, other)
		v := t.Value(e)
		if !ok || w.Kind() != v.Kind() {
			continue
		}
		found++
		x, ok := across(op, t.Value(c).Bool(), w)
		if !ok || !encode.Fits(in, x) || x.String() == v.String() {
			continue
		}
		key := try{e, x.String()}
		if seen[key] {
			continue
		}
		seen[key] = true
		tries = append(tries, map[trace.EventID]trace.Value{e: x})
	}
	return tries
}

// isComparison reports whether op compares.
func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// mirror returns the comparison op with its operands swapped: w op v
// is v mirror(op) w.
func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

// across returns the integer v nearest w for which v op w is not was,
// the comparison's outcome; ok is false when that value does not exist
// in w's kind (one less than an unsigned zero, one more than the
// largest).
func across(op token.Token, was bool, w trace.Value) (trace.Value, bool) {
	d := 0 // w+d
	switch op {
	case token.EQL:
		if was {
			d = 1
		}
	case token.NEQ:
		if !was {
			d = 1
		}
	case token.LSS, token.GTR:
		if !was {
			d = 1
			if op == token.LSS {
				d = -1
			}
		}
	case token.LEQ, token.GEQ:
		if was {
			d = 1
			if op == token.GEQ {
				d = -1
			}
		}
	}
	switch w.Kind() {
	case trace.KindInt:
		n := w.Int()
		if d > 0 && n == math.MaxInt64 || d < 0 && n == math.MinInt64 {
			return trace.Value{}, false
		}
		return trace.Int(n + int64(d)), true
	case trace.KindUint:
		n := w.Uint()
		if d > 0 && n == math.MaxUint64 || d < 0 && n == 0 {
			return trace.Value{}, false
		}
		switch {
		case d > 0:
			n++
		case d < 0:
			n--
		}
		return trace.Uint(n), true
	}
	return trace.Value{}, false
}

// FirstPass runs sub with each of f's tries forced in turn (runForced,
// on the failing run first under ro), candidate making each try's
// candidate, and returns the first that passes with its run; nil when
// none does. runs counts the runs. forced is the try that passed.
func (f *Forcer) FirstPass(ctx context.Context, sub *Subject, ro trace.RunOptions, first *trace.Result, candidate func(map[trace.EventID]trace.Value) (*encode.Candidate, error), runs *int) (cand *encode.Candidate, forced map[trace.EventID]trace.Value, v *Verdict, err error) {
	for try := range f.tries(ctx) {
		if err := ctx.Err(); err != nil {
			return nil, nil, nil, err
		}
		cand, err := candidate(try)
		if err != nil {
			return nil, nil, nil, err
		}
		v, err := runForced(ctx, sub, ro, first, cand.Hooks, runs)
		if err != nil {
			return nil, nil, nil, err
		}
		if v != nil {
			return cand, try, v, nil
		}
	}
	return nil, nil, nil, nil
}

// ValueKey identifies a number as a trace holds it.
type ValueKey struct {
	Kind trace.Kind
	Text string
}

func numKey(v trace.Value) ValueKey { return ValueKey{v.Kind(), v.String()} }

// Expected returns what run v's failed checks expected of its numbers:
// for each failed assertion under a branch on x == y or x != y of
// numbers (if got != want), each side's value is mapped to the other's,
// so that a statement that computed got can be given want. Checks of
// another form (a helper that compares, a tolerance) expect nothing
// here.
func Expected(v *Verdict) map[ValueKey]trace.Value {
	t := v.Res.Trace
	if t == nil {
		return nil
	}
	want := map[ValueKey]trace.Value{}
	for _, a := range v.Avoid {
		c := t.ControlParent(a)
		if c == trace.NoEvent {
			continue
		}
		br, ok := t.Instr(c).(*ssa.If)
		if !ok {
			continue
		}
		cmpOp, ok := br.Cond.(*ssa.BinOp)
		if !ok || cmpOp.Op != token.EQL && cmpOp.Op != token.NEQ {
			continue
		}
		ce := t.Producer(c, br.Cond)
		if ce == trace.NoEvent {
			continue
		}
		x, okx := operand(t, ce, cmpOp.X)
		y, oky := operand(t, ce, cmpOp.Y)
		if !okx || !oky || x.Kind() != y.Kind() || numKey(x) == numKey(y) {
			continue
		}
		switch x.Kind() {
		case trace.KindInt, trace.KindUint, trace.KindFloat:
			want[numKey(x)] = y
			want[numKey(y)] = x
		}
	}
	return want
}

// operand returns the value operand x of event e had: its producer's, or
// a numeric constant's.
func operand(t *trace.Trace, e trace.EventID, x ssa.Value) (trace.Value, bool) {
	if c, ok := x.(*ssa.Const); ok {
		if c.Value == nil {
			return trace.Value{}, false
		}
		switch c.Value.Kind() {
		case constant.Int:
			if i, ok := constant.Int64Val(c.Value); ok && !isUnsigned(c.Type()) {
				return trace.Int(i), true
			}
			if u, ok := constant.Uint64Val(c.Value); ok && isUnsigned(c.Type()) {
				return trace.Uint(u), true
			}
		case constant.Float:
			f, _ := constant.Float64Val(c.Value)
			return trace.Float(f), true
		}
		return trace.Value{}, false
	}
	p := t.Producer(e, x)
	if p == trace.NoEvent {
		return trace.Value{}, false
	}
	return t.Value(p), true
}

// isUnsigned reports whether t is an unsigned integer type.
func isUnsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// expectedTries returns the replacements of evs, the instances of one
// replaceable instruction in t, with the values the failed checks
// expected (want, from expected): every instance whose value a check
// expected otherwise given that value at once, then the last of them
// alone.
func expectedTries(p *Poll, t *trace.Trace, evs []trace.EventID, want map[ValueKey]trace.Value) []map[trace.EventID]trace.Value {
	if len(want) == 0 {
		return nil
	}
	in := t.Instr(evs[0])
	all := map[trace.EventID]trace.Value{}
	last := trace.NoEvent
	for _, e := range evs {
		if p.Stopped() {
			return nil
		}
		if w, ok := want[numKey(t.Value(e))]; ok && encode.Fits(in, w) {
			all[e] = w
			last = e
		}
	}
	if len(all) == 0 {
		return nil
	}
	tries := []map[trace.EventID]trace.Value{all}
	if len(all) > 1 {
		tries = append(tries, map[trace.EventID]trace.Value{last: all[last]})
	}
	return tries
}

// runForced runs sub with hooks h, the forcing of its run first, and
// returns the run if it passed, else nil. A forced value may send the
// run far from the failing one (an infinite bound, a loop one longer
// each time, a length one more): it gets four times the failing run's
// steps (and 10^5 more) and four times its memory (and 64 MiB more),
// enough for a run that passes, when the failing run went to the end of
// the case (a run that panicked or ran out of a budget shows nothing of
// what the rest needs: the case's own budgets then). Most tries fail:
// they run unrecorded,
// and the one that passes again, recorded (runs are deterministic); with
// FirstFailure, whether a run passes may need its trace, and it is
// recorded at once. runs counts the runs.
func runForced(ctx context.Context, sub *Subject, ro trace.RunOptions, first *trace.Result, h *trace.Hooks, runs *int) (*Verdict, error) {
	ro.Hooks = h
	if first.Outcome == trace.Returned || first.Outcome == trace.AssertionFailed {
		steps := 4*first.Steps + 100_000
		ro.MaxSteps = min(cmp.Or(ro.MaxSteps, steps), steps)
		alloc := 4*first.Alloc + 64<<20
		ro.MaxAlloc = min(cmp.Or(ro.MaxAlloc, alloc), alloc)
	}
	if !sub.FirstOnly {
		q := ro
		q.NoTrace = true
		v, err := sub.Run(ctx, &q)
		*runs++
		if err != nil {
			return nil, err
		}
		passed := v.Passed
		v.Release()
		if !passed {
			return nil, nil
		}
	}
	v, err := sub.Run(ctx, &ro)
	*runs++
	if err != nil {
		return nil, err
	}
	if !v.Passed {
		v.Release()
		return nil, nil
	}
	return v, nil
}

// maxCarried bounds the events carries visits for one pair.
const maxCarried = 1 << 16

// OriginsFirst moves each of xs, forced values in trace t (forced gives
// them, nil when x has none), before those that only carry its value
// on: an x whose forced value equals one that another was given, at an
// event its own forced event depends on by data (a caller's `return
// f(x)` after f's faulty return, a make's length after the faulty
// length), follows that other, wherever they were. The fix belongs
// where the wrong value is computed; forcing any line that passes it
// along works as well. Otherwise the order is kept.
func OriginsFirst[X any](t *trace.Trace, xs []X, forced func(X) map[trace.EventID]trace.Value) []X {
	n := len(xs)
	if n < 2 {
		return xs
	}
	// carried[i][j]: xs[i] carries xs[j]'s value, each pair searched once.
	carried := make([][]bool, n)
	for i := range carried {
		carried[i] = make([]bool, n)
		for j := range n {
			carried[i][j] = i != j && carries(t, forced(xs[i]), forced(xs[j]))
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Move the first origin found after its carrier before it, until
	// none is (n*n moves at most, should two carry each other).
	for moves := 0; moves < n*n; moves++ {
		i, j := firstCarrier(order, carried)
		if i < 0 {
			break
		}
		o := order[j]
		order = slices.Insert(slices.Delete(order, j, j+1), i, o)
	}
	out := make([]X, n)
	for k, i := range order {
		out[k] = xs[i]
	}
	return out
}

// firstCarrier returns the first places i < j in order whose xs
// carried[order[i]][order[j]] says the earlier carries the later's
// value, or -1, -1.
func firstCarrier(order []int, carried [][]bool) (int, int) {
	for i := range order {
		for j := i + 1; j < len(order); j++ {
			if carried[order[i]][order[j]] {
				return i, j
			}
		}
	}
	return -1, -1
}

// carries reports whether some event of b is given a value that a gives
// one of its events, which b's event depends on by data (through
// t.Deps, events after a's first only). Each of b's values is searched
// from all its events at once, within maxCarried events.
func carries(t *trace.Trace, b, a map[trace.EventID]trace.Value) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	lo := trace.EventID(-1)
	for e := range a {
		if lo < 0 || e < lo {
			lo = e
		}
	}
	from := map[ValueKey][]trace.EventID{}
	for e, v := range b {
		if e > lo {
			from[numKey(v)] = append(from[numKey(v)], e)
		}
	}
	var buf []trace.EventID
	for k, stack := range from {
		seen := map[trace.EventID]bool{}
		for _, e := range stack {
			seen[e] = true
		}
		for len(stack) > 0 && len(seen) < maxCarried {
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			buf = t.Deps(e, buf[:0])
			for _, d := range buf {
				if d < lo || seen[d] {
					continue
				}
				if va, ok := a[d]; ok && numKey(va) == k {
					return true
				}
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return false
}
