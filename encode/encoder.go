package encode

import (
	"errors"
	"fmt"
	"go/token"
	"maps"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Options configure an Encoder. The zero value is the default.
type Options struct {
	// Arith is the integer encoding. Default: BitVector.
	Arith Arith
	// NoStrings and NoFloats keep strings and floats out of the formula
	// whatever the test decides on them (see the package documentation
	// on strings and floats): their theories are slower than
	// bit-vectors, and Z3's sequence solver has had crashes. Default:
	// false, each kind is in the formula when the test decides on it.
	NoStrings, NoFloats bool
	// Sanity checks, after each AddRun, that the run's concrete values
	// satisfy the constraints it added with every fault predicate false
	// (the oracle excepted): a test of the encoding itself. It costs one
	// extra solver per run; off by default, on in faultloc's tests.
	Sanity bool
	// Mode is the encoding. Default: ATF.
	Mode Mode
	// Done, if set, interrupts the encoding of a run when it is closed
	// (a context's Done channel): AddRun and its variants then return an
	// error wrapping ErrInterrupted, the events encoded so far left in the
	// formula. A long run takes long to encode, and a caller bounded in
	// time must get its answer within the bound. Default nil: never.
	Done <-chan struct{}
	// Granularity of fault predicates. Default: ByLine.
	Granularity Granularity
	// InScope reports whether the statements of fn may be blamed (get a
	// fault predicate); everything else is encoded as hard constraints.
	// Default: the functions of the program's in-scope packages
	// ([trace.Program.Packages]) but those of test files and of the
	// module's test helpers ([trace.Program.Support]).
	InScope func(fn *ssa.Function) bool
	// Blamable, if set, further restricts the instances that a fault
	// predicate may change: an instance whose key it rejects is encoded
	// as a hard constraint, as if out of scope (other instances of its
	// statement keep the predicate). localize uses it to keep blame
	// inside the failure's relevant slice (agx.Options.SliceScope).
	// Default nil: every instance of every in-scope instruction.
	Blamable func(k trace.InstanceKey) bool
	// BlamableOnly, with Blamable set, leaves the instances of a run that
	// Blamable rejects out of the formula instead of encoding them as
	// hard constraints: a use of such an instance's value takes its run
	// value, as a value the encoding does not model does, and a branch
	// among them does not advance the path (a phi after it takes the
	// value of its edge all the same). Returns are encoded all the same
	// (they link calls, and hold the oracle of a trace.Test), and so are
	// a run's failed assertions and expectations. When Blamable admits
	// the relevant slice of the failure (which holds every instance the
	// failure depends on) and the instances that run did not execute, as
	// localize's Options.SliceScope does, the formula of that run is the
	// failure's cone: a table-driven test's rows before the failing one,
	// which may be hundreds of thousands of instances, are left out; a
	// change that would take a branch outside the slice the other way is
	// not seen by the formula, and the replay of a candidate judges it.
	// Default: off.
	BlamableOnly bool
	// Independent leaves out of the formula the events of a run that
	// are not blamable and read no value that a blamable event defined,
	// directly or through other events ([trace.Trace.Deps], stores and
	// loads included): whatever the fault predicates say, such an
	// event's value is its run value wherever the path to it holds, so
	// a use of it takes its run value and a branch among them, which
	// goes the run's way on that path, does not advance it. What
	// Deps does not see is not followed: memory that a native (bridged)
	// call reads through a pointer argument, whose result is then its
	// run value even if a blamable store wrote that memory (the replay
	// of a candidate judges it). Returns are no exception (unlike
	// BlamableOnly, which keeps them all): a return that reads no
	// blamable value gives its caller its run value, as a bridged call
	// does. The failed assertions, the expectations, the panic and the
	// return of a trace.Test's function (its oracle) are encoded all
	// the same. A library's work that only the test's own values
	// feed, such as an assertion library parsing the test's source to
	// print the failed expression, is then left out of the formula
	// (Stats.LeftOut counts it). Ignored with Inputs, whose parameters
	// are free. Default: off.
	Independent bool
	// Shared, if set, is a table of fault predicates that this Encoder
	// shares with the other Encoders given the same table, all of them
	// into the same solver: one predicate and one soft group per
	// statement, whichever encoder met it first, while each encoder's
	// value, guard and path terms get names of their own. Several failing
	// tests encoded so are diagnosed together: a correction set is then a
	// set of statements whose relaxation explains every test at once,
	// with angelic values of its own in each ([Encoder.Decode] reads an
	// encoder's). A statement that assigns a constant to a variable
	// (x = 600) or returns constants gets one value term for all its
	// instances in every encoder: its fix is one new constant, the same
	// in every test.
	// diagnose.Run uses it. Default nil: the Encoder's own table.
	Shared *Shared
	// Inputs, if set, names the functions whose parameters are a test's
	// inputs: where such a function is entered from outside the
	// interpreted code (a run's entry, a fuzz function that testing's
	// f.Fuzz calls), its parameters are left free instead of equal to
	// their run values, and [Encoder.Term] gives the terms of the run's
	// instances. A model of the formula with every statement correct, a
	// prefix of the run's branch decisions kept and the next one negated
	// is then an input that takes the other side: concolic test
	// generation (localize's SAT-TAR). Default nil: inputs are fixed.
	Inputs func(fn *ssa.Function) bool
}

// Shared is a table of fault predicates shared by several Encoders
// ([Options.Shared]). It belongs to the goroutine of their solver.
type Shared struct {
	stmts    map[string]*Statement
	encoders int
	// consts numbers the constant assignments of variables whose value
	// term the encoders share (see Options.Shared), in the
	// order first met.
	consts map[trace.StaticID]int
}

// NewShared returns an empty table of fault predicates.
func NewShared() *Shared {
	return &Shared{stmts: map[string]*Statement{}, consts: map[trace.StaticID]int{}}
}

// constName returns the name of the value term that every instance of
// the blamable instruction in shares, or "" when its instances have terms
// of their own (see SharedConstant).
func (sh *Shared) constName(in ssa.Instruction, s trace.StaticID) string {
	if sh == nil || !SharedConstant(in) {
		return ""
	}
	id, ok := sh.consts[s]
	if !ok {
		id = len(sh.consts)
		sh.consts[s] = id
	}
	return "k" + strconv.Itoa(id)
}

// Statements returns the statements of the table, by group name.
func (sh *Shared) Statements() map[string]*Statement { return maps.Clone(sh.stmts) }

// SharedConstant reports whether the instances of instruction in share one
// value term among the Encoders of a [Shared] table: a store of a
// constant into a variable (a package variable, or a local of naive SSA)
// or a return of constants, whose fix is one new constant.
func SharedConstant(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.Store:
		if _, ok := in.Val.(*ssa.Const); !ok {
			return false
		}
		switch in.Addr.(type) {
		case *ssa.Global, *ssa.Alloc:
			return true
		}
	case *ssa.Return:
		for _, r := range in.Results {
			if _, ok := r.(*ssa.Const); !ok {
				return false
			}
		}
		return len(in.Results) > 0
	}
	return false
}

// Statement is a fault location: what one fault predicate stands for.
type Statement struct {
	// Group is the name of the statement's soft group in the solver:
	// "file:line" (ByLine) or "file:line:col" (ByExpression).
	Group string
	// Pos is the statement's position (its first instruction's).
	Pos token.Position
	// Func is the function containing it.
	Func *ssa.Function
	// Expr is the source text of the expression (ByExpression only; "" if
	// it could not be found in the function's syntax).
	Expr string

	ab *maxsat.Term // the fault predicate
}

// instance is one encoded instruction instance.
type instance struct {
	key    trace.InstanceKey
	stmt   string // group, "" if hard
	branch bool   // an If: term is its guard
	rep    bool   // represents its statement (Store, If, Return, ...)
	sort   sortInfo
	terms  []*maxsat.Term // value terms (several for multi-result returns)
	paths  []*maxsat.Term // path literals under which it was encoded
	pos    token.Position
	what   string      // instruction text, for reports
	orig   trace.Value // the value of the first run that executed it
}

// Stats counts what an Encoder did.
type Stats struct {
	Runs        int // runs added
	Events      int // events visited
	LeftOut     int // of which left out of the formula (Options.BlamableOnly, Independent)
	Constraints int // hard constraints added
	Statements  int // fault predicates (soft groups) created
	// IndexLoads counts the loads of a symbolic index encoded as an
	// if-then-else chain over the container's elements.
	IndexLoads int
	// StringTerms counts the instances encoded with a String term (see
	// the package documentation on strings): a formula with any is beyond
	// the bit-vector engines of maxsat.
	StringTerms int
	// FloatTerms counts the instances encoded with a float term (see the
	// package documentation on floats); so is a formula with any.
	FloatTerms int
	// FieldCopies counts the reads of a struct's field linked back
	// through copies of the whole struct to the store of that field (see
	// the package documentation on structs).
	FieldCopies int
	// Interfaces counts the instances of interface type encoded with the
	// sort of their dynamic value (see the package documentation on
	// interfaces).
	Interfaces int
}

// Encoder builds the error trace formula of one failing test in a
// [maxsat.Solver]. It belongs to one goroutine, like the solver.
type Encoder struct {
	prog *trace.Program
	s    *maxsat.Solver
	test trace.Test
	want []*maxsat.Term
	opts Options
	// strs and floats say whether strings and floats get terms: 0 until
	// decided (by the first run added, see decideTheories), 1 yes, -1 no.
	strs, floats int8
	scope        map[*ssa.Package]bool

	stmts     map[string]*Statement
	names     string // prefix of the names of the encoder's terms (Options.Shared)
	insts     map[trace.InstanceKey]*instance
	instOrder []trace.InstanceKey
	seen      map[seenKey]bool
	paths     map[uint64]*maxsat.Term
	sides     map[sideKey]*side
	ids       map[trace.InstanceKey]int
	diverged  trace.EventID // see Diverged
	closed    map[sideKey]bool
	stats     Stats
	terms     map[trace.InstanceKey][]*maxsat.Term // with Options.Inputs: see Term
	inputs    []inputVar                           // with Options.Inputs: the free inputs, in run order
}

// inputVar is a free input (Options.Inputs).
type inputVar struct {
	key   trace.InstanceKey
	param *ssa.Parameter
	sort  sortInfo
	term  *maxsat.Term
	orig  trace.Value
}

// Input is a test input the formula leaves free ([Options.Inputs]),
// its term and its value in a model.
type Input struct {
	// Key is the parameter's instance in the run.
	Key trace.InstanceKey
	// Param is the parameter.
	Param *ssa.Parameter
	// Value is its value in the model.
	Value trace.Value
	// Term is its term in the formula, to constrain it in later checks
	// (to keep an input at its run value, say).
	Term *maxsat.Term
	// Orig is its value in the run that met it, and Keep the constraint
	// that it keep that value (nil if the formula cannot state it).
	Orig trace.Value
	Keep *maxsat.Term

	sort sortInfo
}

// Equals returns the constraint that the input have value v, nil if the
// formula cannot state it (v of another kind than the input's).
func (in Input) Equals(v trace.Value) *maxsat.Term {
	if in.Term == nil {
		return nil
	}
	if c := in.sort.concrete(v); c != nil {
		return maxsat.Eq(in.Term, c)
	}
	return nil
}

// Inputs returns the free inputs of the runs added (Options.Inputs), in
// the order the runs met them, with their values in model m: the input
// of a run that takes the path m describes. A nil m gives the inputs
// without values.
func (e *Encoder) Inputs(m *maxsat.Model) ([]Input, error) {
	out := make([]Input, 0, len(e.inputs))
	for _, in := range e.inputs {
		var v trace.Value
		if m != nil {
			var err error
			if v, err = in.sort.value(m, in.term); err != nil {
				return nil, fmt.Errorf("encode: input %s: %w", in.param.Name(), err)
			}
		}
		x := Input{Key: in.key, Param: in.param, Value: v, Term: in.term, Orig: in.orig, sort: in.sort}
		x.Keep = x.Equals(in.orig)
		out = append(out, x)
	}
	return out, nil
}

type seenKey struct {
	key    trace.InstanceKey
	prefix uint64
}

// ErrNotEncodable reports an oracle the encoding cannot express.
var ErrNotEncodable = errors.New("encode: oracle not encodable")

// ErrInterrupted is the error of an encoding stopped by Options.Done, or
// by the solver's own maxsat.Options.Done while it translated a term.
var ErrInterrupted = errors.New("encode: interrupted")

// New returns an Encoder for test, whose oracle must be expected results
// (test.Want) of Boolean or integer types: a predicate oracle (test.Check)
// cannot be encoded and yields an error wrapping [ErrNotEncodable].
func New(prog *trace.Program, s *maxsat.Solver, test trace.Test, opts *Options) (*Encoder, error) {
	if test.Func == nil {
		return nil, errors.New("encode: test has no function")
	}
	e := newEncoder(prog, s, opts)
	e.test = test
	if test.WantPanic || test.Check != nil || test.Want == nil {
		return nil, fmt.Errorf("%w: test %s needs expected results (Want)", ErrNotEncodable, test.Name)
	}
	sig := test.Func.Signature
	if sig.Results().Len() != len(test.Want) {
		return nil, fmt.Errorf("%w: test %s: %d expected results for %d results", ErrNotEncodable, test.Name, len(test.Want), sig.Results().Len())
	}
	for i := range test.Want {
		switch si := sortOf(sig.Results().At(i).Type()); {
		case si.isString && !e.opts.NoStrings:
			e.strs = 1 // the oracle compares strings
		case si.isFloat && !e.opts.NoFloats:
			e.floats = 1
		}
	}
	for i, w := range test.Want {
		si := e.sortOf(sig.Results().At(i).Type())
		t := si.concrete(w)
		if !si.ok || t == nil {
			return nil, fmt.Errorf("%w: test %s: result %d of type %s", ErrNotEncodable, test.Name, i, sig.Results().At(i).Type())
		}
		e.want = append(e.want, t)
	}
	return e, nil
}

// NewAssertions returns an Encoder whose oracle is the test's own
// assertions, for tests that are Go test functions run by the interpreter:
// the failed assertions of a run (its t.Error and t.Fatal calls), given to
// [Encoder.AddRun], may not be reached along the same path, and neither
// may a panic.
func NewAssertions(prog *trace.Program, s *maxsat.Solver, opts *Options) *Encoder {
	return newEncoder(prog, s, opts)
}

func newEncoder(prog *trace.Program, s *maxsat.Solver, opts *Options) *Encoder {
	if opts == nil {
		opts = &Options{}
	}
	e := &Encoder{
		prog:  prog,
		s:     s,
		opts:  *opts,
		scope: map[*ssa.Package]bool{},
		stmts: map[string]*Statement{},
		insts: map[trace.InstanceKey]*instance{},
		seen:  map[seenKey]bool{},
		paths: map[uint64]*maxsat.Term{},
		sides: map[sideKey]*side{},
		ids:   map[trace.InstanceKey]int{},

		diverged: trace.NoEvent,
		closed:   map[sideKey]bool{},
	}
	if opts.Inputs != nil {
		e.terms = map[trace.InstanceKey][]*maxsat.Term{}
	}
	for _, p := range prog.Packages {
		e.scope[p] = true
	}
	if sh := opts.Shared; sh != nil {
		// The first encoder's terms keep the names an encoder of its own
		// gives them; the others are told apart by a prefix.
		e.stmts = sh.stmts
		if sh.encoders > 0 {
			e.names = "c" + strconv.Itoa(sh.encoders) + "_"
		}
		sh.encoders++
	}
	return e
}

// Stats returns what the encoder did so far.
func (e *Encoder) Stats() Stats { return e.stats }

// Statement returns the statement of a soft group name, or nil.
func (e *Encoder) Statement(group string) *Statement { return e.stmts[group] }

// Term returns the term of instance k in the runs added: its value, or,
// for a branch (an If), its guard, true when the condition holds. It is
// nil when the formula does not model the instance's value. Without
// Options.Inputs, which keeps every instance's terms, only the blamable
// instances (those of a statement, whose value a relaxed statement may
// change) have one.
func (e *Encoder) Term(k trace.InstanceKey) *maxsat.Term {
	if ts := e.terms[k]; len(ts) == 1 {
		return ts[0]
	}
	if in := e.insts[k]; in != nil && len(in.terms) == 1 {
		return in.terms[0]
	}
	return nil
}

// Equals returns the constraint that the blamable instance k of the runs
// added has the value v (a branch: that its guard is v, its decision).
// Only its statement's fault predicate, relaxed, lets the formula give it
// a value other than the one its operands compute, so the negation of
// Equals with the run's value asks for an alternate value at k alone when
// k is the only blamable instance. It is nil when k is not a blamable
// instance of the runs added, when the formula models its value by
// several terms (a multi-result return), or when v is not of the kind the
// formula models it with (a string under NoStrings, a pointer).
func (e *Encoder) Equals(k trace.InstanceKey, v trace.Value) *maxsat.Term {
	in := e.insts[k]
	if in == nil || in.stmt == "" || len(in.terms) != 1 || in.terms[0] == nil {
		return nil
	}
	if in.branch {
		if v.Kind() != trace.KindBool {
			return nil
		}
		return maxsat.Iff(in.terms[0], maxsat.BoolConst(v.Bool()))
	}
	c := in.sort.concrete(v)
	if c == nil {
		return nil
	}
	return maxsat.Eq(in.terms[0], c)
}

func (e *Encoder) inScope(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	if e.opts.InScope != nil {
		return e.opts.InScope(fn)
	}
	p := fn.Pkg
	if p == nil && fn.Origin() != nil {
		p = fn.Origin().Pkg // an instance of a generic function is its origin's code
	}
	if p == nil || !e.scope[p] { // p == nil: a wrapper or other synthetic function
		return false
	}
	// Test code, and the module's test helpers, are the oracle, not a
	// fault location.
	return !e.prog.Support(p.Pkg) && !strings.HasSuffix(e.prog.Fset.Position(fn.Pos()).Filename, "_test.go")
}

// statementOf returns the group of the statement event ev belongs to, or ""
// if the event is not blamable (out of scope, synthetic, bookkeeping),
// and makes the statement's fault predicate when it is the first event
// of its statement.
func (e *Encoder) statementOf(t *trace.Trace, ev trace.EventID) string {
	name := e.GroupOf(t, ev)
	if name == "" {
		return ""
	}
	if _, ok := e.stmts[name]; !ok {
		// The fault predicate is named by its statement's number, not by
		// the group (which holds the file's path): Z3's answers then do
		// not depend on where the program is checked out.
		st := t.StaticInfo(t.Static(ev))
		e.stmts[name] = &Statement{Group: name, Pos: st.Position, Func: st.Func, ab: maxsat.BoolVar(fmt.Sprintf("ab_%d", len(e.stmts)))}
		if e.opts.Granularity == ByExpression {
			e.stmts[name].Expr = exprText(e.prog.Fset, st.Func, st.Pos)
		}
		e.stats.Statements++
		if err := e.s.AddSoft(maxsat.Not(e.abVar(name)), 1, name); err != nil {
			// AddSoft fails only on ill-sorted terms or a closed solver;
			// the next AddHard reports the same condition.
			return ""
		}
	}
	return name
}

// GroupOf returns the group of the statement that event ev of t belongs
// to (the name of its soft group, as Statement takes it), or "" if the
// event is not blamable: out of scope (Options.InScope, test code),
// excluded by Options.Blamable, synthetic, or bookkeeping (an Alloc, a
// Jump, a parameter's spill). The statement need not be in the runs
// added yet.
func (e *Encoder) GroupOf(t *trace.Trace, ev trace.EventID) string {
	st := t.StaticInfo(t.Static(ev))
	if st.Synthetic || st.Instr == nil || st.Position.Line == 0 || !e.inScope(st.Func) {
		return ""
	}
	if e.opts.Blamable != nil && !e.opts.Blamable(t.Key(ev)) {
		return ""
	}
	switch in := st.Instr.(type) {
	case *ssa.Alloc, *ssa.RunDefers, *ssa.Defer, *ssa.DebugRef, *ssa.Jump:
		return ""
	case *ssa.Store:
		if _, ok := in.Val.(*ssa.Parameter); ok {
			return "" // parameter spill: the input, not a statement
		}
		if _, ok := in.Val.(*ssa.FreeVar); ok {
			return ""
		}
	case *ssa.Call:
		if b, ok := in.Call.Value.(*ssa.Builtin); ok && b.Name() == "ssa:deferstack" {
			return ""
		}
	}
	p := st.Position
	if e.opts.Granularity == ByExpression {
		return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}

// abVar returns the fault predicate of the statement of group.
func (e *Encoder) abVar(group string) *maxsat.Term { return e.stmts[group].ab }

// keyName names the variable of an instance. Names are numbered in the
// order instances are first encoded, not after their StaticIDs (which
// depend on the order a Program compiled its functions in, for example
// when several goroutines share it), so that the same sequence of runs
// gives the same formula and Z3 the same answers.
func (e *Encoder) keyName(prefix string, k trace.InstanceKey) string {
	id, ok := e.ids[k]
	if !ok {
		id = len(e.ids)
		e.ids[k] = id
	}
	return e.names + prefix + strconv.Itoa(id)
}
