package encode

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// builderTypes are the standard library's string builders whose String
// method builderString models.
var builderTypes = map[string]bool{"strings.Builder": true, "bytes.Buffer": true}

// builderMethod returns the name of the method of a string builder that
// fn is (String, WriteString...), or "".
func builderMethod(fn *ssa.Function) string {
	recv := fn.Signature.Recv()
	if recv == nil || fn.Pkg == nil {
		return ""
	}
	name := strings.TrimPrefix(recv.Type().String(), "*")
	if !builderTypes[name] {
		return ""
	}
	return fn.Name()
}

// maxBuilderWindow bounds how far back from a builder's String call
// builderString looks for the writes into it.
const maxBuilderWindow = 1 << 16

// builderString encodes the String method of a strings.Builder or
// bytes.Buffer (call, at event ev) as the concatenation of what was
// written into it: the arguments of its WriteString calls, and the
// constant bytes and runes of its WriteByte and WriteRune calls, since
// its last Reset, in the run's order. It models nothing when a write's
// argument has no term (a computed byte: Z3 4.8.12 has no conversion of
// a bit-vector into a character), when another write (Write, fmt.Fprintf
// into it, a write further back than maxBuilderWindow events) may have
// filled it, which shows as the writes' run values not adding up to the
// result, or for the Buffer's reads.
func (e *Encoder) builderString(r *run, ev trace.EventID, call *ssa.Call) definition {
	t := r.t
	if len(call.Call.Args) != 1 {
		return definition{}
	}
	recv, ok := e.operandValue(r, ev, call.Call.Args[0])
	if !ok || recv.Kind() != trace.KindPointer {
		return definition{}
	}
	// Back to the builder's own allocation when it is a variable (nothing
	// was written into it before), else maxBuilderWindow events.
	lo := max(ev-maxBuilderWindow, 0)
	if a := t.Producer(ev, call.Call.Args[0]); a != trace.NoEvent {
		if _, ok := t.Instr(a).(*ssa.Alloc); ok {
			lo = max(lo, a)
		}
	}
	var pieces []*maxsat.Term // in reverse order
	var vals []string
	for d := ev - 1; d >= lo; d-- {
		c, ok := t.Instr(d).(*ssa.Call)
		if !ok || c.Call.IsInvoke() {
			continue
		}
		fn, ok := c.Call.Value.(*ssa.Function)
		if !ok {
			continue
		}
		m := builderMethod(fn)
		if m == "" || len(c.Call.Args) == 0 {
			continue
		}
		if rv, ok := e.operandValue(r, d, c.Call.Args[0]); !ok || !trace.Equal(rv, recv) {
			continue
		}
		switch m {
		case "String", "Len", "Cap", "Grow":
			continue
		case "Reset":
			d = lo // stop: it was empty
			continue
		case "WriteString":
			x := e.operand(r, d, c.Call.Args[1])
			v, ok := e.operandValue(r, d, c.Call.Args[1])
			if x == nil || !ok || v.Kind() != trace.KindString {
				return definition{}
			}
			pieces, vals = append(pieces, x), append(vals, v.Str())
		case "WriteByte", "WriteRune":
			k, ok := c.Call.Args[1].(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
				return definition{}
			}
			n, exact := constant.Int64Val(k.Value)
			if !exact {
				return definition{}
			}
			s := string(rune(n))
			if m == "WriteByte" {
				s = string([]byte{byte(n)})
			}
			pieces, vals = append(pieces, maxsat.Str(s)), append(vals, s)
		default: // Write, the Buffer's reads...
			return definition{}
		}
	}
	// The writes found must make the run's result.
	var sb strings.Builder
	for i := len(vals) - 1; i >= 0; i-- {
		sb.WriteString(vals[i])
	}
	if res := t.Value(ev); res.Kind() != trace.KindString || res.Str() != sb.String() {
		return definition{}
	}
	acc := maxsat.Str("")
	for i := len(pieces) - 1; i >= 0; i-- {
		if i == len(pieces)-1 {
			acc = pieces[i]
		} else {
			acc = maxsat.StrConcat(acc, pieces[i])
		}
	}
	return definition{term: acc}
}
