package encode

import (
	"errors"
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// run holds the per-run state of AddRun.
type run struct {
	n      int // the run's number, from 1
	t      *trace.Trace
	sanity []*maxsat.Term   // constraints to check (Options.Sanity)
	oracle bool             // constraints being added are the oracle's
	steer  map[string]bool  // statements with steered instances
	terms  [][]*maxsat.Term // per event: value terms (nil if not encoded)
	path   *maxsat.Term     // current path literal
	prefix uint64           // hash of the decisions so far
	added  int
	deps   []trace.EventID
	// independent marks the events Options.Independent leaves out (nil:
	// none): a use of one takes its run value (operand).
	independent []bool

	diverged trace.EventID // the first decision no earlier run took under its prefix
}

// AddRun encodes the events of a run of the test (the failing run first,
// then re-runs along other paths) and returns how many new constraints it
// added: 0 means the run's path was already encoded. In FS and FI modes
// only the first run is encoded; later calls add nothing.
//
// The events in avoid (a run's failed assertions) may not be reached along
// the same path; nor may the event where the run panicked (the last event
// when the panic has none).
func (e *Encoder) AddRun(res *trace.Result, avoid ...trace.EventID) (int, error) {
	if res == nil || res.Trace == nil {
		return 0, errors.New("encode: run has no trace")
	}
	return e.AddRunUntil(res, res.Trace.Len(), avoid...)
}

// AddRunUntil is AddRun for the run's first n events only: what the run
// did after them, a panic included, is left out of the formula. The
// events in avoid must be among them. localize uses it to encode a test
// up to its first failed check (agx.Options.FirstFailure).
func (e *Encoder) AddRunUntil(res *trace.Result, n int, avoid ...trace.EventID) (int, error) {
	return e.AddRunExpect(res, n, nil, avoid...)
}

// Expectation is a value a run must produce for its test to pass: when the
// run's path reaches Event, the value of Event's operand Operand (of a
// Boolean or integer type) must be Want. localize derives expectations
// from an Example's output comment: the arguments of the run's print calls
// must be the values the expected output shows.
type Expectation struct {
	Event   trace.EventID
	Operand ssa.Value
	Want    trace.Value
}

// AddRunExpect is [Encoder.AddRunUntil] with expectations as the oracle,
// besides the events to avoid: each must hold along the run's path (a
// statement may change the value, never the expectation). An expectation
// on an operand the encoding does not model (a string, a float) is left
// out if the run already meets it, and is an error wrapping
// [ErrNotEncodable], naming its position, if not.
func (e *Encoder) AddRunExpect(res *trace.Result, n int, expect []Expectation, avoid ...trace.EventID) (added int, err error) {
	defer func() {
		// The solver's own interruption (maxsat.Options.Done) while it
		// translated a term: the encoding's, for callers.
		if err != nil && errors.Is(err, maxsat.ErrInterrupted) && !errors.Is(err, ErrInterrupted) {
			err = fmt.Errorf("%w while the solver translated the run's formula (%w)", ErrInterrupted, err)
		}
	}()
	if res == nil || res.Trace == nil {
		return 0, errors.New("encode: run has no trace")
	}
	if n < 0 || n > res.Trace.Len() {
		return 0, fmt.Errorf("encode: AddRunUntil: %d events of a run of %d", n, res.Trace.Len())
	}
	for _, a := range avoid {
		if int(a) >= n {
			return 0, fmt.Errorf("encode: AddRunUntil: event %d to avoid is not among the first %d", a, n)
		}
	}
	want := map[trace.EventID][]Expectation{}
	for _, x := range expect {
		if x.Event < 0 || int(x.Event) >= n || x.Operand == nil {
			return 0, fmt.Errorf("encode: AddRunExpect: expectation on event %d (operand %v) not among the first %d events", x.Event, x.Operand, n)
		}
		want[x.Event] = append(want[x.Event], x)
	}
	if e.stats.Runs > 0 && (e.opts.Mode == FS || e.opts.Mode == FI) {
		return 0, nil
	}
	e.stats.Runs++
	t := res.Trace
	if e.opts.NoStrings {
		e.strs = -1
	}
	if e.opts.NoFloats {
		e.floats = -1
	}
	if e.strs == 0 || e.floats == 0 {
		e.decideTheories(t, n)
	}
	r := &run{n: e.stats.Runs, t: t, terms: make([][]*maxsat.Term, t.Len()), path: maxsat.True(), steer: map[string]bool{}, diverged: trace.NoEvent}
	e.diverged = trace.NoEvent
	defer func() { e.diverged = r.diverged }()
	bad := map[trace.EventID]bool{}
	for _, a := range avoid {
		bad[a] = true
	}
	// A panic's condition (an index out of range, a nil dereference) is
	// not encoded, so "this path may not be taken unchanged" is only sound
	// when no value of the run was substituted: a re-run that panics
	// because of angelic values says nothing about the original statements.
	valueSteered := false
	for ev := trace.EventID(0); int(ev) < n; ev++ {
		if t.Steered(ev) {
			if _, isIf := t.Instr(ev).(*ssa.If); !isIf {
				valueSteered = true
				break
			}
		}
	}
	// A recorded panicking instruction (an index out of range, a zero
	// divisor) is encoded by its condition: the index within bounds, the
	// divisor non-zero, unless its statement is changed. That is sound
	// also in runs with substituted values. Other panics forbid the path.
	panicAt := trace.NoEvent
	fault := false // a run-time panic the trace has no event for
	if res.Outcome == trace.Panicked && res.Panic != nil && n == t.Len() {
		panicAt = res.Panic.Event
		if panicAt == trace.NoEvent && !valueSteered {
			fault = true // after the last event is encoded: faultCondition
		}
	}
	// The panics that a deferred recover stopped have events too (the
	// faulting instruction's, with no value; trace.Trace.Panics): the run
	// went on through the recover, whose result, a value the formula does
	// not model, depends on them. They are left out: their instruction
	// produced nothing, and their condition (an index within bounds, a
	// pointer not nil) is false in the run, which a passing run that
	// recovers by design must be able to keep.
	var recovered map[trace.EventID]bool
	for _, p := range t.Panics() {
		if p.Event >= 0 && int(p.Event) < n && (res.Panic == nil || p.Event != res.Panic.Event) {
			if recovered == nil {
				recovered = map[trace.EventID]bool{}
			}
			recovered[p.Event] = true
		}
	}
	leaveOut := e.opts.BlamableOnly && e.opts.Blamable != nil
	var dependent []bool
	if e.opts.Independent && e.opts.Inputs == nil {
		dependent = e.dependent(t, n)
		r.independent = make([]bool, n)
	}
	for ev := trace.EventID(0); int(ev) < n; ev++ {
		if ev&1023 == 0 && e.opts.Done != nil {
			select {
			case <-e.opts.Done:
				return r.added, fmt.Errorf("%w after %d of the run's %d events", ErrInterrupted, ev, n)
			default:
			}
		}
		e.stats.Events++
		if recovered[ev] {
			continue
		}
		if ev != panicAt && !bad[ev] && want[ev] == nil {
			// Independent leaves out a return too: its value is its
			// run value wherever the path to it holds, as any other
			// such event's; BlamableOnly keeps every return.
			if dependent != nil && !dependent[ev] && !e.oracleReturn(t, ev) {
				e.stats.LeftOut++
				r.independent[ev] = true
				continue
			}
			if leaveOut && !e.opts.Blamable(t.Key(ev)) && !isReturn(t.Instr(ev)) {
				e.stats.LeftOut++
				continue
			}
		}
		if ev == panicAt {
			// Its constraint is false in the run: the oracle's, not a
			// statement's, for the sanity check.
			r.oracle = true
			ok, err := e.panicCondition(r, ev)
			r.oracle = false
			if err != nil {
				return r.added, err
			}
			if !ok && !valueSteered {
				bad[ev] = true
			}
		} else if err := e.event(r, ev); err != nil {
			return r.added, err
		}
		if e.terms != nil && r.terms[ev] != nil {
			e.terms[t.Key(ev)] = r.terms[ev]
		}
		for i, x := range want[ev] {
			if err := e.expectation(r, x, i); err != nil {
				return r.added, err
			}
		}
		if e.opts.Sanity && t.Steered(ev) {
			if st := e.statementOf(t, ev); st != "" {
				r.steer[st] = true
			}
		}
		if bad[ev] {
			r.oracle = true
			// The failing instance may not be reached unchanged.
			stmt := e.statementOf(t, ev)
			c := maxsat.Not(r.path)
			if stmt != "" {
				c = maxsat.Or(c, e.abVar(stmt))
			}
			if err := e.hard(r, seenKey{t.Key(ev), r.prefix ^ 0x9e3779b97f4a7c15}, c); err != nil {
				return r.added, err
			}
			r.oracle = false
		}
	}
	if fault {
		// The faulting instruction's condition, if it is modelled; the
		// path is forbidden otherwise.
		r.oracle = true
		last := trace.EventID(t.Len() - 1)
		ok, err := e.faultCondition(r, last, res.Panic.Pos)
		if err == nil && !ok {
			stmt := e.statementOf(t, last)
			c := maxsat.Not(r.path)
			if stmt != "" {
				c = maxsat.Or(c, e.abVar(stmt))
			}
			err = e.hard(r, seenKey{t.Key(last), r.prefix ^ 0x9e3779b97f4a7c15}, c)
		}
		r.oracle = false
		if err != nil {
			return r.added, err
		}
	}
	if e.opts.Sanity {
		if err := e.sanity(r); err != nil {
			return r.added, err
		}
	}
	return r.added, nil
}

// expectation adds expectation x, the i-th of its event, to run r.
func (e *Encoder) expectation(r *run, x Expectation, i int) error {
	t := r.t
	si := e.sortOf(x.Operand.Type())
	term := e.operand(r, x.Event, x.Operand)
	w := si.concrete(x.Want)
	if !si.ok || term == nil || w == nil {
		got, ok := e.operandValue(r, x.Event, x.Operand)
		if ok && trace.Equal(got, x.Want) {
			return nil
		}
		return fmt.Errorf("%w: %v: the expected value %v (of type %s) cannot be encoded, and the run has %v", ErrNotEncodable, t.Pos(x.Event), x.Want, x.Operand.Type(), got)
	}
	r.oracle = true
	defer func() { r.oracle = false }()
	c := maxsat.Or(maxsat.Not(r.path), maxsat.Eq(term, w))
	return e.hard(r, seenKey{t.Key(x.Event), r.prefix ^ 0x7f4a7c159e3779b9 ^ uint64(i+1)<<48}, c)
}

// operandValue returns the value of operand v of event ev in run r.
func (e *Encoder) operandValue(r *run, ev trace.EventID, v ssa.Value) (trace.Value, bool) {
	if c, ok := v.(*ssa.Const); ok {
		return e.prog.Const(c), true
	}
	if d := r.t.Producer(ev, v); d != trace.NoEvent {
		return r.t.Value(d), true
	}
	return trace.Value{}, false
}

// Diverged returns the event of the last run added (by [Encoder.AddRun],
// after the first) where it left the paths encoded before: its first
// branch decision that no earlier run had taken after the same decisions.
// It is trace.NoEvent when the run followed encoded paths only, and for the
// first run.
func (e *Encoder) Diverged() trace.EventID { return e.diverged }

// hard adds constraint c once per (instance, path prefix).
func (e *Encoder) hard(r *run, sk seenKey, c *maxsat.Term) error {
	if e.seen[sk] {
		return nil
	}
	e.seen[sk] = true
	if err := e.s.AddHard(c); err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	if e.opts.Sanity && !r.oracle {
		r.sanity = append(r.sanity, c)
	}
	e.stats.Constraints++
	r.added++
	return nil
}

// guarded returns path ⇒ (ab ∨ c), or path ⇒ c for hard statements.
func (e *Encoder) guarded(path *maxsat.Term, stmt string, c *maxsat.Term) *maxsat.Term {
	if stmt != "" {
		c = maxsat.Or(e.abVar(stmt), c)
	}
	return maxsat.Implies(path, c)
}

// record registers an encoded instance for decoding.
func (e *Encoder) record(r *run, ev trace.EventID, stmt string, si sortInfo, terms []*maxsat.Term, branch bool) {
	k := r.t.Key(ev)
	in := e.insts[k]
	if in == nil {
		instr := r.t.Instr(ev)
		what := "parameter"
		if instr != nil {
			what = instr.String()
			if v, ok := instr.(ssa.Value); ok {
				what = v.Name() + " = " + what
			}
		}
		in = &instance{key: k, stmt: stmt, branch: branch, sort: si, terms: terms, pos: r.t.Pos(ev), what: what, orig: r.t.Value(ev)}
		switch instr.(type) {
		case *ssa.Store, *ssa.If, *ssa.Return, *ssa.MapUpdate, *ssa.Call:
			in.rep = true
		}
		if e.opts.Granularity == ByExpression {
			in.rep = true // each instance is its own statement
		}
		e.insts[k] = in
		e.instOrder = append(e.instOrder, k)
	}
	in.paths = append(in.paths, r.path)
}

// isReturn reports whether in is a return, which Options.BlamableOnly
// keeps.
func isReturn(in ssa.Instruction) bool {
	_, ok := in.(*ssa.Return)
	return ok
}

// oracleReturn reports whether event ev of t is the return of the test
// function of a trace.Test (New) from the run's root frame, which holds
// the test's oracle (its expected results) and which Options.Independent
// therefore keeps.
func (e *Encoder) oracleReturn(t *trace.Trace, ev trace.EventID) bool {
	return e.test.Func != nil && isReturn(t.Instr(ev)) && t.Func(ev) == e.test.Func && t.CallOf(ev) == trace.NoEvent
}

// IndependentEvents returns how many of the first n events of t (all of
// them when n is out of range) the formula of the run holds when an
// Encoder with opts and Options.Independent encodes it: the blamable
// events and those that read a value one defined, directly or through
// other events. It runs the dependence pass by which Independent leaves
// the others out, with no solver, so that a caller can tell before
// encoding whether a long run's formula is small. The failed
// assertions, the expectations, the panic and a trace.Test's return,
// which the formula also holds, are not counted unless they are among
// those, and neither BlamableOnly nor the recovered panics, which leave
// events out, lower the count: it is an upper bound of the events
// encoded but for those few. With opts.Inputs, which Independent
// ignores, it is n.
func IndependentEvents(prog *trace.Program, t *trace.Trace, n int, opts *Options) int {
	if n < 0 || n > t.Len() {
		n = t.Len()
	}
	if opts != nil && opts.Inputs != nil {
		return n
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	o.Shared = nil // an encoder of its own, never added to a table
	kept := 0
	for _, d := range newEncoder(prog, nil, &o).dependent(t, n) {
		if d {
			kept++
		}
	}
	return kept
}

// dependent returns, for each of the first n events of t, whether it is
// blamable (GroupOf) or reads, directly or through other events, a
// value that a blamable event defined (Options.Independent).
func (e *Encoder) dependent(t *trace.Trace, n int) []bool {
	dep := make([]bool, n)
	var deps []trace.EventID
	for ev := trace.EventID(0); int(ev) < n; ev++ {
		if e.GroupOf(t, ev) != "" {
			dep[ev] = true
			continue
		}
		deps = t.Deps(ev, deps[:0])
		for _, d := range deps {
			if d >= 0 && int(d) < n && dep[d] {
				dep[ev] = true
				break
			}
		}
	}
	return dep
}
