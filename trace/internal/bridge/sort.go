package bridge

import (
	"sort"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// sort's functions that take an interpreted slice or sort.Interface.
// Package sort is interpreted from source, but sort.Slice, SliceStable
// and SliceIsSorted reflect on the slice, so these stand in for them
// (interp's handBridgedSource), and Sort, Stable and IsSorted with them: on
// an interpreted slice the elements are swapped in place with their
// stores (interp.SwapElems), the less function called back; a
// sort.Interface is sorted through its interpreted methods, or natively
// if its value lives natively.
func init() {
	reg := interp.RegisterBridge
	reg("sort.Slice", sortSlice(false))
	reg("sort.SliceStable", sortSlice(true))
	reg("sort.SliceIsSorted", func(c interp.Call, args []interp.Value) interp.Value {
		x := args[0]
		if x.Kind() != interp.KindInterface || x.IsNil() {
			return interp.Bool(true)
		}
		for i := x.Elem().Len() - 1; i > 0; i-- {
			if c.CallValue(args[1], []interp.Value{interp.Int(int64(i)), interp.Int(int64(i - 1))}).Bool() {
				return interp.Bool(false)
			}
		}
		return interp.Bool(true)
	})
	reg("sort.Sort", sortSort(false))
	reg("sort.Stable", sortSort(true))
	reg("sort.IsSorted", func(c interp.Call, args []interp.Value) interp.Value {
		x := args[0]
		if x.IsNil() {
			c.RuntimeError(nilDeref)
		}
		if nat := interp.NativeDynamic(x); nat != nil {
			return interp.Bool(sort.IsSorted(nat.(sort.Interface)))
		}
		return interp.Bool(sort.IsSorted(ifaceSorter{c, x}))
	})
}

// sliceSorter sorts the interpreted slice s with the interpreted less.
type sliceSorter struct {
	c       interp.Call
	s, less interp.Value
}

// Len is the slice's length.
func (s sliceSorter) Len() int { return s.s.Len() }

// Less calls the interpreted less function.
func (s sliceSorter) Less(i, j int) bool {
	return s.c.CallValue(s.less, []interp.Value{interp.Int(int64(i)), interp.Int(int64(j))}).Bool()
}

// Swap exchanges two elements of the interpreted slice.
func (s sliceSorter) Swap(i, j int) { interp.SwapElems(s.s, i, j) }

func sortSlice(stable bool) func(interp.Call, []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		x := args[0]
		if x.Kind() != interp.KindInterface || x.IsNil() || x.Elem().Kind() != interp.KindSlice {
			panic(&interp.BridgeError{Func: "sort.Slice", CallSite: c.Pos(), Reason: "argument is not an interpreted slice"})
		}
		s := sliceSorter{c, x.Elem(), args[1]}
		if stable {
			sort.Stable(s)
		} else {
			sort.Sort(s)
		}
		return interp.Value{}
	}
}

// ifaceSorter is an interpreted sort.Interface value x.
type ifaceSorter struct {
	c interp.Call
	x interp.Value
}

// Len calls the interpreted Len method.
func (s ifaceSorter) Len() int { return int(s.c.CallMethod(s.x, "Len", nil).Int()) }

// Less calls the interpreted Less method.
func (s ifaceSorter) Less(i, j int) bool {
	return s.c.CallMethod(s.x, "Less", []interp.Value{interp.Int(int64(i)), interp.Int(int64(j))}).Bool()
}

// Swap calls the interpreted Swap method.
func (s ifaceSorter) Swap(i, j int) {
	s.c.CallMethod(s.x, "Swap", []interp.Value{interp.Int(int64(i)), interp.Int(int64(j))})
}

func sortSort(stable bool) func(interp.Call, []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		x := args[0]
		if x.IsNil() {
			c.RuntimeError(nilDeref)
		}
		var data sort.Interface = ifaceSorter{c, x}
		if nat := interp.NativeDynamic(x); nat != nil {
			data = nat.(sort.Interface)
		}
		if stable {
			sort.Stable(data)
		} else {
			sort.Sort(data)
		}
		return interp.Value{}
	}
}
