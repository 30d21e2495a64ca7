package interp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/trace/internal/corpus"
	"golang.org/x/tools/go/ssa"
)

// differ compares two ways of running a program (the fast form against
// the naive one, the specialised recorder against the general one) on the
// shared subjects below; same runs fn once per way, at its full budget,
// at the budgets of one and two steps, at cuts seeded cut points and, if
// ends, at the budgets right around the run's end, and returns the
// number of runs compared.
type differ struct {
	same func(t *testing.T, p *Program, fn *ssa.Function, args []Value, opts RunOptions, rng *rand.Rand, cuts int, ends bool) int
	// cuts per run of an example, of a corpus program, of a workload, of
	// a conformance program; randoms: seeded random inputs per example,
	// besides its cases. Without the build tag long a corpus program
	// gets half of corpusCuts (rounded up).
	exampleCuts, corpusCuts, workCuts, confCuts int
	randoms                                     int
	// slow: conformance programs using more than conformanceSteps/slow
	// steps are left out.
	slow int64
	// noFast is plainOutcome's argument when measuring their steps.
	noFast bool
	// part, from 1 to corpusParts, is the share of the corpus that corpus
	// compares on without the build tag long: the programs whose index
	// in name order is part-1 modulo corpusParts. 0: every program.
	part int
}

// corpusParts is how many shares the corpus is dealt into for the
// differs that set part: recEach, recGen and recNoHot, which take
// recFast's recorded path with one of its fast paths off and each cost
// about as much as recFast. Dealt to them, every program but the costliest
// from source (see corpus) is compared with one of the three, and every program
// on recFast's path; with the build tag long (.ci/run runs them) each
// compares on every program.
const corpusParts = 3

// examples compares on the examples' functions, on their cases and on
// seeded random inputs.
func (d differ) examples(t *testing.T, rng *rand.Rand) {
	p := loadExamples(t)
	runs := 0
	for _, s := range subjects() {
		fn := p.Func(examplesPath+s.pkg, s.fn)
		inputs := append([][]int(nil), s.cases...)
		for range d.randoms {
			inputs = append(inputs, s.random(rng))
		}
		for _, in := range inputs {
			args := make([]Value, len(in))
			for i, x := range in {
				args[i] = Int(int64(x))
			}
			runs += d.same(t, p, fn, args, RunOptions{}, rng, d.exampleCuts, true)
		}
	}
	t.Logf("%d runs compared", runs)
}

// corpus compares on every program of trace/internal/corpus (or on its
// share, d.part) with two map seeds and three allocation budgets (which
// stop runs inside fused allocations too); without the build tag long,
// each program with one of the seeds and one of the budgets, dealt in
// turn, so that every seed and budget is still compared on a third of
// the programs or more. The costliest programs of the
// encoders interpreted from source (fromSourceCostly: each run is long,
// and JSONTrees' recurses a thousand frames deep) are compared, but with
// the build tag long (.ci/run runs them), with one seed, one cut and one
// budget, not at the budgets around the end (whose last steps return the
// program's string as every other program's do), and only by the
// differs that take the whole corpus (recFast, the fast form), not by
// those dealt a share. The five tests that do so, seconds
// of CPU each, run in parallel with each other: they share only the
// loaded corpus, which is safe for concurrent runs.
func (d differ) corpus(t *testing.T, rng *rand.Rand) {
	t.Parallel()
	p := load(t, "./trace/internal/corpus")
	runs := 0
	for i, name := range slices.Sorted(func(yield func(string) bool) {
		for n := range corpus.Programs {
			if !yield(n) {
				return
			}
		}
	}) {
		if d.part > 0 && !longtest.Enabled && i%corpusParts != d.part-1 || realTimed[name] {
			continue
		}
		fn := p.Func(corpusPkg, name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		seeds, cuts, ends, allocs := []int64{0, 7}, d.corpusCuts, true, []int64{100, 1000, 10000}
		if !longtest.Enabled {
			// One seed and one budget a program, dealt in turn over the
			// programs this differ compares on, and half the seeded
			// cuts (the first steps and the end are cut still).
			cuts = (cuts + 1) / 2
			k := i
			if d.part > 0 {
				k = i / corpusParts
			}
			seeds, allocs = seeds[k%len(seeds):][:1], allocs[k%len(allocs):][:1]
		}
		if fromSourceCostly(name) && !longtest.Enabled {
			if d.part > 0 {
				continue // compared on recFast's path, which these differ from in one fast path each
			}
			seeds, cuts, ends, allocs = []int64{0}, 1, false, []int64{1000}
		}
		for _, seed := range seeds {
			runs += d.same(t, p, fn, nil, RunOptions{Seed: seed}, rng, cuts, ends)
		}
		for _, maxAlloc := range allocs {
			runs += d.same(t, p, fn, nil, RunOptions{MaxAlloc: maxAlloc}, rng, 1, true)
		}
	}
	t.Logf("%d runs compared", runs)
}

// fromSourceCostly reports whether the corpus program name runs
// encoding/json or html/template (which calls encoding/json), interpreted
// from source with reflection through the bridge: compared with every
// seed, cut and budget, the JSON programs alone took most of the time of
// the tests that compare on the corpus, and one run of HTMLTemplate takes
// twice JSON's. (XML, about a quarter of JSON's, is compared as the
// others are.)
func fromSourceCostly(name string) bool {
	return strings.HasPrefix(name, "JSON") || name == "HTMLTemplate"
}

// work compares on the workloads of package internal/workload.
func (d differ) work(t *testing.T, rng *rand.Rand) {
	p := load(t, "./internal/workload")
	runs := 0
	for _, name := range []string{"SumSquares", "TCAS", "Classify"} {
		fn := p.Func(workPkg, name)
		for _, n := range []int64{0, 1, 7, 100} {
			runs += d.same(t, p, fn, []Value{Int(n)}, RunOptions{MaxSteps: 1 << 30}, rng, d.workCuts, true)
			runs += d.same(t, p, fn, []Value{Int(n)}, RunOptions{MaxSteps: 1 << 30, MaxAlloc: 2000}, rng, 1, true)
		}
	}
	t.Logf("%d runs compared", runs)
}

// conformance compares on every program of the conformance corpus (see
// conformance_test.go) that loads and is not among the slow ones, with a
// budget of twice its steps (goroutine scheduling points then fall as in
// its full run) and cut short at seeded points.
func (d differ) conformance(t *testing.T, rng *rand.Rand) {
	progs, pkgs, loaded, _ := loadedConformance(t)
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
		_, steps := plainOutcome(prog, fn, nil, RunOptions{MaxSteps: conformanceSteps}, d.noFast)
		if steps >= conformanceSteps/d.slow {
			continue // the slow ones: their budget stops are checked by the cuts of others
		}
		programs++
		runs += d.same(t, prog, fn, nil, RunOptions{MaxSteps: max(2*steps, 100)}, rng, d.confCuts, true)
	}
	t.Logf("%d programs, %d runs compared", programs, runs)
	if programs == 0 {
		fmt.Fprintln(os.Stderr, "no conformance program ran")
		t.Fail()
	}
}
