package search

import (
	"context"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
)

// InstrText is an instruction's text as encode reports it
// (encode.Angelic.Instr): a value's "name = instruction", "parameter"
// for nil.
func InstrText(in ssa.Instruction) string {
	if in == nil {
		return "parameter"
	}
	if v, ok := in.(ssa.Value); ok {
		return v.Name() + " = " + in.String()
	}
	return in.String()
}

// Ordinal formats n as "1st", "2nd", "3rd", "4th", ..., as the
// techniques name an instance's iteration or call.
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// AnyModel is a Hooks.Model that keeps the correction set's own model:
// any value will do, for a search that wants a value, not one near the
// run's (whose preference checks would cost more than the search).
func AnyModel(context.Context, *maxsat.Solver, *encode.Encoder, *maxsat.MCS) (*maxsat.Model, error) {
	return nil, nil
}
