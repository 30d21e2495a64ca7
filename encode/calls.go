package encode

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

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
	if def == nil && e.opts.Inputs != nil && e.opts.Inputs(p.Parent()) {
		// An input: free (Options.Inputs).
		if !slices.ContainsFunc(e.inputs, func(in inputVar) bool { return in.key == t.Key(ev) }) {
			e.inputs = append(e.inputs, inputVar{key: t.Key(ev), param: p, sort: si, term: x, orig: t.Value(ev)})
		}
		return nil
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
	name := "" // the results' terms' prefix, named when the first is made
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
		if name == "" {
			name = e.keyName("v", t.Key(ev))
			if stmt != "" {
				if n := e.opts.Shared.constName(in, t.Static(ev)); n != "" {
					name = n
				}
			}
		}
		x, err := e.variable(si, fmt.Sprintf("%s_%d", name, i))
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
