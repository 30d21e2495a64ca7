package printf

import (
	"errors"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Args returns the stores of the values call passes in its variadic
// parameter, by position: the i-th stores the i-th value into the array
// the SSA builder allocated for the call. It returns none, and no error,
// when call passes no value there (a nil slice). It is an error if call's
// function is not variadic, or if its last argument is not made as the
// builder makes a call's variadic arguments: an existing slice passed
// with "...", or an array whose elements are not each stored exactly
// once, at a constant index, or that is used for more than the call.
func Args(call *ssa.Call) ([]*ssa.Store, error) {
	args := call.Call.Args
	if !call.Call.Signature().Variadic() || len(args) == 0 {
		return nil, errors.New("printf: not a call of a variadic function")
	}
	v := args[len(args)-1]
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, nil
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, errors.New("printf: arguments passed as a slice (...)")
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok || arr.Comment != "varargs" {
		return nil, errors.New("printf: arguments passed as a slice (...)")
	}
	at, ok := types.Unalias(arr.Type()).(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, errors.New("printf: arguments passed as a slice (...)")
	}
	stores := make([]*ssa.Store, at.Len())
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.Slice:
			if r != sl {
				return nil, errors.New("printf: the arguments' array is sliced twice")
			}
		case *ssa.IndexAddr:
			k, ok := r.Index.(*ssa.Const)
			if !ok {
				return nil, errors.New("printf: arguments stored at a computed index")
			}
			i := k.Int64()
			if i < 0 || i >= int64(len(stores)) {
				return nil, errors.New("printf: arguments stored out of the array")
			}
			if r.Referrers() == nil || len(*r.Referrers()) != 1 || stores[i] != nil {
				return nil, fmt.Errorf("printf: argument %d not stored once", i+1)
			}
			st, ok := (*r.Referrers())[0].(*ssa.Store)
			if !ok || st.Addr != r {
				return nil, fmt.Errorf("printf: argument %d not stored once", i+1)
			}
			stores[i] = st
		default:
			return nil, errors.New("printf: the arguments' array is used for more than the call")
		}
	}
	for i, st := range stores {
		if st == nil {
			return nil, fmt.Errorf("printf: argument %d not stored", i+1)
		}
	}
	return stores, nil
}

// Method returns the name of the method through which fmt may format a
// value whose dynamic type is t: String, Error, Format or GoString (the
// first of them that t's method set has), or "" if it has none.
func Method(t types.Type) string {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error", "Format", "GoString"} {
		if ms.Lookup(nil, name) != nil {
			return name
		}
	}
	return ""
}
