package encode

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestRecoveredSanity: runs that stop their own run-time error with a
// deferred recover (an index out of range, a zero divisor, a nil
// dereference; testdata/recovered) record the faulting instruction's
// event, which has no value and whose condition is false in the run.
// Encoded with their own results as the expected ones and Options.Sanity
// on, which fails when the run's values violate a constraint, they hold:
// the recovered panic is left out of the formula, the run going on
// through the recover.
func TestRecoveredSanity(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/recovered"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/encode/testdata/recovered"
	for _, tt := range []struct {
		fn   string
		args []int64
	}{
		{"At", []int64{5}},
		{"At", []int64{1}},
		{"Quotient", []int64{7, 0}},
		{"Quotient", []int64{7, 2}},
		{"Half", []int64{0}},
		{"Half", []int64{8}},
	} {
		var args []trace.Value
		for _, a := range tt.args {
			args = append(args, trace.Int(a))
		}
		test := trace.Test{Name: tt.fn, Func: prog.Func(pkg, tt.fn), Args: args}
		if _, err := selfSanity(ctx, prog, test); err != nil {
			t.Errorf("%s%v: %v", tt.fn, tt.args, err)
		}
	}
}
