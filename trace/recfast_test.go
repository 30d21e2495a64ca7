package trace

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// execRec (recfast.go) must be invisible: a recorded run without hooks
// gives the same Result and the same trace as on exec, which recorded runs
// take when RunOptions.noRecFast is set: outcome, results, step count,
// panic (message, position, event, stack), failure, exit code, output and
// error, and every event's static instruction (hence position),
// occurrence, value (pointers matched one to one), dependences, control
// parent, goroutine, call, depth and callee (sameTrace). Budgets are cut at
// seeded points so that runs stop everywhere.

// recordedOutcome records fn's run and formats everything its Result says
// but the trace, which it returns.
func recordedOutcome(p *Program, fn *ssa.Function, args []Value, opts RunOptions, noRecFast bool) (string, int64, *Trace) {
	var out bytes.Buffer
	opts.NoTrace, opts.Hooks, opts.Stdout, opts.noRecFast = false, nil, &out, noRecFast
	res, err := p.Run(context.Background(), fn, args, &opts)
	var sb strings.Builder
	if err != nil {
		msg := err.Error()
		if ie, ok := err.(*InternalError); ok {
			msg = fmt.Sprintf("internal error %v at %v", ie.Value, ie.Pos)
		}
		fmt.Fprintf(&sb, "error: %s\n", msg)
	}
	if res == nil {
		return sb.String(), 0, nil
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
	return address.ReplaceAllString(sb.String(), "0xADDR"), res.Steps, res.Trace
}

// sameRecorded compares one recorded run and its trace on execRec and on
// exec, and again at budgets cut short at seeded points (and right around
// the end); it returns the number of runs compared.
func sameRecorded(t *testing.T, p *Program, fn *ssa.Function, args []Value, opts RunOptions, rng *rand.Rand, cuts int) int {
	t.Helper()
	cmp := func(o RunOptions) (int64, bool) {
		want, steps, wt := recordedOutcome(p, fn, args, o, true)
		got, _, gt := recordedOutcome(p, fn, args, o, false)
		defer func() {
			if wt != nil {
				wt.Release()
			}
			if gt != nil {
				gt.Release()
			}
		}()
		if got != want {
			t.Errorf("%s%v with a budget of %d steps: execRec\n%s\nexec\n%s", fn, args, o.MaxSteps, got, want)
			return steps, false
		}
		if (wt == nil) != (gt == nil) {
			t.Errorf("%s%v with a budget of %d steps: trace %v on execRec, %v on exec", fn, args, o.MaxSteps, gt != nil, wt != nil)
			return steps, false
		}
		if wt != nil {
			if err := sameTrace(wt, gt); err != nil {
				t.Errorf("%s%v with a budget of %d steps: exec, then execRec: %v", fn, args, o.MaxSteps, err)
				return steps, false
			}
		}
		return steps, true
	}
	steps, ok := cmp(opts)
	if !ok {
		return 1
	}
	budgets := []int64{1, 2, steps - 1}
	for range cuts {
		if steps > 2 {
			budgets = append(budgets, 1+rng.Int64N(steps-1))
		}
	}
	n := 1
	for _, b := range budgets {
		if b < 1 || b >= steps {
			continue
		}
		o := opts
		o.MaxSteps = b
		n++
		if _, ok := cmp(o); !ok {
			return n
		}
	}
	return n
}

func TestRecFastExamples(t *testing.T) {
	p := loadExamples(t)
	rng := rand.New(rand.NewPCG(13, 14))
	runs := 0
	for _, s := range subjects() {
		fn := p.Func(examplesPath+s.pkg, s.fn)
		inputs := append([][]int(nil), s.cases...)
		for range 10 {
			inputs = append(inputs, s.random(rng))
		}
		for _, in := range inputs {
			args := make([]Value, len(in))
			for i, x := range in {
				args[i] = Int(int64(x))
			}
			runs += sameRecorded(t, p, fn, args, RunOptions{}, rng, 2)
		}
	}
	t.Logf("%d runs compared", runs)
}

// TestRecFastTCAS compares the fault-free TCAS on a seeded sample of its
// test universe (usage errors and index panics included).
func TestRecFastTCAS(t *testing.T) {
	tests, err := tcas.Universe()
	if err != nil {
		t.Fatal(err)
	}
	p := load(t, "./examples/tcas")
	fn := p.Func("github.com/faultloc/faultloc/examples/tcas", "Main")
	if fn == nil {
		t.Fatal("tcas.Main not found")
	}
	rng := rand.New(rand.NewPCG(15, 16))
	runs := 0
	for i, tc := range tests {
		if i%40 != 0 && len(tc.Args) == 12 {
			continue // a sample of the well-formed tests, all the others
		}
		args := make([]Value, len(tc.Args))
		for i, a := range tc.Args {
			args[i] = Int(int64(a))
		}
		runs += sameRecorded(t, p, fn, []Value{Slice(args...)}, RunOptions{}, rng, 1)
	}
	t.Logf("%d runs compared", runs)
}

func TestRecFastCorpus(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	rng := rand.New(rand.NewPCG(17, 18))
	runs := 0
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range corpus.Programs {
			if !yield(n) {
				return
			}
		}
	}) {
		fn := p.Func(corpusPkg, name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		for _, seed := range []int64{0, 7} {
			runs += sameRecorded(t, p, fn, nil, RunOptions{Seed: seed}, rng, 4)
		}
		for _, maxAlloc := range []int64{100, 1000, 10000} {
			runs += sameRecorded(t, p, fn, nil, RunOptions{MaxAlloc: maxAlloc}, rng, 1)
		}
	}
	t.Logf("%d runs compared", runs)
}

func TestRecFastWork(t *testing.T) {
	p := load(t, "./internal/cmd/interpbench/work")
	rng := rand.New(rand.NewPCG(19, 20))
	runs := 0
	for _, name := range []string{"SumSquares", "TCAS", "Classify"} {
		fn := p.Func(workPkg, name)
		for _, n := range []int64{0, 1, 7, 100} {
			runs += sameRecorded(t, p, fn, []Value{Int(n)}, RunOptions{MaxSteps: 1 << 30}, rng, 10)
			runs += sameRecorded(t, p, fn, []Value{Int(n)}, RunOptions{MaxSteps: 1 << 30, MaxAlloc: 2000}, rng, 1)
		}
	}
	t.Logf("%d runs compared", runs)
}

// TestRecFastConformance compares on every program of the conformance
// corpus that loads and is not among the slow ones, with a budget of twice
// its steps and cut short at seeded points.
func TestRecFastConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("the conformance corpus takes a while; skipped with -short")
	}
	t.Setenv("GOSSAINTERP", "1")
	progs := conformanceCorpus(t)
	dir, pkgs := conformanceModule(t, progs)
	loaded, _ := loadConformance(dir, progs, pkgs)
	rng := rand.New(rand.NewPCG(21, 22))
	runs, programs := 0, 0
	for _, cp := range progs {
		prog := loaded[cp]
		if cp.skip != "" || prog == nil {
			continue
		}
		fn := prog.Func(pkgs[cp], "main")
		if fn == nil {
			continue
		}
		_, steps := plainOutcome(prog, fn, nil, RunOptions{MaxSteps: conformanceSteps}, false)
		if steps >= conformanceSteps/8 {
			continue // the slow ones
		}
		programs++
		runs += sameRecorded(t, prog, fn, nil, RunOptions{MaxSteps: max(2*steps, 100)}, rng, 1)
	}
	t.Logf("%d programs, %d runs compared", programs, runs)
	if programs == 0 {
		fmt.Fprintln(os.Stderr, "no conformance program ran")
		t.Fail()
	}
}
