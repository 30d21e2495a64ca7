package encode

import (
	"cmp"
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"hash/fnv"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Mode names an encoding.
type Mode int

// The encodings.
const (
	// ATF is AgxFaults' angelic trace formula, refined on demand (default).
	ATF Mode = iota
	// FS is the flow-sensitive single-path trace formula.
	FS
	// FI is the flow-insensitive single-path trace formula.
	FI
	// PF approximates the program formula: all paths up to an unwinding
	// bound, encoded before solving.
	PF
)

var modeNames = [...]string{ATF: "agx", FS: "fs", FI: "fi", PF: "pf"}

// String returns the mode's name as the command line spells it: "agx",
// "fs", "fi" or "pf".
func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// ParseMode returns the mode named s (see [Mode.String]; "atf" is accepted
// for "agx").
func ParseMode(s string) (Mode, error) {
	if s == "atf" {
		return ATF, nil
	}
	for m, n := range modeNames {
		if n == s {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("encode: unknown mode %q (want agx, pf, fs or fi)", s)
}

// Granularity says what a fault predicate stands for.
type Granularity int

// The granularities.
const (
	// ByLine gives one fault predicate per source line (default).
	ByLine Granularity = iota
	// ByExpression gives one per SSA instruction (expression), named by its
	// line and column.
	ByExpression
)

// Arith says how integers are encoded.
type Arith int

// The arithmetic encodings.
const (
	// BitVector encodes each integer as a bit-vector of its type's width:
	// exact Go semantics (default).
	BitVector Arith = iota
	// Integer encodes integers as unbounded mathematical integers: often
	// faster for nonlinear arithmetic (a*a), but inexact: no wrap-around,
	// and bitwise operators, shifts and narrowing or sign-changing
	// conversions are not modelled (their instances keep their concrete
	// values). Division and remainder are Go's (truncated toward zero,
	// the divisor nonzero unless the statement is changed).
	Integer
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
	// Granularity of fault predicates. Default: ByLine.
	Granularity Granularity
	// InScope reports whether the statements of fn may be blamed (get a
	// fault predicate); everything else is encoded as hard constraints.
	// Default: the functions of the program's in-scope packages
	// ([trace.Program.Packages]).
	InScope func(fn *ssa.Function) bool
	// Blamable, if set, further restricts the instances that a fault
	// predicate may change: an instance whose key it rejects is encoded
	// as a hard constraint, as if out of scope (other instances of its
	// statement keep the predicate). localize uses it to keep blame
	// inside the failure's relevant slice (localize.Options.SliceScope).
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
	LeftOut     int // of which left out of the formula (Options.BlamableOnly)
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
	insts     map[trace.InstanceKey]*instance
	instOrder []trace.InstanceKey
	seen      map[seenKey]bool
	paths     map[uint64]*maxsat.Term
	sides     map[sideKey]*side
	ids       map[trace.InstanceKey]int
	diverged  trace.EventID // see Diverged
	closed    map[sideKey]bool
	stats     Stats
}

// sideKey names a branch instance under a path prefix.
type sideKey struct {
	prefix uint64
	key    trace.InstanceKey
}

// side records which decisions of a branch instance under a path prefix
// have been encoded.
type side struct {
	path, g *maxsat.Term
	taken   [2]bool // [0]: else, [1]: then
}

type seenKey struct {
	key    trace.InstanceKey
	prefix uint64
}

// sortOf returns the sort of Go type t under the encoder's options.
func (e *Encoder) sortOf(t types.Type) sortInfo {
	si := sortOf(t)
	if si.isString && e.strs <= 0 || si.isFloat && e.floats <= 0 {
		return sortInfo{}
	}
	if si.ok && !si.isBool && !si.isString && !si.isFloat && e.opts.Arith == Integer {
		si.integer = true
	}
	return si
}

// valueSort is sortOf for an instance of static type typ whose run value
// is v: an instance of an interface type takes the sort of its dynamic
// type (an int in an any is encoded as an int), none for a nil interface
// or a dynamic type the encoding does not model. Linked instances of
// different dynamic types do not share terms: their constraint fails to
// sort and the instance keeps its run value (see event). An interface
// instance given a sort is counted in Stats.Interfaces here: each caller
// (event, param, ret) makes its variable next.
func (e *Encoder) valueSort(typ types.Type, v trace.Value) sortInfo {
	if typ != nil && types.IsInterface(typ) {
		if dt := v.DynamicType(); dt != nil && !types.IsInterface(dt) {
			si := e.sortOf(dt)
			if si.ok {
				e.stats.Interfaces++
			}
			return si
		}
		return sortInfo{}
	}
	return e.sortOf(typ)
}

// formatted reports whether in boxes a value in an interface (or stores
// one so boxed) only to pass it, in a variadic argument's array, to a
// function of the standard library outside the encoding's scope
// (t.Errorf, fmt.Printf and the like): its term would define a value
// nothing encoded reads, more variables that change only which models the
// solver finds. Such instances keep no term.
func (e *Encoder) formatted(in ssa.Instruction) bool {
	var v ssa.Value
	switch in := in.(type) {
	case *ssa.MakeInterface:
		v = in
	case *ssa.Store:
		v = in.Val
	default:
		return false
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok || mi.Referrers() == nil || len(*mi.Referrers()) != 1 {
		return false
	}
	st, ok := (*mi.Referrers())[0].(*ssa.Store)
	if !ok || st.Val != mi {
		return false
	}
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	arr, ok := ia.X.(*ssa.Alloc)
	if !ok || arr.Comment != "varargs" {
		return false
	}
	calls := 0
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			for _, u := range *r.Referrers() {
				c, ok := u.(ssa.CallInstruction)
				if !ok {
					return false
				}
				fn := c.Common().StaticCallee()
				if fn == nil || e.inScope(fn) || !stdFunc(fn) {
					return false
				}
				if call, ok := c.(*ssa.Call); ok {
					if _, _, ok := sprintfFormat(call); ok {
						return false // its arguments are modelled (sprintf)
					}
				}
				calls++
			}
		default:
			return false
		}
	}
	return calls > 0
}

// stdFunc reports whether fn belongs to a package of the standard library
// (a wrapper of a promoted method, such as (*testing.T).Errorf, to the
// package of the method).
func stdFunc(fn *ssa.Function) bool {
	var path string
	switch {
	case fn.Pkg != nil:
		path = fn.Pkg.Pkg.Path()
	case fn.Origin() != nil && fn.Origin().Pkg != nil:
		path = fn.Origin().Pkg.Pkg.Path()
	case fn.Object() != nil && fn.Object().Pkg() != nil:
		path = fn.Object().Pkg().Path()
	default:
		return false
	}
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// decideTheories turns string and float terms on when the first n
// events of t (the test's code included) decide something on them.
// Strings: compare two for equality, or call a function of the standard
// library that stdString models with a Boolean result. Floats: compare
// two, convert one to an integer, or call math.IsNaN. Otherwise they
// cannot reach a branch or the oracle except through operations the
// encoding does not model, and their terms would only keep the formula
// from the bit-vector engines (and, for floats, make Z3 bit-blast their
// arithmetic). A kind the test's expected results have is on already.
func (e *Encoder) decideTheories(t *trace.Trace, n int) {
	strs, floats := false, false
	for ev := trace.EventID(0); int(ev) < n && !(strs && floats); ev++ {
		switch in := t.Instr(ev).(type) {
		case *ssa.BinOp:
			switch x := sortOf(in.X.Type()); {
			case x.isString:
				strs = strs || in.Op == token.EQL || in.Op == token.NEQ
			case x.isFloat:
				_, order := relations[in.Op]
				floats = floats || in.Op == token.EQL || in.Op == token.NEQ || order
			}
		case *ssa.Convert:
			if sortOf(in.X.Type()).isFloat && !sortOf(in.Type()).isFloat {
				floats = true
			}
		case *ssa.Call:
			if !sortOf(in.Type()).isString && stringDecision(in) {
				strs = true
			}
			if fn, ok := in.Call.Value.(*ssa.Function); ok && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "math" && fn.Name() == "IsNaN" {
				floats = true
			}
		}
	}
	if e.strs == 0 {
		e.strs = -1
		if strs {
			e.strs = 1
		}
	}
	if e.floats == 0 {
		e.floats = -1
		if floats {
			e.floats = 1
		}
	}
}

// stringDecision reports whether call in is one of a function stdString
// models whose result is not a string.
func stringDecision(in *ssa.Call) bool {
	fn, ok := in.Call.Value.(*ssa.Function)
	if !ok || fn.Pkg == nil {
		return false
	}
	switch fn.Pkg.Pkg.Path() + "." + fn.Name() {
	case "strings.HasPrefix", "strings.HasSuffix", "strings.Contains":
		return true
	}
	return false
}

// variable returns the variable named name of sort si, counting it in
// the stats. (A String variable is not constrained to bytes: with Z3's
// characters going up to 0x2FFFF, maxsat.StrBytes would keep models Go
// strings, but its regular expression slowed solving a hundredfold. A
// model string with a character beyond a byte reads back with a \u{...}
// escape, the replay runs with that text, and verification judges it.)
func (e *Encoder) variable(si sortInfo, name string) (*maxsat.Term, error) {
	switch {
	case si.isString:
		e.stats.StringTerms++
	case si.isFloat:
		e.stats.FloatTerms++
	}
	return si.variable(name), nil
}

// ErrNotEncodable reports an oracle the encoding cannot express.
var ErrNotEncodable = errors.New("encode: oracle not encodable")

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
	for _, p := range prog.Packages {
		e.scope[p] = true
	}
	return e
}

// Stats returns what the encoder did so far.
func (e *Encoder) Stats() Stats { return e.stats }

// Statement returns the statement of a soft group name, or nil.
func (e *Encoder) Statement(group string) *Statement { return e.stmts[group] }

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
	// Test code is the oracle, not a fault location.
	return !strings.HasSuffix(e.prog.Fset.Position(fn.Pos()).Filename, "_test.go")
}

// statementOf returns the group of the statement event ev belongs to, or ""
// if the event is not blamable (out of scope, synthetic, bookkeeping).
func (e *Encoder) statementOf(t *trace.Trace, ev trace.EventID) string {
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
	var name string
	if e.opts.Granularity == ByExpression {
		name = fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
	} else {
		name = fmt.Sprintf("%s:%d", p.Filename, p.Line)
	}
	if _, ok := e.stmts[name]; !ok {
		// The fault predicate is named by its statement's number, not by
		// the group (which holds the file's path): Z3's answers then do
		// not depend on where the program is checked out.
		e.stmts[name] = &Statement{Group: name, Pos: p, Func: st.Func, ab: maxsat.BoolVar(fmt.Sprintf("ab_%d", len(e.stmts)))}
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
	return prefix + strconv.Itoa(id)
}

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
// up to its first failed check (localize.Options.FirstFailure).
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
func (e *Encoder) AddRunExpect(res *trace.Result, n int, expect []Expectation, avoid ...trace.EventID) (int, error) {
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
	if res.Outcome == trace.Panicked && res.Panic != nil && n == t.Len() {
		panicAt = res.Panic.Event
		if panicAt == trace.NoEvent && !valueSteered {
			bad[trace.EventID(t.Len()-1)] = true
		}
	}
	leaveOut := e.opts.BlamableOnly && e.opts.Blamable != nil
	for ev := trace.EventID(0); int(ev) < n; ev++ {
		e.stats.Events++
		if leaveOut && ev != panicAt && !bad[ev] && want[ev] == nil && !e.opts.Blamable(t.Key(ev)) && !isReturn(t.Instr(ev)) {
			e.stats.LeftOut++
			continue
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

// event encodes one event.
func (e *Encoder) event(r *run, ev trace.EventID) error {
	t := r.t
	instr := t.Instr(ev)
	sk := seenKey{t.Key(ev), r.prefix}
	fi := e.opts.Mode == FI

	if instr == nil { // parameter
		return e.param(r, ev, sk)
	}
	if iff, ok := instr.(*ssa.If); ok {
		stmt := e.statementOf(t, ev)
		decision := t.Value(ev).Bool()
		g := maxsat.BoolVar(e.keyName("g", t.Key(ev)))
		r.terms[ev] = []*maxsat.Term{g}
		if fi {
			return nil
		}
		cond := e.operand(r, ev, iff.Cond)
		if cond == nil {
			cond = maxsat.BoolConst(decision)
		}
		if err := e.hard(r, sk, e.guarded(r.path, stmt, maxsat.Iff(g, cond))); err != nil {
			return err
		}
		if stmt != "" {
			e.record(r, ev, stmt, sortInfo{ok: true, isBool: true}, []*maxsat.Term{g}, true)
		}
		sk := sideKey{r.prefix, t.Key(ev)}
		sd := e.sides[sk]
		if sd == nil {
			sd = &side{path: r.path, g: g}
			e.sides[sk] = sd
		}
		if decision {
			sd.taken[1] = true
		} else {
			sd.taken[0] = true
		}
		// Advance the path literal.
		// Deterministic names keep Z3's search, and so the report, the same
		// from run to run.
		h := fnv.New64a()
		k := t.Key(ev)
		e.keyName("", k)
		fmt.Fprintf(h, "%d|%d|%v", r.prefix, e.ids[k], decision)
		next := h.Sum64()
		p, ok := e.paths[next]
		if !ok {
			p = maxsat.BoolVar(fmt.Sprintf("pi_%x", next))
			e.paths[next] = p
			lit := g
			if !decision {
				lit = maxsat.Not(g)
			}
			def := maxsat.Iff(p, maxsat.And(r.path, lit))
			if err := e.s.AddHard(def); err != nil {
				return fmt.Errorf("encode: %w", err)
			}
			if e.opts.Sanity {
				r.sanity = append(r.sanity, def)
			}
			e.stats.Constraints++
			r.added++
			if r.diverged == trace.NoEvent && r.n > 1 {
				r.diverged = ev
			}
		}
		r.path, r.prefix = p, next
		return nil
	}
	if ret, ok := instr.(*ssa.Return); ok {
		return e.ret(r, ev, sk, ret)
	}
	if ia, ok := instr.(*ssa.IndexAddr); ok {
		_, err := e.indexBound(r, ev, sk, ia)
		return err
	}

	val := t.SSAValue(ev)
	var si sortInfo
	var typ types.Type
	switch in := instr.(type) {
	case *ssa.Store:
		typ = in.Val.Type()
	case *ssa.MapUpdate:
		typ = in.Value.Type()
	default:
		if val != nil {
			typ = val.Type()
		}
	}
	if typ != nil && types.IsInterface(typ) && e.formatted(instr) {
		return nil
	}
	si = e.valueSort(typ, t.Value(ev))
	if !si.ok {
		return nil
	}
	stmt := e.statementOf(t, ev)
	x, err := e.variable(si, e.keyName("v", t.Key(ev)))
	if err != nil {
		return err
	}
	r.terms[ev] = []*maxsat.Term{x}
	def := e.define(r, ev, si)
	var c *maxsat.Term
	hardOnly := false
	if def.term != nil {
		c = maxsat.Eq(x, def.term)
		if def.extra != nil {
			c = maxsat.And(c, def.extra)
		}
		hardOnly = def.hard
	} else {
		cv := si.concrete(t.Value(ev))
		if cv == nil {
			r.terms[ev] = nil
			return nil
		}
		c = maxsat.Eq(x, cv)
		if !isLoad(t.Instr(ev)) {
			if u := e.unchanged(r, ev); u != nil {
				c = maxsat.Implies(u, c)
			}
		}
	}
	if hardOnly {
		stmt = ""
	}
	if c.Err() != nil {
		// A sort mismatch between linked instances (e.g. a load of a field
		// last written by a whole-struct store): fall back to the concrete
		// value.
		cv := si.concrete(t.Value(ev))
		if cv == nil {
			r.terms[ev] = nil
			return nil
		}
		c = maxsat.Eq(x, cv)
		if u := e.unchanged(r, ev); u != nil && !isLoad(t.Instr(ev)) {
			c = maxsat.Implies(u, c)
		}
	}
	path := r.path
	if fi {
		path = maxsat.True()
	}
	if err := e.hard(r, sk, e.guarded(path, stmt, c)); err != nil {
		return err
	}
	if stmt != "" {
		e.record(r, ev, stmt, si, []*maxsat.Term{x}, false)
	}
	return nil
}

// unchanged returns the condition under which an instance the encoding
// does not model (a bridged call, a bitwise operation over Int...) keeps
// its run value: the values it depends on keep theirs. Pinning it whatever
// its operands would exclude every fix upstream of it; left free when they
// change, a model may give it any value, and the replay of a candidate,
// which computes it for real, is the judge. The values are found through
// the trace's dependences: an operand with a term is compared with its run
// value; one without (a string, an address) stands for what it depends on
// in turn, up to unchangedDepth dependences back and unchangedEvents of
// them (len(strconv.Itoa(y)) keeps its value when y does), beyond which it
// is taken as unchanged.
// It is nil when nothing it depends on has a term.
func (e *Encoder) unchanged(r *run, ev trace.EventID) *maxsat.Term {
	cs := e.unchangedDeps(r, ev, unchangedDepth, map[trace.EventID]bool{}, nil)
	if len(cs) == 0 {
		return nil
	}
	return maxsat.And(cs...)
}

// isReturn reports whether in is a return, which Options.BlamableOnly
// keeps.
func isReturn(in ssa.Instruction) bool {
	_, ok := in.(*ssa.Return)
	return ok
}

// isLoad reports whether in reads memory. A load the encoding does not
// link to a store (an element of a package-level table read at a symbolic
// index, say) keeps its run value: freed whenever what its address depends
// on changes, it would let a model rewrite data (a test table in the
// package) with values no replay reproduces.
func isLoad(in ssa.Instruction) bool {
	u, ok := in.(*ssa.UnOp)
	return ok && u.Op == token.MUL
}

// unchangedDepth bounds how far back unchanged looks through values
// without terms, and unchangedEvents how many dependences it visits (what
// it does not reach is taken as unchanged).
const (
	unchangedDepth  = 6
	unchangedEvents = 64
)

func (e *Encoder) unchangedDeps(r *run, ev trace.EventID, depth int, seen map[trace.EventID]bool, cs []*maxsat.Term) []*maxsat.Term {
	t := r.t
	for _, d := range t.Deps(ev, nil) {
		if seen[d] || d < 0 || int(d) >= len(r.terms) || len(seen) >= unchangedEvents {
			continue
		}
		seen[d] = true
		if ts := r.terms[d]; len(ts) == 1 && ts[0] != nil {
			if cv := concreteFor(ts[0], t.Value(d)); cv != nil {
				cs = append(cs, maxsat.Eq(ts[0], cv))
			}
			continue
		}
		if depth > 0 {
			cs = e.unchangedDeps(r, d, depth-1, seen, cs)
		}
	}
	return cs
}

// definition is the term an instance equals, when the encoding models it.
type definition struct {
	term  *maxsat.Term // nil: not modelled, use the concrete value
	extra *maxsat.Term // a side condition (divisor non-zero), or nil
	hard  bool         // the link is not part of a statement (phi)
}

// define returns the definition of event ev's value in terms of its
// operands' terms.
func (e *Encoder) define(r *run, ev trace.EventID, si sortInfo) definition {
	t := r.t
	switch in := t.Instr(ev).(type) {
	case *ssa.Store:
		return definition{term: e.operand(r, ev, in.Val)}
	case *ssa.MapUpdate:
		return definition{term: e.operand(r, ev, in.Value)}
	case *ssa.UnOp:
		if in.Op == token.MUL { // load
			return definition{term: e.load(r, ev, in, si)}
		}
		x := e.operand(r, ev, in.X)
		if x == nil {
			return definition{}
		}
		switch in.Op {
		case token.NOT:
			return definition{term: maxsat.Not(x)}
		case token.SUB:
			if si.isFloat {
				return definition{term: maxsat.FNeg(x)}
			}
			return definition{term: maxsat.Neg(x)}
		case token.XOR:
			if si.integer {
				return definition{}
			}
			return definition{term: maxsat.BVNot(x)}
		}
	case *ssa.BinOp:
		return e.binop(r, ev, in)
	case *ssa.Convert:
		x := e.operand(r, ev, in.X)
		from := e.sortOf(in.X.Type())
		if x == nil || !from.ok || from.isBool || si.isBool || from.isString || si.isString {
			return definition{} // string(rune), []byte(s)...: not modelled
		}
		if from.isFloat || si.isFloat {
			return floatConv(x, from, si)
		}
		if si.integer {
			// Widening (or same-width) conversions keep the value over
			// Int; narrowing ones would wrap: keep them concrete.
			if si.width < from.width || si.signed != from.signed {
				return definition{}
			}
			return definition{term: x}
		}
		switch {
		case si.width < from.width:
			return definition{term: maxsat.Extract(x, si.width-1, 0)}
		case si.width > from.width && from.signed:
			return definition{term: maxsat.SignExt(x, si.width-from.width)}
		case si.width > from.width:
			return definition{term: maxsat.ZeroExt(x, si.width-from.width)}
		}
		return definition{term: x}
	case *ssa.ChangeType:
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.MakeInterface:
		// The interface's term is its dynamic value's (see valueSort).
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.ChangeInterface:
		return definition{term: e.operand(r, ev, in.X)}
	case *ssa.TypeAssert:
		// An assertion to a concrete type that held in the run: the
		// value inside, of the same sort.
		if !in.CommaOk && !types.IsInterface(in.AssertedType) {
			return definition{term: e.operand(r, ev, in.X)}
		}
	case *ssa.Field:
		if _, isStruct := in.X.Type().Underlying().(*types.Struct); isStruct {
			x := e.fieldOf(r, t.Producer(ev, in.X), in.Field, si, 0)
			if x != nil {
				e.stats.FieldCopies++
			}
			return definition{term: x}
		}
	case *ssa.Call:
		return e.builtin(r, ev, in, si)
	case *ssa.Phi:
		// The value of the edge taken: its event, or the callee's Return
		// when the edge is a call's result (p && f(x)). Left unlinked, the
		// phi would keep the run's concrete value under the run's path
		// prefix, and exclude every execution along that prefix whose
		// call returns otherwise: a real fix, or the run of a candidate
		// substituting values elsewhere (a refinement).
		r.deps = t.Deps(ev, r.deps[:0])
		for _, d := range r.deps {
			if ts := r.terms[d]; len(ts) == 1 && slices.ContainsFunc(in.Edges, func(v ssa.Value) bool { return produces(t, d, v) }) {
				return definition{term: ts[0], hard: true}
			}
		}
	case *ssa.Extract:
		r.deps = t.Deps(ev, r.deps[:0])
		for _, d := range r.deps {
			if _, ok := t.Instr(d).(*ssa.Return); ok && in.Index < len(r.terms[d]) {
				return definition{term: r.terms[d][in.Index], hard: true}
			}
		}
		// The value of a comma-ok assertion to a concrete type that held
		// in the run (a type switch's case): the interface's, as for the
		// plain assertion. Its ok keeps its run value: a dynamic type
		// does not change.
		if d := t.Producer(ev, in.Tuple); d != trace.NoEvent && in.Index == 0 {
			if ta, ok := t.Instr(d).(*ssa.TypeAssert); ok && ta.CommaOk && !types.IsInterface(ta.AssertedType) {
				if v := t.Value(d); v.Kind() == trace.KindTuple && v.Len() == 2 && v.Index(1).Bool() {
					return definition{term: e.operand(r, d, ta.X)}
				}
			}
		}
	}
	return definition{}
}

// builtin encodes a call of the builtins min and max over integers (of
// Booleans, of no order: none; of strings, whose order is not modelled:
// see relations), and the calls of the
// standard library over strings that stdString models; other calls define
// nothing here. Go's min and max of floats are not modelled
// (NaN, signed zeros): neither are floats.
func (e *Encoder) builtin(r *run, ev trace.EventID, in *ssa.Call, si sortInfo) definition {
	if in.Call.IsInvoke() && in.Call.Method.Name() == "Error" && len(in.Call.Args) == 0 && si.isString {
		return e.errorText(r, ev, in)
	}
	if fn, ok := in.Call.Value.(*ssa.Function); ok && !in.Call.IsInvoke() {
		if _, _, interpreted := r.t.Callee(ev); !interpreted {
			if si.isString && builderMethod(fn) == "String" {
				return e.builderString(r, ev, in)
			}
			return e.stdString(r, ev, in, fn, si)
		}
		return definition{}
	}
	b, ok := in.Call.Value.(*ssa.Builtin)
	if !ok || (b.Name() != "min" && b.Name() != "max") || !si.ok || si.isBool || si.isFloat {
		return definition{} // (Go's min and max of floats order NaN and -0: not modelled)
	}
	rel := relations[token.LSS]
	if b.Name() == "max" {
		rel = relations[token.GTR]
	}
	better := rel.of(si)
	if better == nil {
		return definition{}
	}
	var acc *maxsat.Term
	for _, a := range in.Call.Args {
		x := e.operand(r, ev, a)
		if x == nil {
			return definition{}
		}
		if acc == nil {
			acc = x
			continue
		}
		acc = maxsat.Ite(better(x, acc), x, acc)
	}
	return definition{term: acc}
}

// stdModelled are the other functions stdString models.
var stdModelled = map[string]bool{
	"math.IsNaN": true, "strconv.Itoa": true, "strconv.FormatInt": true,
	"strings.HasPrefix": true, "strings.HasSuffix": true, "strings.Contains": true,
}

// mathUnary are the functions of package math that floats model.
var mathUnary = map[string]func(*maxsat.Term) *maxsat.Term{
	"math.Sqrt": maxsat.FSqrt, "math.Abs": maxsat.FAbs, "math.Floor": maxsat.FFloor,
	"math.Ceil": maxsat.FCeil, "math.Trunc": maxsat.FTrunc,
}

// stdString encodes the result of a bridged call of the standard library
// that the string and float theories express exactly: strconv.Itoa and
// strconv.FormatInt in base 10, strings.HasPrefix, HasSuffix and
// Contains; math.Sqrt, Abs, Floor, Ceil, Trunc and IsNaN. Other calls define nothing. Integers computed from strings
// (len(s), strings.Index) are not modelled: tying string lengths to
// bit-vectors (int2bv of str.len) made Z3's sequence solver give up
// ("max unfolding") on formulas it solved with them concrete.
func (e *Encoder) stdString(r *run, ev trace.EventID, in *ssa.Call, fn *ssa.Function, si sortInfo) definition {
	if fn.Pkg == nil || fn.Signature.Recv() != nil || !si.ok {
		return definition{}
	}
	name := fn.Pkg.Pkg.Path() + "." + fn.Name()
	if name == "fmt.Sprintf" && si.isString {
		return e.sprintf(r, ev, in)
	}
	if mathUnary[name] == nil && !stdModelled[name] {
		return definition{} // before looking up the operands: most calls are not modelled
	}
	args := in.Call.Args
	ops := make([]*maxsat.Term, len(args))
	for i, a := range args {
		if ops[i] = e.operand(r, ev, a); ops[i] == nil {
			return definition{}
		}
	}
	str := func(i int) bool { return i < len(args) && e.sortOf(args[i].Type()).isString }
	if f := mathUnary[name]; f != nil && len(args) == 1 && si.isFloat && si.width == 64 && e.sortOf(args[0].Type()).isFloat {
		return definition{term: f(ops[0])}
	}
	if name == "math.IsNaN" && len(args) == 1 && si.isBool && e.sortOf(args[0].Type()).isFloat {
		return definition{term: maxsat.FIsNaN(ops[0])}
	}
	switch name {
	case "strconv.Itoa", "strconv.FormatInt":
		if len(args) == 2 {
			if c, ok := args[1].(*ssa.Const); !ok || c.Int64() != 10 {
				return definition{}
			}
		}
		xs := e.sortOf(args[0].Type())
		if !si.isString || !xs.ok || xs.isBool || xs.isString {
			return definition{}
		}
		n := toInt(ops[0], xs)
		zero := maxsat.Int(0)
		return definition{term: maxsat.Ite(maxsat.Ge(n, zero), maxsat.IntToStr(n),
			maxsat.StrConcat(maxsat.Str("-"), maxsat.IntToStr(maxsat.Neg(n))))}
	case "strings.HasPrefix":
		if str(0) && str(1) && si.isBool {
			return definition{term: maxsat.StrPrefixOf(ops[1], ops[0])}
		}
	case "strings.HasSuffix":
		if str(0) && str(1) && si.isBool {
			return definition{term: maxsat.StrSuffixOf(ops[1], ops[0])}
		}
	case "strings.Contains":
		if str(0) && str(1) && si.isBool {
			return definition{term: maxsat.StrContains(ops[0], ops[1])}
		}
	}
	return definition{}
}

// pointee returns the type a pointer type points to, or nil.
func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return nil
}

// isInit reports whether fn is a package initializer. A field stored by
// one is package data, such as a test table (examples/foo's Cases): a
// copy of it keeps its run value, as loads that no store term reaches do,
// or every row would be a candidate fixing the test by rewriting what it
// expects.
func isInit(fn *ssa.Function) bool {
	return fn != nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#")) && fn.Signature.Recv() == nil
}

// maxFieldDepth bounds how many copies fieldOf follows back.
const maxFieldDepth = 8

// fieldOf returns the term of field i (of sort si) of the struct value
// event d produced, following the value back through copies: a store of
// the whole struct (to its stored value), a load of one (to the last
// store of that field of the memory read, or of the whole struct, or the
// variable's zero value), a call's result (to the callee's Return and the
// value it returned). It returns nil where the value comes from anything
// else (a bridged call, a φ...), or more than maxFieldDepth copies back.
func (e *Encoder) fieldOf(r *run, d trace.EventID, i int, si sortInfo, depth int) *maxsat.Term {
	if depth > maxFieldDepth || d < 0 {
		return nil
	}
	t := r.t
	switch in := t.Instr(d).(type) {
	case *ssa.Alloc:
		return si.zero()
	case *ssa.Store:
		if c, ok := in.Val.(*ssa.Const); ok && c.Value == nil {
			return si.zero() // the zero struct
		}
		return e.fieldOf(r, t.Producer(d, in.Val), i, si, depth+1)
	case *ssa.Extract:
		for _, dep := range t.Deps(d, nil) {
			if ret, ok := t.Instr(dep).(*ssa.Return); ok && in.Index < len(ret.Results) {
				return e.fieldOf(r, t.Producer(dep, ret.Results[in.Index]), i, si, depth+1)
			}
		}
		if ta := t.Producer(d, in.Tuple); ta != trace.NoEvent && in.Index == 0 {
			if x, ok := t.Instr(ta).(*ssa.TypeAssert); ok && x.CommaOk {
				if v := t.Value(ta); v.Kind() == trace.KindTuple && v.Len() == 2 && v.Index(1).Bool() {
					return e.fieldOf(r, t.Producer(ta, x.X), i, si, depth+1)
				}
			}
		}
	case *ssa.Return:
		if len(in.Results) == 1 {
			return e.fieldOf(r, t.Producer(d, in.Results[0]), i, si, depth+1)
		}
	case *ssa.MakeInterface:
		return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
	case *ssa.ChangeInterface:
		return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
	case *ssa.TypeAssert:
		// A struct asserted out of an interface: the value boxed.
		if !in.CommaOk {
			return e.fieldOf(r, t.Producer(d, in.X), i, si, depth+1)
		}
	case *ssa.UnOp:
		if in.Op != token.MUL {
			return nil
		}
		deps := t.Deps(d, nil)
		var addr trace.Value
		for _, dep := range deps {
			if t.SSAValue(dep) == in.X {
				addr = t.Value(dep)
			}
		}
		if !addr.IsValid() {
			return nil
		}
		if types.IsInterface(in.Type()) {
			// An interface boxing the struct: its one memory dependence
			// is the cell's last store, which append or copy may have
			// made at another address (trace: copiedStore).
			for _, dep := range deps {
				if t.SSAValue(dep) == in.X {
					continue
				}
				if st, ok := t.Instr(dep).(*ssa.Store); ok && types.IsInterface(st.Val.Type()) {
					return e.fieldOf(r, dep, i, si, depth+1)
				}
				return nil
			}
			return nil
		}
		// A later store of field i itself, else the memory's last
		// store of the whole (its first dependence after the address).
		var whole trace.EventID = trace.NoEvent
		for _, dep := range deps {
			if t.SSAValue(dep) == in.X {
				continue
			}
			st, ok := t.Instr(dep).(*ssa.Store)
			if !ok {
				if _, isAlloc := t.Instr(dep).(*ssa.Alloc); isAlloc && whole == trace.NoEvent {
					whole = dep
				}
				continue
			}
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.Field == i {
				if faEv := t.Producer(dep, st.Addr); faEv != trace.NoEvent {
					if x := t.Producer(faEv, fa.X); x != trace.NoEvent && trace.Equal(t.Value(x), addr) {
						if ts := r.terms[dep]; len(ts) == 1 && !isInit(t.Func(dep)) {
							return ts[0]
						}
						return nil
					}
				}
				continue
			}
			if whole == trace.NoEvent && types.Identical(st.Val.Type(), in.Type()) {
				if a := t.Producer(dep, st.Addr); a != trace.NoEvent && trace.Equal(t.Value(a), addr) {
					whole = dep
				}
			}
		}
		if whole != trace.NoEvent {
			return e.fieldOf(r, whole, i, si, depth+1)
		}
	}
	return nil
}

// load returns the term of the value a load reads: the last store's, or the
// zero value of a never-assigned variable. A load through &a[i] with a
// non-constant index reads, for every other value of T(i), the element of
// that index (see indexed).
func (e *Encoder) load(r *run, ev trace.EventID, in *ssa.UnOp, si sortInfo) *maxsat.Term {
	t := r.t
	r.deps = t.Deps(ev, r.deps[:0])
	addr := trace.NoEvent
	var base *maxsat.Term
	found := false
	for _, d := range r.deps {
		if t.SSAValue(d) == in.X {
			addr = d
			continue // the address
		}
		if found {
			continue
		}
		found = true
		switch t.Instr(d).(type) {
		case *ssa.Alloc:
			base = si.zero()
		case *ssa.Store, *ssa.MapUpdate:
			if ts := r.terms[d]; len(ts) == 1 {
				base = ts[0]
			} else if fa, ok := in.X.(*ssa.FieldAddr); ok {
				// The field was last written by a store of the whole
				// struct holding it: its term is that value's field.
				if st, ok := t.Instr(d).(*ssa.Store); ok && types.Identical(st.Val.Type(), pointee(fa.X.Type())) {
					if base = e.fieldOf(r, d, fa.Field, si, 0); base != nil {
						e.stats.FieldCopies++
					}
				}
			}
		}
	}
	if ia, ok := in.X.(*ssa.IndexAddr); ok && addr != trace.NoEvent {
		if x := e.indexed(r, ev, addr, ia, si, base); x != nil {
			return x
		}
	}
	return base
}

// indexed returns the term of a load of element T(i) of a slice or array
// through the IndexAddr event addr: the element read (base, or the load's
// concrete value when base is nil) when T(i) is the index of the run, and
// the concrete value of element j when T(i) = j. Elements other than the
// one read are taken as the container holds them when the encoder reads
// the trace (the run's end): exact for a slice no statement writes after
// the load, as the test's inputs; otherwise an approximation, which the
// replay of candidates checks. It returns nil when the index is constant
// or not modelled, or the container is too long to unfold.
func (e *Encoder) indexed(r *run, ev, addr trace.EventID, ia *ssa.IndexAddr, si sortInfo, base *maxsat.Term) *maxsat.Term {
	const maxElems = 256
	if _, ok := ia.Index.(*ssa.Const); ok || si.isBool {
		return nil
	}
	t := r.t
	i := e.operand(r, addr, ia.Index)
	cont, ok := e.container(r, addr, ia)
	if i == nil || !ok || cont.Len() > maxElems {
		return nil
	}
	is := e.sortOf(ia.Index.Type())
	i0 := trace.EventID(trace.NoEvent)
	r.deps = t.Deps(addr, r.deps[:0])
	for _, d := range r.deps {
		if t.SSAValue(d) == ia.Index {
			i0 = d
		}
	}
	if i0 == trace.NoEvent {
		return nil
	}
	read := t.Value(i0).Int()
	cur := base
	if cur == nil {
		if cur = si.concrete(t.Value(ev)); cur == nil {
			return nil
		}
	}
	for j := cont.Len() - 1; j >= 0; j-- {
		if int64(j) == read {
			continue
		}
		c := si.concrete(cont.Index(j))
		k := is.constant(constant.MakeInt64(int64(j)))
		if c == nil || k == nil {
			return nil
		}
		cur = maxsat.Ite(maxsat.Eq(i, k), c, cur)
	}
	e.stats.IndexLoads++
	return cur
}

// container returns the slice an IndexAddr event indexes (from its
// operand's event), or, for a pointer to an array, a value whose Len is
// the array's length. ok is false when neither is known.
func (e *Encoder) container(r *run, addr trace.EventID, ia *ssa.IndexAddr) (trace.Value, bool) {
	t := r.t
	r.deps = t.Deps(addr, r.deps[:0])
	for _, d := range r.deps {
		if t.SSAValue(d) == ia.X {
			v := t.Value(d)
			switch v.Kind() {
			case trace.KindSlice:
				return v, true
			case trace.KindPointer:
				if el := v.Elem(); el.Kind() == trace.KindArray {
					return el, true
				}
			}
		}
	}
	return trace.Value{}, false
}

// indexBound encodes the bounds check of an IndexAddr event with a
// non-constant index: π ⇒ (ab_s ∨ 0 ≤ T(i) < len), as Go panics otherwise.
// It reports whether the condition is encoded (now or before).
func (e *Encoder) indexBound(r *run, ev trace.EventID, sk seenKey, ia *ssa.IndexAddr) (bool, error) {
	if _, ok := ia.Index.(*ssa.Const); ok {
		return false, nil
	}
	i := e.operand(r, ev, ia.Index)
	cont, ok := e.container(r, ev, ia)
	is := e.sortOf(ia.Index.Type())
	if i == nil || !ok || !is.ok || is.isBool {
		return false, nil
	}
	n := int64(cont.Len())
	var conds []*maxsat.Term
	switch {
	case is.integer:
		conds = append(conds, maxsat.Ge(i, maxsat.Int(0)), maxsat.Lt(i, maxsat.Int(n)))
	case is.signed:
		conds = append(conds, maxsat.SGE(i, maxsat.BV(0, is.width)))
		if is.width == 64 || n < 1<<(is.width-1) {
			conds = append(conds, maxsat.SLT(i, maxsat.BV(uint64(n), is.width)))
		}
	default:
		if is.width == 64 || n < 1<<is.width {
			conds = append(conds, maxsat.ULT(i, maxsat.BV(uint64(n), is.width)))
		}
	}
	path := r.path
	if e.opts.Mode == FI {
		path = maxsat.True()
	}
	stmt := e.statementOf(r.t, ev)
	return true, e.hard(r, sk, e.guarded(path, stmt, maxsat.And(conds...)))
}

// panicCondition encodes why the recorded panicking event ev panicked, when
// the encoding models it: an index out of range or a zero divisor. It
// reports whether it did.
func (e *Encoder) panicCondition(r *run, ev trace.EventID) (bool, error) {
	t := r.t
	sk := seenKey{t.Key(ev), r.prefix}
	switch in := t.Instr(ev).(type) {
	case *ssa.IndexAddr:
		return e.indexBound(r, ev, sk, in)
	case *ssa.BinOp:
		if in.Op != token.QUO && in.Op != token.REM {
			return false, nil
		}
		def := e.binop(r, ev, in)
		if def.extra == nil {
			return false, nil
		}
		path := r.path
		if e.opts.Mode == FI {
			path = maxsat.True()
		}
		return true, e.hard(r, sk, e.guarded(path, e.statementOf(t, ev), def.extra))
	}
	return false, nil
}

// operand returns the term of operand v of event ev, or nil if it is not
// modelled.
func (e *Encoder) operand(r *run, ev trace.EventID, v ssa.Value) *maxsat.Term {
	switch v := v.(type) {
	case *ssa.Const:
		si := e.sortOf(v.Type())
		if !si.ok {
			return nil
		}
		return si.constant(v.Value)
	case *ssa.Global, *ssa.Function, *ssa.Builtin:
		return nil
	}
	// A call's result: the dependence is on the callee's Return.
	if d := r.t.Producer(ev, v); d != trace.NoEvent {
		if ts := r.terms[d]; len(ts) == 1 {
			return ts[0]
		}
	}
	return nil
}

// produces reports whether event d of t produced SSA value v: it is v's
// instruction, or, when v is a call's result, the callee's Return for that
// call (the event a use of the result depends on).
func produces(t *trace.Trace, d trace.EventID, v ssa.Value) bool {
	if t.SSAValue(d) == v {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if _, ok := t.Instr(d).(*ssa.Return); !ok {
		return false
	}
	c := t.CallOf(d)
	return c != trace.NoEvent && t.Instr(c) == ssa.Instruction(call)
}

// param encodes a parameter event: the test's input for the entry
// function, the call's argument otherwise.
func (e *Encoder) param(r *run, ev trace.EventID, sk seenKey) error {
	t := r.t
	p, ok := t.SSAValue(ev).(*ssa.Parameter)
	if !ok {
		return nil
	}
	si := e.valueSort(p.Type(), t.Value(ev))
	if !si.ok {
		return nil
	}
	x, err := e.variable(si, e.keyName("v", t.Key(ev)))
	if err != nil {
		return err
	}
	r.terms[ev] = []*maxsat.Term{x}
	call := t.CallOf(ev)
	var def *maxsat.Term
	if call != trace.NoEvent {
		if c, ok := t.Instr(call).(ssa.CallInstruction); ok {
			args := c.Common().Args
			if c.Common().IsInvoke() {
				args = append([]ssa.Value{c.Common().Value}, args...)
			}
			idx := slices.Index(p.Parent().Params, p)
			if idx >= 0 && idx < len(args) {
				def = e.operand(&run{t: t, terms: r.terms}, call, args[idx])
			}
		}
	}
	if def == nil {
		def = si.concrete(t.Value(ev))
		if def == nil {
			r.terms[ev] = nil
			return nil
		}
	}
	return e.hard(r, sk, maxsat.Implies(r.path, maxsat.Eq(x, def)))
}

// ret encodes a Return: its results, and the oracle for the function under
// test.
func (e *Encoder) ret(r *run, ev trace.EventID, sk seenKey, in *ssa.Return) error {
	t := r.t
	stmt := e.statementOf(t, ev)
	path := r.path
	if e.opts.Mode == FI {
		path = maxsat.True()
	}
	terms := make([]*maxsat.Term, len(in.Results))
	var eqs []*maxsat.Term
	var single sortInfo
	vals := t.Value(ev)
	for i, res := range in.Results {
		rv := vals
		if len(in.Results) > 1 && vals.Kind() == trace.KindTuple {
			rv = vals.Index(i)
		}
		si := e.valueSort(res.Type(), rv)
		if !si.ok {
			continue
		}
		single = si
		x, err := e.variable(si, fmt.Sprintf("%s_%d", e.keyName("v", t.Key(ev)), i))
		if err != nil {
			return err
		}
		terms[i] = x
		def := e.operand(r, ev, res)
		if def == nil {
			def = si.concrete(rv)
		}
		if def != nil {
			eqs = append(eqs, maxsat.Eq(x, def))
		}
	}
	r.terms[ev] = terms
	if len(eqs) > 0 {
		if err := e.hard(r, sk, e.guarded(path, stmt, maxsat.And(eqs...))); err != nil {
			return err
		}
		if stmt != "" && len(in.Results) == 1 && terms[0] != nil {
			e.record(r, ev, stmt, single, terms, false)
		}
	}
	if e.test.Func != nil && t.Func(ev) == e.test.Func && t.CallOf(ev) == trace.NoEvent {
		var oracle []*maxsat.Term
		for i, w := range e.want {
			if i < len(terms) && terms[i] != nil {
				oracle = append(oracle, maxsat.Eq(terms[i], w))
			}
		}
		sk.prefix ^= 0x5bd1e995
		r.oracle = true
		err := e.hard(r, sk, maxsat.Implies(path, maxsat.And(oracle...)))
		r.oracle = false
		if err != nil {
			return err
		}
	}
	return nil
}

// binop encodes a binary operation.
func (e *Encoder) binop(r *run, ev trace.EventID, in *ssa.BinOp) definition {
	x := e.operand(r, ev, in.X)
	y := e.operand(r, ev, in.Y)
	if x == nil || y == nil {
		return definition{}
	}
	xs := e.sortOf(in.X.Type())
	if types.IsInterface(in.X.Type()) {
		// Interfaces compare equal when they hold equal values of one
		// dynamic type: with the run's dynamic types equal, their terms'
		// equality (floats aside, whose == is not equality of terms).
		xv, ok1 := e.operandValue(r, ev, in.X)
		yv, ok2 := e.operandValue(r, ev, in.Y)
		if !ok1 || !ok2 || xv.DynamicType() == nil || !types.Identical(xv.DynamicType(), yv.DynamicType()) ||
			e.sortOf(xv.DynamicType()).isFloat || in.Op != token.EQL && in.Op != token.NEQ {
			return definition{}
		}
	}
	if xs.isFloat {
		return floatBinop(in.Op, x, y)
	}
	switch in.Op {
	case token.EQL:
		return definition{term: maxsat.Eq(x, y)}
	case token.NEQ:
		return definition{term: maxsat.Not(maxsat.Eq(x, y))}
	case token.ADD: // the same function serves Int and bit-vectors
		if xs.isString {
			return definition{term: maxsat.StrConcat(x, y)}
		}
		return definition{term: maxsat.Add(x, y)}
	case token.SUB:
		return definition{term: maxsat.Sub(x, y)}
	case token.MUL:
		return definition{term: maxsat.Mul(x, y)}
	}
	if xs.isBool {
		return definition{}
	}
	if r, ok := relations[in.Op]; ok {
		if f := r.of(xs); f != nil {
			return definition{term: f(x, y)}
		}
		return definition{}
	}
	if xs.isString {
		return definition{}
	}
	if xs.integer {
		switch in.Op {
		case token.QUO, token.REM:
			// Go panics on a zero divisor: the statement must avoid it.
			return definition{term: intDiv(x, y, in.Op == token.REM), extra: maxsat.Not(maxsat.Eq(y, maxsat.Int(0)))}
		}
		return definition{} // bitwise operations and shifts: not modelled over Int, concrete
	}
	div := func(signed, unsigned func(a, b *maxsat.Term) *maxsat.Term) definition {
		if k, ok := powerOfTwo(in.Y, xs); ok {
			return definition{term: divPow2(x, k, xs, in.Op == token.REM)}
		}
		op := unsigned
		if xs.signed {
			op = signed
		}
		// Go panics on a zero divisor: the statement must avoid it.
		return definition{term: op(x, y), extra: maxsat.Not(maxsat.Eq(y, maxsat.BV(0, xs.width)))}
	}
	switch in.Op {
	case token.QUO:
		return div(maxsat.SDiv, maxsat.UDiv)
	case token.REM:
		return div(maxsat.SRem, maxsat.URem)
	case token.AND:
		return definition{term: maxsat.BVAnd(x, y)}
	case token.OR:
		return definition{term: maxsat.BVOr(x, y)}
	case token.XOR:
		return definition{term: maxsat.BVXor(x, y)}
	case token.AND_NOT:
		return definition{term: maxsat.BVAnd(x, maxsat.BVNot(y))}
	case token.SHL, token.SHR:
		return e.shift(in, x, y, xs)
	}
	return definition{}
}

// intDiv returns x / y (or x % y if rem) over Int with Go's semantics
// for a nonzero y: the quotient truncated toward zero, the remainder with
// the sign of x. SMT-LIB's div is Euclidean (its remainder is never
// negative), which is Go's quotient for x >= 0 whatever y's sign, so a
// negative x is negated around it.
func intDiv(x, y *maxsat.Term, rem bool) *maxsat.Term {
	zero := maxsat.Int(0)
	q := maxsat.Ite(maxsat.Ge(x, zero), maxsat.Div(x, y), maxsat.Neg(maxsat.Div(maxsat.Neg(x), y)))
	if rem {
		return maxsat.Sub(x, maxsat.Mul(y, q))
	}
	return q
}

// powerOfTwo reports whether v is a constant 2^k, 1 <= k, that is positive
// in the type of xs.
func powerOfTwo(v ssa.Value, xs sortInfo) (int, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	u, exact := constant.Uint64Val(c.Value)
	if !exact || u < 2 || u&(u-1) != 0 {
		return 0, false
	}
	k := bits.TrailingZeros64(u)
	if k >= xs.width || xs.signed && k >= xs.width-1 {
		return 0, false
	}
	return k, true
}

// divPow2 returns x / 2^k (or x % 2^k if rem) with Go's semantics, by
// shifts: Z3 rewrites an unsigned division by a power of two so, but
// bit-blasts a signed one into a full divider circuit, thousands of
// clauses per instance at 64 bits (a binary search's (lo+hi)/2 in a loop).
// A signed quotient truncates toward zero: a negative x is biased by
// 2^k-1 before the arithmetic shift.
func divPow2(x *maxsat.Term, k int, xs sortInfo, rem bool) *maxsat.Term {
	w := xs.width
	if !xs.signed {
		if rem {
			return maxsat.BVAnd(x, maxsat.BV(1<<k-1, w))
		}
		return maxsat.LShr(x, maxsat.BV(uint64(k), w))
	}
	bias := maxsat.LShr(maxsat.AShr(x, maxsat.BV(uint64(w-1), w)), maxsat.BV(uint64(w-k), w))
	q := maxsat.AShr(maxsat.Add(x, bias), maxsat.BV(uint64(k), w))
	if rem {
		return maxsat.Sub(x, maxsat.Shl(q, maxsat.BV(uint64(k), w)))
	}
	return q
}

// relation is an order comparison over Int, signed and unsigned
// bit-vectors, and strings (Go's byte order; nil where not modelled).
type relation struct {
	integer, signed, unsigned, str func(a, b *maxsat.Term) *maxsat.Term
}

// of returns the comparison for operands of sort si.
func (r relation) of(si sortInfo) func(a, b *maxsat.Term) *maxsat.Term {
	switch {
	case si.isString:
		return r.str
	case si.integer:
		return r.integer
	case si.signed:
		return r.signed
	}
	return r.unsigned
}

// The order of strings is not modelled (relation.str is nil): Z3
// 4.8.12's sequence solver answers unsat, under assumptions, for formulas
// with str.< that are satisfiable (its model validation reports unhandled
// str.< skolems), which would make fault localization unsound.
var relations = map[token.Token]relation{
	token.LSS: {maxsat.Lt, maxsat.SLT, maxsat.ULT, nil},
	token.LEQ: {maxsat.Le, maxsat.SLE, maxsat.ULE, nil},
	token.GTR: {maxsat.Gt, maxsat.SGT, maxsat.UGT, nil},
	token.GEQ: {maxsat.Ge, maxsat.SGE, maxsat.UGE, nil},
}

// floatOps are the binary operations on floats: arithmetic rounded as Go
// rounds, comparisons as Go compares (NaN equals nothing, -0 == +0).
var floatOps = map[token.Token]func(x, y *maxsat.Term) *maxsat.Term{
	token.ADD: maxsat.FAdd, token.SUB: maxsat.FSub, token.MUL: maxsat.FMul, token.QUO: maxsat.FDiv,
	token.EQL: maxsat.FEq, token.LSS: maxsat.FLt, token.LEQ: maxsat.FLe, token.GTR: maxsat.FGt, token.GEQ: maxsat.FGe,
	token.NEQ: func(x, y *maxsat.Term) *maxsat.Term { return maxsat.Not(maxsat.FEq(x, y)) },
}

// floatBinop encodes a binary operation on floats (see floatOps).
func floatBinop(op token.Token, x, y *maxsat.Term) definition {
	if f := floatOps[op]; f != nil {
		return definition{term: f(x, y)}
	}
	return definition{}
}

// floatConv encodes a conversion from or to a float: between widths
// rounded to nearest even, from integers rounded so, to integers truncated
// toward zero (an out-of-range value, which Go leaves to the
// implementation, is whatever Z3 picks: a replay judges it). Over Int
// (Options.Arith) conversions with integers are not modelled.
func floatConv(x *maxsat.Term, from, to sortInfo) definition {
	switch {
	case from.isFloat && to.isFloat:
		return definition{term: maxsat.FToF(x, to.width)}
	case from.integer || to.integer:
		return definition{}
	case to.isFloat && from.signed:
		return definition{term: maxsat.SBVToF(x, to.width)}
	case to.isFloat:
		return definition{term: maxsat.UBVToF(x, to.width)}
	case to.signed:
		return definition{term: maxsat.FToSBV(x, to.width)}
	}
	return definition{term: maxsat.FToUBV(x, to.width)}
}

// toInt returns integer term x of sort si as an Int.
func toInt(x *maxsat.Term, si sortInfo) *maxsat.Term {
	if si.integer {
		return x
	}
	return maxsat.BVToInt(x, si.signed)
}

// shift encodes x << y and x >> y with Go's semantics for counts of any
// unsigned width: a count at least the width shifts everything out.
func (e *Encoder) shift(in *ssa.BinOp, x, y *maxsat.Term, xs sortInfo) definition {
	ys := e.sortOf(in.Y.Type())
	if ys.isBool || !ys.ok {
		return definition{}
	}
	op := maxsat.Shl
	if in.Op == token.SHR {
		op = maxsat.LShr
		if xs.signed {
			op = maxsat.AShr
		}
	}
	w := xs.width
	switch {
	case ys.width == w:
		return definition{term: op(x, y)}
	case ys.width < w:
		// Zero-extended counts >= w behave in SMT-LIB as in Go.
		return definition{term: op(x, maxsat.ZeroExt(y, w-ys.width))}
	}
	over := maxsat.BV(0, w)
	if in.Op == token.SHR && xs.signed {
		over = maxsat.AShr(x, maxsat.BV(uint64(w-1), w))
	}
	big := maxsat.UGE(y, maxsat.BV(uint64(w), ys.width))
	return definition{term: maxsat.Ite(big, over, op(x, maxsat.Extract(y, w-1, 0)))}
}

// CloseUnexplored adds, for every branch instance of which only one side
// has been encoded under its path prefix, the hard constraint that the
// prefix implies that side: an unwinding assumption, as bounded model
// checkers add at their bound. Models then follow encoded paths only. PF
// calls it once its paths are explored, so that its formula is the
// program formula within the bound instead of being angelic beyond it. It
// returns the number of constraints added.
func (e *Encoder) CloseUnexplored() (int, error) {
	cs := e.closures()
	for _, c := range cs {
		if err := e.s.AddHard(c); err != nil {
			return 0, fmt.Errorf("encode: %w", err)
		}
		e.stats.Constraints++
	}
	return len(cs), nil
}

// CloseBeyond is CloseUnexplored for the branch instances whose
// instruction ran at least unwind times before them in their frame
// (trace.InstanceKey.Occ >= unwind) only: ATF's unwinding bound, the same
// assumption as PF's at the same bound. Call it after each AddRun; sides
// closed before are not closed again. It returns the number of
// constraints added.
func (e *Encoder) CloseBeyond(unwind int) (int, error) {
	n := 0
	for _, k := range e.sideKeys() {
		if int(k.key.Occ) < unwind || e.closed[k] {
			continue
		}
		e.closed[k] = true
		if err := e.s.AddHard(e.closure(k)); err != nil {
			return n, fmt.Errorf("encode: %w", err)
		}
		e.stats.Constraints++
		n++
	}
	return n, nil
}

// Explored returns the constraint CloseUnexplored would add, without adding
// it: every model that satisfies it follows the paths encoded so far, so
// that its angelic execution is fully determined by the formula and needs
// no refinement. ATF uses it as a preference ([maxsat.Solver.CheckRelaxed])
// when choosing the model of an MCS: an MCS that has a fix on the explored
// paths is verified at once, instead of being refined through unexplored
// sides whose angelic (unconstrained) oracle any candidate satisfies.
func (e *Encoder) Explored() *maxsat.Term {
	return maxsat.And(e.closures()...)
}

// closures returns, in a deterministic order, the implications
// prefix ⇒ encoded side, one per branch instance with one side encoded.
func (e *Encoder) closures() []*maxsat.Term {
	keys := e.sideKeys()
	cs := make([]*maxsat.Term, 0, len(keys))
	for _, k := range keys {
		cs = append(cs, e.closure(k))
	}
	return cs
}

// sideKeys returns the branch instances with one side encoded, in a
// deterministic order (which keeps Z3's search, and the report, the same).
func (e *Encoder) sideKeys() []sideKey {
	keys := make([]sideKey, 0, len(e.sides))
	for k, sd := range e.sides {
		if sd.taken[0] != sd.taken[1] {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b sideKey) int {
		return cmp.Or(cmp.Compare(a.prefix, b.prefix), cmp.Compare(a.key.Static, b.key.Static),
			cmp.Compare(a.key.Path, b.key.Path), cmp.Compare(a.key.Occ, b.key.Occ))
	})
	return keys
}

// closure returns prefix ⇒ the encoded side, for side k.
func (e *Encoder) closure(k sideKey) *maxsat.Term {
	sd := e.sides[k]
	lit := sd.g
	if !sd.taken[1] {
		lit = maxsat.Not(sd.g)
	}
	return maxsat.Implies(sd.path, lit)
}
