package encode

import (
	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// maxOriginDepth bounds how many copies errorText follows back.
const maxOriginDepth = 12

// errorText encodes err.Error() (call, at event ev, an invocation of
// Error on an interface) when err was made by errors.New(s) or by
// fmt.Errorf with a format sprintf models: its text is s's term, or the
// formatted string. The error value is followed back from the call
// through the copies of it the trace links: returns and call results,
// tuple results, parameters, stores and loads, φs and interface
// conversions; the text's run value must be the one computed. Anything
// else (an error type of the program's, a wrapped error) is not
// modelled.
func (e *Encoder) errorText(r *run, ev trace.EventID, call *ssa.Call) definition {
	t := r.t
	d := t.Producer(ev, call.Call.Value)
	for depth := 0; d != trace.NoEvent && depth < maxOriginDepth; depth++ {
		if t.Instr(d) == nil { // a parameter: the caller's argument
			p, ok := t.SSAValue(d).(*ssa.Parameter)
			c := t.CallOf(d)
			if !ok || c == trace.NoEvent {
				return definition{}
			}
			ci, ok := t.Instr(c).(ssa.CallInstruction)
			if !ok {
				return definition{}
			}
			args := ci.Common().Args
			if ci.Common().IsInvoke() {
				args = append([]ssa.Value{ci.Common().Value}, args...)
			}
			idx := -1
			for i, q := range p.Parent().Params {
				if q == p {
					idx = i
				}
			}
			if idx < 0 || idx >= len(args) {
				return definition{}
			}
			d = t.Producer(c, args[idx])
			continue
		}
		switch in := t.Instr(d).(type) {
		case *ssa.Call:
			fn, ok := in.Call.Value.(*ssa.Function)
			if !ok || in.Call.IsInvoke() || fn.Pkg == nil {
				return definition{}
			}
			var text *maxsat.Term
			switch fn.Pkg.Pkg.Path() + "." + fn.Name() {
			case "errors.New":
				text = e.operand(r, d, in.Call.Args[0])
				v, ok := e.operandValue(r, d, in.Call.Args[0])
				if !ok || v.Kind() != trace.KindString || !sameText(t, ev, v.Str()) {
					return definition{}
				}
			case "fmt.Errorf":
				def := e.sprintf(r, d, in)
				// The run's text: the message of the error Errorf made.
				if def.term == nil || !sameText(t, ev, t.Value(d).String()) {
					return definition{}
				}
				text = def.term
			}
			return definition{term: text}
		case *ssa.Return:
			if len(in.Results) != 1 {
				return definition{}
			}
			d = t.Producer(d, in.Results[0])
		case *ssa.Extract:
			next := trace.EventID(trace.NoEvent)
			for _, dep := range t.Deps(d, nil) {
				if ret, ok := t.Instr(dep).(*ssa.Return); ok && in.Index < len(ret.Results) {
					next = t.Producer(dep, ret.Results[in.Index])
				}
			}
			d = next
		case *ssa.MakeInterface:
			d = t.Producer(d, in.X)
		case *ssa.ChangeInterface:
			d = t.Producer(d, in.X)
		case *ssa.UnOp: // a load: the store it read
			next := trace.EventID(trace.NoEvent)
			for _, dep := range t.Deps(d, nil) {
				if st, ok := t.Instr(dep).(*ssa.Store); ok && t.SSAValue(dep) != in.X {
					next = t.Producer(dep, st.Val)
					break
				}
			}
			d = next
		case *ssa.Phi:
			next := trace.EventID(trace.NoEvent)
			for _, dep := range t.Deps(d, nil) {
				for _, v := range in.Edges {
					if produces(t, dep, v) {
						next = dep
					}
				}
			}
			d = next
		default:
			return definition{}
		}
	}
	return definition{}
}

// sameText reports whether the Error call at event ev returned s.
func sameText(t *trace.Trace, ev trace.EventID, s string) bool {
	v := t.Value(ev)
	return v.Kind() == trace.KindString && v.Str() == s
}
