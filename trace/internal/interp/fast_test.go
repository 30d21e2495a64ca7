package interp

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// The fast form (fast.go) must be invisible: a plain run (no trace, no
// hooks) on it gives the same Result as on the naive form, which exec
// runs when RunOptions.noFast is set: outcome, results, step count,
// panic (message, position, event, stack), failure, exit code, output and
// error. Budgets are cut at many points so that stops fall inside fused
// operations.

var address = regexp.MustCompile(`0x[0-9a-f]{8,}`)

// plainOutcome runs fn plainly and formats everything its Result says.
func plainOutcome(p *Program, fn *ssa.Function, args []Value, opts RunOptions, noFast bool) (string, int64) {
	var out bytes.Buffer
	opts.NoTrace, opts.Hooks, opts.Stdout, opts.noFast = true, nil, &out, noFast
	ctx := context.Background()
	res, err := p.Run(ctx, fn, args, &opts)
	var sb strings.Builder
	if err != nil {
		msg := err.Error()
		if ie, ok := err.(*InternalError); ok {
			msg = fmt.Sprintf("internal error %v at %v", ie.Value, ie.Pos)
		}
		fmt.Fprintf(&sb, "error: %s\n", msg)
	}
	if res == nil {
		return sb.String(), 0
	}
	fmt.Fprintf(&sb, "outcome %v, steps %d, failure %q, exit %d\n", res.Outcome, res.Steps, res.Failure, res.ExitCode)
	for _, v := range res.Returns {
		fmt.Fprintf(&sb, "return %s\n", v)
	}
	if pi := res.Panic; pi != nil {
		fmt.Fprintf(&sb, "panic %q at %v event %d\n", pi.Message, pi.Pos, pi.Event)
		for _, f := range pi.Stack {
			fmt.Fprintf(&sb, "\tin %s at %v\n", f.Func, f.Pos)
		}
	}
	fmt.Fprintf(&sb, "output %q\n", out.String())
	// Programs that print pointers print addresses, which differ between
	// any two runs.
	return address.ReplaceAllString(sb.String(), "0xADDR"), res.Steps
}

// sameOnFastForm checks one run at its budget and at budgets cut short at
// seeded points, at the first steps and, if ends, right around the end;
// it returns the number of runs.
func sameOnFastForm(t *testing.T, p *Program, fn *ssa.Function, args []Value, opts RunOptions, rng *rand.Rand, cuts int, ends bool) int {
	t.Helper()
	want, steps := plainOutcome(p, fn, args, opts, true)
	got, _ := plainOutcome(p, fn, args, opts, false)
	if got != want {
		t.Errorf("%s%v: fast form\n%s\nnaive form\n%s", fn, args, got, want)
		return 1
	}
	budgets := []int64{1, 2}
	if ends {
		budgets = append(budgets, steps-1, steps)
	}
	for range cuts {
		if steps > 2 {
			budgets = append(budgets, 1+rng.Int64N(steps-1))
		}
	}
	n := 1
	for _, b := range budgets {
		if b < 1 || b >= steps && b != steps {
			continue
		}
		o := opts
		o.MaxSteps = b
		want, _ := plainOutcome(p, fn, args, o, true)
		got, _ := plainOutcome(p, fn, args, o, false)
		n++
		if got != want {
			t.Errorf("%s%v with a budget of %d steps: fast form\n%s\nnaive form\n%s", fn, args, b, got, want)
			return n
		}
	}
	return n
}

func TestFastFormExamples(t *testing.T) { fastForm.examples(t, rand.New(rand.NewPCG(3, 4))) }

// fastForm compares the fast form with the naive one (sameOnFastForm).
var fastForm = differ{same: sameOnFastForm, exampleCuts: 3, randoms: 20, corpusCuts: 6, workCuts: 20, confCuts: 2, slow: 4, noFast: true}

func TestFastFormCorpus(t *testing.T) { fastForm.corpus(t, rand.New(rand.NewPCG(5, 6))) }

func TestFastFormWork(t *testing.T) { fastForm.work(t, rand.New(rand.NewPCG(8, 9))) }

// TestFastFormConformance compares the forms on the conformance corpus.
func TestFastFormConformance(t *testing.T) { fastForm.conformance(t, rand.New(rand.NewPCG(10, 11))) }

// TestStepLimit checks run.setLimit, which both forms rely on to count
// steps in bulk: the next limit is one past the budget or the next
// periodic check, whichever comes first, even for the largest budget.
func TestStepLimit(t *testing.T) {
	for _, c := range []struct{ steps, max, want int64 }{
		{0, 10, 11},
		{0, 1 << 20, 0x4000},
		{0x4000, 1 << 20, 0x8000},
		{0x4001, 1 << 20, 0x8000},
		{0, math.MaxInt64, 0x4000},
		{1 << 40, math.MaxInt64, 1<<40 + 0x4000},
		{5, 5, 6},
	} {
		r := &run{steps: c.steps, max: c.max}
		r.setLimit()
		if r.limit != c.want {
			t.Errorf("steps %d, budget %d: limit %d, want %d", c.steps, c.max, r.limit, c.want)
		}
	}
}
