package encode

import (
	"go/constant"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/internal/printf"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// sprintfFormat returns the pieces of fmt.Sprintf's format in call, and
// whether call is a call of fmt.Sprintf (or fmt.Errorf, whose error's
// text is that string: see errorText) with a constant format of %s and
// %v verbs only (no flags, widths or indexes; %% is literal) taking
// exactly the arguments of its variadic array, whose element stores it
// returns in order.
func sprintfFormat(call *ssa.Call) ([]printf.Piece, []*ssa.Store, bool) {
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "fmt" || fn.Name() != "Sprintf" && fn.Name() != "Errorf" || len(call.Call.Args) != 2 {
		return nil, nil, false
	}
	c, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil, nil, false
	}
	ps := printf.Parse(constant.StringVal(c.Value))
	nverbs := 0
	for _, p := range ps {
		if !p.IsVerb() {
			continue
		}
		if p.Verb.Text != "%s" && p.Verb.Text != "%v" {
			return nil, nil, false
		}
		nverbs++
	}
	stores, err := printf.Args(call)
	if err != nil || len(stores) != nverbs {
		return nil, nil, false
	}
	return ps, stores, true
}

// maxVarargWindow bounds how far back from a call sprintf looks for the
// stores of its arguments (they are made just before it, with the
// evaluation of the arguments between them).
const maxVarargWindow = 4096

// sprintf encodes fmt.Sprintf with a format of %s and %v (see
// sprintfFormat) as the concatenation of its literal pieces and its
// arguments. Every argument must hold, in the run, a string of a type
// without String, Error or Format methods (which fmt would call) and
// have a term; else the call is not modelled. Integers in decimal (%d,
// %v of an int) are left out on purpose: str.from_int inside a
// concatenation compared with a constant made Z3 4.8.12 time out on a
// two-line receipt ("%dx %s: %d") whose search without them completes in
// a second.
func (e *Encoder) sprintf(r *run, ev trace.EventID, call *ssa.Call) definition {
	ps, stores, ok := sprintfFormat(call)
	if !ok {
		return definition{}
	}
	t := r.t
	path := t.Key(ev).Path
	args := make([]*maxsat.Term, len(stores))
	found := 0
	for d := ev - 1; d >= 0 && d >= ev-maxVarargWindow && found < len(stores); d-- {
		st, ok := t.Instr(d).(*ssa.Store)
		if !ok || t.Key(d).Path != path {
			continue
		}
		for i, s := range stores {
			if s != st || args[i] != nil {
				continue
			}
			ts := r.terms[d]
			dt := t.Value(d).DynamicType()
			if len(ts) != 1 || ts[0] == nil || dt == nil || printf.Method(dt) != "" || !e.sortOf(dt).isString {
				return definition{}
			}
			args[i] = ts[0]
			found++
		}
	}
	if found < len(stores) {
		return definition{}
	}
	var acc *maxsat.Term
	k := 0
	for _, p := range ps {
		x := maxsat.Str(p.Lit)
		if p.IsVerb() {
			x = args[k]
			k++
		}
		if acc == nil {
			acc = x
		} else {
			acc = maxsat.StrConcat(acc, x)
		}
	}
	if acc == nil {
		acc = maxsat.Str("")
	}
	return definition{term: acc}
}
