package search

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"

	"github.com/faultloc/faultloc/trace"
)

// TestEndlessBudget: a failing run that ran out of the default step
// budget in a loop is localized over the loop's first steps, whether the
// budget ran out in the loop's own frame or in a function its body calls
// (then the loop's frame is the caller's, and the budget is not the ten
// million steps of the whole run).
func TestEndlessBudget(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.Subject("endless")}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Spin", "SpinCalls"} {
		fn := prog.Func(testutil.SubjectPkg("endless"), name)
		sub := &Subject{Prog: prog, Case: prog.TestCase(trace.Test{Name: name, Func: fn, Args: []trace.Value{trace.Int(1)}, Want: []trace.Value{trace.Int(0)}})}
		v, err := sub.Run(ctx, &trace.RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		budget, ok := EndlessBudget(v, 0)
		v.Release()
		if !ok || budget > 2*EndlessSteps {
			t.Errorf("%s: endless budget %d, %v; want at most %d steps", name, budget, ok, 2*EndlessSteps)
		}
	}
}
