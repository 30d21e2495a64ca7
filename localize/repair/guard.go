package repair

import (
	"go/types"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/trace"
)

// Guard is a guard to insert before the statement of a site: `if Cond {
// return Result }`, the repair of a missing early exit.
type Guard struct {
	Cond string `json:"cond"` // Go source, over the variables in scope
	// Result is the value returned, as Go source; "" for a function
	// without results.
	Result string `json:"result,omitempty"`
	// Size counts the condition's and the result's operands and
	// operators.
	Size int `json:"size"`
}

// String returns the guard as one line of Go.
func (g Guard) String() string {
	if g.Result == "" {
		return "if " + g.Cond + " { return }"
	}
	return "if " + g.Cond + " { return " + g.Result + " }"
}

// guards enumerates the guards to insert before the statement of the
// data's site, a return, an assignment, or a value or condition
// evaluated each time the statement runs (the left operand of && in
// `if a > 0 && b {`, not b), smallest first, up to MaxFixes. A
// condition is a Boolean expression of the synthesis (over the
// variables in scope at every instance and the constants of the code)
// that is false at every
// instance of every passing run, so that no passing run changes, and
// true at an instance of every failing run. The result, for a function
// of one basic result, is a variable in scope or a constant of its
// type, or its zero value; at a return site, only those that equal the
// angelic value of each rescued failing run where the guard first
// holds. Whether the early return makes the failing runs pass is left
// to the validation, which runs the package's tests on the patch.
func (s *synth) guards(layers [][]*term) []Guard {
	d := s.d
	// The instances must be the statement's executions, so that a
	// condition false at each passing instance leaves every passing run
	// as it was: a return's or an assignment's value is produced each
	// time its statement runs, and so is a value or condition that no
	// right operand of && or || holds (Site.once); another operand of
	// && or || not always.
	if d.Site.Kind != ReturnSite && d.Site.Kind != AssignmentSite && !d.Site.once || d.Site.stmt < 0 || d.Site.src == nil || d.Site.fn == nil {
		return nil
	}
	res := d.Site.fn.Signature.Results()
	var results []*term // nil element: no result
	switch {
	case res.Len() == 0:
		results = []*term{nil}
	case res.Len() == 1:
		results = s.resultTerms(layers[1], res.At(0).Type())
	}
	if len(results) == 0 {
		return nil
	}
	var out []Guard
	for size := 1; size < len(layers) && len(out) < s.opts.MaxFixes; size++ {
		for _, c := range layers[size] {
			if basicInfo(c.typ)&types.IsBoolean == 0 || !simple(d.Site.Replaced) && strings.Contains(c.text, d.Site.Replaced) {
				continue // not a condition, or built on the site's own expression
			}
			first, ok := s.guardFires(c)
			if !ok {
				continue
			}
			for _, r := range results {
				g := Guard{Cond: c.text, Size: c.size}
				if r != nil {
					if d.Site.Kind == ReturnSite && !s.returns(r, first) {
						continue
					}
					g.Result, g.Size = r.text, g.Size+r.size
				}
				out = append(out, g)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Guard) int { return a.Size - b.Size })
	return out[:min(len(out), s.opts.MaxFixes)]
}

// guardFires reports whether condition c is false at every instance of
// the passing runs and true at some instance of each failing run; first
// gives, for each failing run, the index in s.flat of its first
// instance where c holds.
func (s *synth) guardFires(c *term) (first map[int]int, ok bool) {
	first = map[int]int{}
	for i, f := range s.flat {
		run := s.d.Runs[f.run]
		if !c.vals[i].Bool() {
			continue
		}
		if !run.Failing {
			return nil, false
		}
		if _, seen := first[f.run]; !seen {
			first[f.run] = i
		}
	}
	for ri, run := range s.d.Runs {
		if _, seen := first[ri]; run.Failing && !seen {
			return nil, false
		}
	}
	return first, true
}

// returns reports whether result term r has, where the guard first
// holds in each rescued failing run, that instance's angelic value.
func (s *synth) returns(r *term, first map[int]int) bool {
	for ri, i := range first {
		run := s.d.Runs[ri]
		if !run.Rescued {
			continue
		}
		if !trace.Equal(r.vals[i], run.Instances[s.flat[i].inst].Value) {
			return false
		}
	}
	return true
}

// resultTerms returns the terms of size 1 that a function returning typ
// can return: the variables of that type, the constants it represents,
// and its zero value when no constant is it.
func (s *synth) resultTerms(leaves []*term, typ types.Type) []*term {
	if basicInfo(typ) == 0 {
		return nil
	}
	var out []*term
	zero, _ := zero(typ)
	hasZero := false
	for _, t := range leaves {
		if t.bin {
			continue // the site's own expression
		}
		vals := t.vals
		if t.typ == nil {
			var ok bool
			if vals, ok = convertAll(t.vals, typ); !ok {
				continue
			}
		} else if !types.Identical(t.typ, typ) {
			continue
		}
		if len(vals) > 0 && trace.Equal(vals[0], zero) && t.typ == nil {
			hasZero = true
		}
		out = append(out, &term{text: t.text, typ: typ, size: 1, vals: vals})
	}
	if !hasZero && zero.IsValid() {
		text := zero.String()
		if basicInfo(typ)&types.IsString != 0 {
			text = `""`
		}
		vals := make([]trace.Value, len(s.flat))
		for i := range vals {
			vals[i] = zero
		}
		out = append(out, &term{text: text, typ: typ, size: 1, vals: vals})
	}
	return out
}

// indentOf returns the white space that starts the line of offset off
// in src.
func indentOf(src []byte, off int) string {
	start := off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	line := string(src[start:off])
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}
