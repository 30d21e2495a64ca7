package encode

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

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
