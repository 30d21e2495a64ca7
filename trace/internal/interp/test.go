package interp

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Test is a test as data: a function, its arguments and an oracle.
type Test struct {
	// Name names the test in messages.
	Name string
	// Func is the function under test.
	Func *ssa.Function
	// Args are its arguments.
	Args []Value
	// Want, if non-nil, are the expected results, compared with [Equal].
	Want []Value
	// Check, if non-nil, is a predicate over a run that returned: a non-nil
	// error rejects it (its message becomes Result.Failure).
	Check func(returns []Value) error
	// WantPanic expects the run to panic: then a panic passes and a normal
	// return fails.
	WantPanic bool
}

// RunTest runs t.Func on t.Args and judges the run by t's oracle. A rejected
// run has Outcome AssertionFailed and a Failure message; with WantPanic, a
// panicking run passes (Outcome Returned, Panic kept) and a returning run
// fails. Errors are as for [Program.Run].
func (p *Program) RunTest(ctx context.Context, t Test, opts *RunOptions) (*Result, error) {
	res, err := p.Run(ctx, t.Func, t.Args, opts)
	if err != nil {
		return res, err
	}
	judge(res, t)
	return res, nil
}

func judge(res *Result, t Test) {
	switch res.Outcome {
	case Panicked:
		if t.WantPanic {
			res.Outcome = Returned
		}
		return
	case Returned:
	default:
		return
	}
	if t.WantPanic {
		res.Outcome = AssertionFailed
		res.Failure = "returned, want a panic"
		return
	}
	if t.Want != nil {
		var diffs []string
		if len(t.Want) != len(res.Returns) {
			diffs = append(diffs, fmt.Sprintf("%d results, want %d", len(res.Returns), len(t.Want)))
		} else {
			for i, w := range t.Want {
				if !Equal(res.Returns[i], w) {
					diffs = append(diffs, fmt.Sprintf("result %d = %v, want %v", i, res.Returns[i], w))
				}
			}
		}
		if len(diffs) > 0 {
			res.Outcome = AssertionFailed
			res.Failure = strings.Join(diffs, "; ")
			return
		}
	}
	if t.Check != nil {
		if err := t.Check(res.Returns); err != nil {
			res.Outcome = AssertionFailed
			res.Failure = err.Error()
		}
	}
}
