package encode

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// A piece of a format string modelled by sprintf: literal text, or a verb
// (%s or %v) taking the next argument.
type piece struct {
	lit  string
	verb byte // 0: lit
}

// sprintfFormat returns the pieces of fmt.Sprintf's format in call, and
// whether call is a call of fmt.Sprintf (or fmt.Errorf, whose error's
// text is that string: see errorText) with a constant format of %s and
// %v verbs only (no flags, widths or indexes; %% is literal) taking
// exactly the arguments of its variadic array, whose element stores it
// returns in order.
func sprintfFormat(call *ssa.Call) ([]piece, []*ssa.Store, bool) {
	fn, ok := call.Call.Value.(*ssa.Function)
	if !ok || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "fmt" || fn.Name() != "Sprintf" && fn.Name() != "Errorf" || len(call.Call.Args) != 2 {
		return nil, nil, false
	}
	c, ok := call.Call.Args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return nil, nil, false
	}
	var ps []piece
	f := constant.StringVal(c.Value)
	var lit strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			lit.WriteByte(f[i])
			continue
		}
		if i+1 >= len(f) {
			return nil, nil, false
		}
		i++
		switch f[i] {
		case '%':
			lit.WriteByte('%')
		case 's', 'v':
			if lit.Len() > 0 {
				ps = append(ps, piece{lit: lit.String()})
				lit.Reset()
			}
			ps = append(ps, piece{verb: f[i]})
		default:
			return nil, nil, false
		}
	}
	if lit.Len() > 0 {
		ps = append(ps, piece{lit: lit.String()})
	}
	nverbs := 0
	for _, p := range ps {
		if p.verb != 0 {
			nverbs++
		}
	}
	stores, ok := varargStores(call.Call.Args[1])
	if !ok || len(stores) != nverbs {
		return nil, nil, false
	}
	return ps, stores, true
}

// varargStores returns the stores into the elements of the variadic
// argument array that slice v is made of, by index, when every element is
// stored once and the array is used for nothing else.
func varargStores(v ssa.Value) ([]*ssa.Store, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return nil, true // no arguments: a nil slice
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Comment != "varargs" {
		return nil, false
	}
	at, ok := types.Unalias(arr.Type()).(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	stores := make([]*ssa.Store, at.Len())
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice:
			if r != sl {
				return nil, false
			}
		case *ssa.IndexAddr:
			k, ok := r.Index.(*ssa.Const)
			if !ok || r.Referrers() == nil || len(*r.Referrers()) != 1 {
				return nil, false
			}
			st, ok := (*r.Referrers())[0].(*ssa.Store)
			i := k.Int64()
			if !ok || st.Addr != r || i < 0 || i >= int64(len(stores)) || stores[i] != nil {
				return nil, false
			}
			stores[i] = st
		default:
			return nil, false
		}
	}
	for _, st := range stores {
		if st == nil {
			return nil, false
		}
	}
	return stores, true
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
			if len(ts) != 1 || ts[0] == nil || dt == nil || hasFormatMethods(dt) {
				return definition{}
			}
			args[i] = ts[0]
			if verb := verbOf(ps, i); !e.sortOf(dt).isString || verb != 's' && verb != 'v' {
				return definition{}
			}
			found++
		}
	}
	if found < len(stores) {
		return definition{}
	}
	var acc *maxsat.Term
	k := 0
	for _, p := range ps {
		x := maxsat.Str(p.lit)
		if p.verb != 0 {
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

// verbOf returns the verb of the i-th argument.
func verbOf(ps []piece, i int) byte {
	for _, p := range ps {
		if p.verb != 0 {
			if i == 0 {
				return p.verb
			}
			i--
		}
	}
	return 0
}

// hasFormatMethods reports whether fmt would format a value of type t
// through one of its methods.
func hasFormatMethods(t types.Type) bool {
	for _, name := range []string{"String", "Error", "Format", "GoString"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}
