package slicing

import (
	"go/constant"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// ElementReads returns the events that read the elements at the given
// positions of an input: indexing events (x[i] on a string or array value,
// &x[i] on a slice or array pointer) whose operand x is derived, through data
// dependences alone, from one of the roots (typically the parameter event of
// a string or slice input, see [trace.Trace.Inputs]) and whose index is one
// of positions. They are the sources for a forward slice of part of an input,
// as the chops paper's failure-inducing input difference is. The runes of a
// range loop over a string count as reads of the byte position they start
// at (the loop's key). Elements read by other means (copy, conversions to
// []rune, standard-library calls) are not found; slice whole inputs then.
func (g *Graph) ElementReads(roots []trace.EventID, positions []int) ([]trace.EventID, error) {
	rs, err := g.check(roots)
	if err != nil {
		return nil, err
	}
	want := map[int64]bool{}
	for _, p := range positions {
		want[int64(p)] = true
	}
	t := g.t
	derived := g.c.forwardData(rs)
	var out []trace.EventID
	var buf []trace.EventID
	lo := int32(g.c.n())
	for _, r := range rs {
		lo = min(lo, r)
	}
	for i := lo; i < int32(g.c.n()); i++ {
		e := trace.EventID(i)
		var x, idx ssa.Value
		switch in := t.Instr(e).(type) {
		case *ssa.Index:
			x, idx = in.X, in.Index
		case *ssa.IndexAddr:
			x, idx = in.X, in.Index
		case *ssa.Extract:
			// The rune of a range loop over a string: extract #2 of a
			// Next whose iterator ranges over the input.
			if in.Index == 2 && rangeReads(t, e, in, derived, want) {
				out = append(out, e)
			}
			continue
		default:
			continue
		}
		buf = t.Deps(e, buf[:0])
		fromInput := false
		var at int64 = -1
		if c, ok := idx.(*ssa.Const); ok && c.Value != nil {
			at, _ = constant.Int64Val(constant.ToInt(c.Value))
		}
		for _, d := range buf {
			v := t.SSAValue(d)
			if v == x && derived.has(int32(d)) {
				fromInput = true
			}
			if v == idx {
				at = t.Value(d).Int()
			}
		}
		if fromInput && want[at] {
			out = append(out, e)
		}
	}
	return out, nil
}

// rangeReads reports whether the Extract event e (the rune of a range over
// a string) reads a wanted position of an input: its Next's iterator is
// derived from the input, and the key Next produced is wanted.
func rangeReads(t *trace.Trace, e trace.EventID, ex *ssa.Extract, derived bitset, want map[int64]bool) bool {
	next, ok := ex.Tuple.(*ssa.Next)
	if !ok || !next.IsString {
		return false
	}
	var buf [2]trace.EventID
	for _, d := range t.Deps(e, buf[:0]) {
		if t.SSAValue(d) != next {
			continue
		}
		v := t.Value(d)
		if v.Kind() != trace.KindTuple || v.Len() < 2 {
			return false
		}
		if !want[v.Index(1).Int()] {
			return false
		}
		for _, it := range t.Deps(d, nil) {
			if t.SSAValue(it) == next.Iter && derived.has(int32(it)) {
				return true
			}
		}
	}
	return false
}
