package interp

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// execRec (recfast.go) must be invisible: a recorded run without hooks
// gives the same Result and the same trace as on exec, which recorded runs
// take when RunOptions.noRecFast is set: outcome, results, step count,
// panic (message, position, event, stack), failure, exit code, output and
// error, and every event's static instruction (hence position),
// occurrence, value (pointers matched one to one), dependences, control
// parent, goroutine, call, depth and callee (sameTrace). Budgets are cut at
// seeded points so that runs stop everywhere. The oracle also stores every
// dependence (RunOptions.noStaticDeps), so that the dependences execRec,
// recRun and addIns leave implied (see setStaticDeps) are checked too.

// recordedOutcome records fn's run and formats everything its Result says
// but the trace, which it returns.
func recordedOutcome(p *Program, fn *ssa.Function, args []Value, opts RunOptions, noRecFast bool) (string, int64, *Trace) {
	var out bytes.Buffer
	opts.NoTrace, opts.Hooks, opts.Stdout, opts.noRecFast, opts.noStaticDeps = false, nil, &out, noRecFast, noRecFast || opts.noStaticDeps
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
// exec, and again at budgets cut short at seeded points, at the first
// steps and, if ends, right before the end; it returns the number of
// runs compared.
func sameRecorded(t *testing.T, p *Program, fn *ssa.Function, args []Value, opts RunOptions, rng *rand.Rand, cuts int, ends bool) int {
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
	budgets := []int64{1, 2}
	if ends {
		budgets = append(budgets, steps-1)
	}
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

func TestRecFastExamples(t *testing.T) { recFast.examples(t, rand.New(rand.NewPCG(13, 14))) }

// TestRecFastTCAS compares the fault-free TCAS on a seeded sample of its
// test universe (usage errors and index panics included).
func TestRecFastTCAS(t *testing.T) {
	tests, p, fn := tcasMain(t)
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
		runs += sameRecorded(t, p, fn, []Value{Slice(args...)}, RunOptions{}, rng, 1, true)
	}
	t.Logf("%d runs compared", runs)
}

// recFast compares execRec with exec (sameRecorded).
var recFast = differ{same: sameRecorded, exampleCuts: 2, randoms: 10, corpusCuts: 4, workCuts: 10, confCuts: 1, slow: 8, noFast: false}

func TestRecFastCorpus(t *testing.T) { recFast.corpus(t, rand.New(rand.NewPCG(17, 18))) }

func TestRecFastWork(t *testing.T) { recFast.work(t, rand.New(rand.NewPCG(19, 20))) }

// TestRecFastConformance compares on the conformance corpus.
func TestRecFastConformance(t *testing.T) { recFast.conformance(t, rand.New(rand.NewPCG(21, 22))) }

// recEach is recFast with recRun's runs of simple instructions recorded
// one event at a time (recRunEach, the path recRun takes when the
// chunks may lack room), so that both of its paths are compared with
// exec on every subject, not only at chunk ends.
var recEach = differ{same: sameRecordedWith(func(o *RunOptions) { o.noRecWide = true }),
	exampleCuts: 1, randoms: 3, corpusCuts: 2, workCuts: 4, confCuts: 1, slow: 8, part: 1}

// sameRecordedWith is sameRecorded on runs whose options set changes.
func sameRecordedWith(set func(*RunOptions)) func(*testing.T, *Program, *ssa.Function, []Value, RunOptions, *rand.Rand, int, bool) int {
	return func(t *testing.T, p *Program, fn *ssa.Function, args []Value, opts RunOptions, rng *rand.Rand, cuts int, ends bool) int {
		set(&opts)
		return sameRecorded(t, p, fn, args, opts, rng, cuts, ends)
	}
}

func TestRecEachExamples(t *testing.T) { recEach.examples(t, rand.New(rand.NewPCG(23, 24))) }

func TestRecEachCorpus(t *testing.T) { recEach.corpus(t, rand.New(rand.NewPCG(25, 26))) }

func TestRecEachWork(t *testing.T) { recEach.work(t, rand.New(rand.NewPCG(27, 28))) }

// recNoHot is recFast without hot blocks (RunOptions.noHot), so that
// recRun is compared with exec on the blocks recBlocks takes otherwise.
var recNoHot = differ{same: sameRecordedWith(func(o *RunOptions) { o.noHot = true }),
	exampleCuts: 1, randoms: 3, corpusCuts: 2, workCuts: 4, confCuts: 1, slow: 8, part: 2}

// recGen is recFast with every dependence stored on execRec's side too
// (RunOptions.noStaticDeps), so that the hot blocks' general opcodes
// (hotBlock.gen), which such runs take instead of the implied ones, and
// recRun's and addIns's paths for dependences outside the segment are
// compared with exec.
var recGen = differ{same: sameRecordedWith(func(o *RunOptions) { o.noStaticDeps = true }),
	exampleCuts: 1, randoms: 3, corpusCuts: 2, workCuts: 4, confCuts: 1, slow: 8, part: 3}

func TestRecGenExamples(t *testing.T) { recGen.examples(t, rand.New(rand.NewPCG(33, 34))) }

func TestRecGenCorpus(t *testing.T) { recGen.corpus(t, rand.New(rand.NewPCG(35, 36))) }

func TestRecGenWork(t *testing.T) { recGen.work(t, rand.New(rand.NewPCG(37, 38))) }

func TestRecNoHotCorpus(t *testing.T) { recNoHot.corpus(t, rand.New(rand.NewPCG(29, 30))) }

func TestRecNoHotWork(t *testing.T) { recNoHot.work(t, rand.New(rand.NewPCG(31, 32))) }
