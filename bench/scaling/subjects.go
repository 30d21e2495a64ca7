package main

import (
	"fmt"

	"github.com/faultloc/faultloc/trace"
)

// loopsPkg is the import path of the loop subjects.
const loopsPkg = "github.com/faultloc/faultloc/examples/loops"

// A subject is one loop program of examples/loops with a failing test for
// every bound.
type subject struct {
	// Name is the subject's name in reports.
	Name string
	// Func is the function under test in package loops.
	Func string
	// Fault indexes the subject's //fault: marker among those of
	// examples/loops, in file and line order.
	Fault int
	// Input describes, for reports, how the input follows the bound.
	Input string
	// Case returns the arguments and the expected (correct) result of the
	// failing test at bound b.
	Case func(b int) (args []trace.Value, want int64)
}

// subjects are the three loop programs of the AgxFaults paper's scaling
// experiment (its SquareRoot, Sum and BSearch), as ported in examples/loops.
var subjects = []subject{
	{
		Name: "Sum", Func: "Sum", Fault: 0,
		Input: "n = b: the loop runs b times",
		Case: func(b int) ([]trace.Value, int64) {
			return []trace.Value{trace.Int(int64(b))}, int64(b * (b - 1) / 2)
		},
	},
	{
		Name: "Isqrt", Func: "Isqrt", Fault: 1,
		Input: "n = b²−1 (want b−1): the faulty loop runs b times",
		Case: func(b int) ([]trace.Value, int64) {
			return []trace.Value{trace.Int(int64(b*b - 1))}, int64(b - 1)
		},
	},
	{
		Name: "BinarySearch", Func: "BinarySearch", Fault: 2,
		Input: "a = 0, 2, …, 2(b−1), x = 2(b−1) (want b−1): the loop runs about log₂ b times",
		Case: func(b int) ([]trace.Value, int64) {
			a := make([]trace.Value, b)
			for i := range a {
				a[i] = trace.Int(int64(2 * i))
			}
			return []trace.Value{trace.Slice(a...), trace.Int(int64(2 * (b - 1)))}, int64(b - 1)
		},
	},
}

// test returns the failing test of s at bound b.
func (s subject) test(p *trace.Program, b int) (trace.Test, error) {
	f := p.Func(loopsPkg, s.Func)
	if f == nil {
		return trace.Test{}, fmt.Errorf("no function %s.%s", loopsPkg, s.Func)
	}
	args, want := s.Case(b)
	return trace.Test{
		Name: fmt.Sprintf("%s/b=%d", s.Name, b),
		Func: f,
		Args: args,
		Want: []trace.Value{trace.Int(want)},
	}, nil
}
