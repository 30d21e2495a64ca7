package repair_test

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

// TestRepairTriangle is the repair of the angelic debugging paper's
// triangle classifier: c in `a == c` becomes b, and the package's tests
// all pass on the patch natively.
func TestRepairTriangle(t *testing.T) {
	t.Parallel()
	s := triangle(t)
	res, err := repair.Repair(context.Background(), s.prog, s.pkg, &repair.Options{
		Run:      "TestClassify",
		Angelic:  angelic.Options{Search: integers},
		Validate: repair.ValidateOptions{Dir: testutil.ExamplesDir(), Tags: []string{"faultloc"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Partial {
		t.Fatalf("partial: %s", res.Reason)
	}
	var text bytes.Buffer
	res.Output.Dir = testutil.Root()
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "triangle.txt", text.String())
	if len(res.Patches) == 0 || res.Patches[0].Repl != "b" || res.Patches[0].Orig != "c" || res.Patches[0].Line != 23 || res.Patches[0].Validation == nil || !res.Patches[0].Validation.Plausible {
		t.Fatalf("first patch is not c -> b at line 23, plausible:\n%s", text.String())
	}
}

// TestRepairDeadline checks that a deadline ends the repair with what
// was found, marked partial, soon after it passes.
func TestRepairDeadline(t *testing.T) {
	t.Parallel()
	s := triangle(t)
	for _, after := range []time.Duration{0, 300 * time.Millisecond, 2 * time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		start := time.Now()
		res, err := repair.Repair(ctx, s.prog, s.pkg, &repair.Options{
			Run:      "TestClassify",
			Angelic:  angelic.Options{Search: integers},
			Validate: repair.ValidateOptions{Dir: testutil.ExamplesDir(), Tags: []string{"faultloc"}},
		})
		over := time.Since(start) - after
		cancel()
		if err != nil {
			t.Fatalf("deadline %v: %v, want a partial result", after, err)
		}
		t.Logf("deadline %v: returned %v after it, %d sites, %d patches: %s", after, over, len(res.Sites), len(res.Patches), res.Reason)
		// A repair that ends before its deadline (the 2 s one, on a
		// fast machine) is complete, or partial because its search
		// took its share of the time; one the deadline stops is
		// partial and says so.
		if over >= 0 && (!res.Partial || !strings.Contains(res.Reason, "deadline")) {
			t.Errorf("deadline %v: partial %v (%q), want partial for the deadline", after, res.Partial, res.Reason)
		}
		if over < 0 && res.Partial && !strings.Contains(res.Reason, "its share") {
			t.Errorf("deadline %v: ended %v before it, partial (%q): want a complete result or the search's share", after, -over, res.Reason)
		}
		// A generous margin: the replays of a search's models and a
		// patch's build end within it on a loaded machine.
		if over > 30*time.Second {
			t.Errorf("deadline %v: returned %v after it", after, over)
		}
	}
}

// TestRepairValidatesWholeSuite repairs testdata/abs with its failing
// TestNegativeOne alone as evidence (-run): the smallest replacement
// that fits it, 1, is refuted by TestNegativeFive, which the validation
// runs although the repair did not select it, and -x, the fix, is the
// first patch, plausible on the whole suite.
func TestRepairValidatesWholeSuite(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "abs", "^TestNegativeOne$")
	if res.Partial || len(res.Failing) != 1 || res.Passing != 0 {
		t.Fatalf("partial %v (%s), failing %v, %d passing, want TestNegativeOne alone:\n%s", res.Partial, res.Reason, res.Failing, res.Passing, text)
	}
	first := res.Patches[0]
	if first.Repl != "-x" || first.Validation == nil || !first.Validation.Plausible || !first.Validation.Suite || first.Validation.Passed != 3 {
		t.Errorf("first patch %s -> %s (%+v), want x -> -x plausible on the suite's 3 tests:\n%s", first.Orig, first.Repl, first.Validation, text)
	}
	overfit := false
	for _, p := range res.Patches {
		if p.Validation == nil {
			continue
		}
		if p.Validation.Plausible && (!p.Validation.Suite || len(p.Validation.Failed) > 0) {
			t.Errorf("patch %d %s -> %s plausible without the whole suite passing: %+v", p.Rank, p.Orig, p.Repl, p.Validation)
		}
		if p.Repl == "1" {
			overfit = true
			if p.Validation.Plausible || !slices.Contains(p.Validation.Failed, "TestNegativeFive") {
				t.Errorf("patch %s -> 1: %+v, want refuted by TestNegativeFive", p.Orig, p.Validation)
			}
		}
	}
	if !overfit {
		t.Errorf("no patch x -> 1 validated, which fits TestNegativeOne alone:\n%s", text)
	}
}

// TestRepairGuard repairs testdata/clamp, whose Clamp lacks the guard
// `if x > max { return max }`: no replacement of `x` in `return x` fits
// every case, and the first patch is such a guard inserted before the
// return, plausible on the whole suite: a statement edit's (`x >= max`
// and `x > max`, as the statement guards write them) or the site's (`max
// < x` and `max <= x`, as the synthesis writes them), which return the
// same; the guards returning another value are refuted. The saturating
// clamp `if x > max { x = max }` before the return is a fix too.
func TestRepairGuard(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "clamp", "")
	testutil.Golden(t, "clamp.txt", text)
	fixes := []string{"if x >= max { return max }", "if x > max { return max }", "if max < x { return max }", "if max <= x { return max }", "if x > max { x = max }"}
	if len(res.Patches) == 0 || !slices.Contains(fixes, res.Patches[0].Repl) || res.Patches[0].Validation == nil || !res.Patches[0].Validation.Plausible {
		t.Fatalf("first patch is not a guard returning max above it, plausible:\n%s", text)
	}
	for _, p := range res.Patches[1:] {
		if p.Validation != nil && p.Validation.Plausible && !slices.Contains(fixes, p.Repl) {
			t.Errorf("patch %d %s plausible, want only the fixes above it", p.Rank, p.Repl)
		}
	}
}

// TestRepairGlobal repairs testdata/limit, whose condition compares with
// the literal 5 where the package-level Max belongs: Max, stored by the
// package's initializer, is a component of the synthesis, and the fix
// (as the enumeration writes it, Max < x) is a plausible patch. Four
// patches are validated by builds of their own, not ten: the fix is the
// second, and each build of the subject's test binary took a half-second
// of CPU.
func TestRepairGlobal(t *testing.T) {
	t.Parallel()
	res, text := repairTestdataWith(t, "limit", &repair.Options{MaxPatches: 4})
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return p.Orig == "x > 5" && p.Repl == "Max < x" && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible patch x > 5 -> Max < x:\n%s", text)
	}
}

// TestRepairCompound repairs testdata/celsius, whose compound
// assignment d += freezing should subtract: the site is the statement,
// and the patch that assigns d its right value (d = d - freezing, or
// f - freezing, which has its values) is plausible.
func TestRepairCompound(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "celsius", "")
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "synthesis") && p.Orig == "d += freezing" &&
			(p.Repl == "d = d - freezing" || p.Repl == "d = f - freezing") && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible synthesized patch d += freezing -> d = d - freezing:\n%s", text)
	}
}

// TestRepairMutantOperator repairs testdata/adult, whose age > 18
// should be age >= 18: mutation analysis' operator replacement (ROR),
// which internal/mutate places at the operator rather than at the
// expression's start, is a patch of the expression, first at its site,
// plausible.
func TestRepairMutantOperator(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "adult", "")
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.HasPrefix(p.Origin, "mutation ROR") && p.Orig == "age > 18" && p.Repl == "age >= 18" && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible mutant age > 18 -> age >= 18:\n%s", text)
	}
}

// TestRepairClause repairs testdata/discount, whose condition lacks the
// clause items <= stock: no expression of size 3 or less fits the
// cases (one must read total, items and stock), and the condition
// joined by && to the clause, of size 5, is found and plausible.
func TestRepairClause(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "discount", "")
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "synthesis") && p.Orig == "total >= limit" &&
			(p.Repl == "(total >= limit) && (items <= stock)" || p.Repl == "(total >= limit) && (stock >= items)") &&
			p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible patch total >= limit -> (total >= limit) && (items <= stock):\n%s", text)
	}
}

// TestRepairReturn repairs testdata/route, whose static branch lacks
// the return that keeps it from falling through into the dynamic one:
// the return inserted after the branch's last statement is a plausible
// patch (a statement edit).
func TestRepairReturn(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "route", "")
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return p.Origin == "edit return" && p.Repl == "return" && strings.Contains(string(p.Source), "r.Static = append(r.Static, path)\n\t\treturn\n") &&
			p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible edit return after the static branch:\n%s", text)
	}
}

// repairTestdata repairs testdata/name with the cases run selects ("":
// all) as evidence, validated natively, and returns the result and its
// text, files named from the subject's directory. It skips under -short.
func repairTestdata(t *testing.T, name, run string) (*repair.Result, string) {
	t.Helper()
	return repairTestdataWith(t, name, &repair.Options{Run: run})
}

// quickAngelic are the angelic debugging options of the repair tests
// whose checks do not depend on how integers wrap: integers by default,
// which Z3 solves in a fraction of the time words take, words with the
// build tag long (testutil.QuickArith).
func quickAngelic() angelic.Options {
	return angelic.Options{Search: agx.Options{Arith: testutil.QuickArith()}}
}

// repairTestdataWith is repairTestdata with options, their Validate.Dir
// set to the subject's directory.
func repairTestdataWith(t *testing.T, name string, opts *repair.Options) (*repair.Result, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", name)
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	o := *opts
	o.Validate.Dir = dir
	res, err := repair.Repair(context.Background(), prog, "github.com/faultloc/faultloc/localize/repair/testdata/"+name, &o)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	res.Output.Dir = dir
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	return res, text.String()
}

// TestRepairCall repairs testdata/fee, whose Fee charges Base where the
// tier's rate belongs: no expression over the variables in scope and the
// constants computes it, but the side-effect-free tierRate does, and
// its call is a plausible patch of the synthesis, at the assignment and
// at the return, where it leaves rate unused.
func TestRepairCall(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "fee", "")
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "synthesis") && strings.Contains(p.Repl, "tierRate()") && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible synthesized patch calling tierRate():\n%s", text)
	}
	// The replacement at the return leaves rate unused: the patch uses
	// it, and builds.
	used := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return p.Orig == "n * rate" && p.Repl == "n * tierRate()" && strings.Contains(string(p.Source), "_ = rate\n") &&
			p.Validation != nil && p.Validation.Plausible
	})
	if !used {
		t.Errorf("no plausible patch n * rate -> n * tierRate() that uses rate:\n%s", text)
	}
}

// TestRepairReturnGuard repairs testdata/bias, whose bias lacks the
// guard `if inhibit { return up + margin }` before its return: the
// guard holds in passing cases too, where its result keeps them
// passing, and its result is an operation, not a variable; it is found
// (as the enumeration writes it, margin + up) and plausible, at the
// return's site and at the site of the value it returns, up, both.
func TestRepairReturnGuard(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "bias", "")
	guard := func(cond, result string) bool {
		return cond == "inhibit" && (result == "up + margin" || result == "margin + up")
	}
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "guard") && (p.Repl == "if inhibit { return up + margin }" || p.Repl == "if inhibit { return margin + up }") &&
			p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible guard if inhibit { return margin + up }:\n%s", text)
	}
	kinds := map[repair.SiteKind]bool{}
	for _, s := range res.Sites {
		if s.Site.Line == 10 && s.Synthesis != nil && slices.ContainsFunc(s.Synthesis.Guards, func(g repair.Guard) bool { return guard(g.Cond, g.Result) }) {
			kinds[s.Site.Kind] = true
		}
	}
	if !kinds[repair.ReturnSite] || !kinds[repair.ValueSite] {
		t.Errorf("the guard at the sites of kinds %v of line 10, want the return and the value returned:\n%s", kinds, text)
	}
}

// TestRepairStatement repairs testdata/shipping, whose standard path
// lacks the statement sum += Shipping that its express path has: no
// replacement of size 3 or less fits, and the statement copied from the
// express path, inserted before the return, is a plausible patch; sum
// += p, whose p is out of scope there, is not inserted. Three patches
// are validated by builds of their own, not ten: the fix is the first.
// Angelic debugging searches in integers by default (quickAngelic): the
// words took Z3 most of the test's CPU in the test process.
func TestRepairStatement(t *testing.T) {
	t.Parallel()
	res, text := repairTestdataWith(t, "shipping", &repair.Options{MaxPatches: 3, Angelic: quickAngelic()})
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "statement") && p.Orig == "" && p.Repl == "sum += Shipping" &&
			strings.Contains(string(p.Source), "\tsum += Shipping\n\treturn sum + sum/10") && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible insertion of sum += Shipping before the return:\n%s", text)
	}
	for _, p := range res.Patches {
		if strings.Contains(p.Origin, "statement") && strings.Contains(p.Repl, "p") && !strings.Contains(p.Repl, "Shipping") {
			t.Errorf("patch %d inserts %s, whose variable is out of scope", p.Rank, p.Repl)
		}
	}
}

// TestRepairEarlyReturn repairs testdata/rows, whose Append lacks the
// early return `if len(vals) == 0 { return t }` before its first
// statement: the rows are no basic value, so no site's replacement
// repairs it, and the guard of the statement edits at its line is a
// plausible patch, the whole suite passing on it natively; every
// plausible patch is one.
func TestRepairEarlyReturn(t *testing.T) {
	t.Parallel()
	res, text := repairTestdata(t, "rows", "")
	found := false
	for _, p := range res.Patches {
		if p.Validation == nil || !p.Validation.Plausible {
			continue
		}
		if !p.Validation.Suite || len(p.Validation.Failed) > 0 {
			t.Errorf("patch %d %s plausible without the whole suite passing: %+v", p.Rank, p.Repl, p.Validation)
		}
		if p.Repl == "if len(vals) == 0 { return t }" && strings.HasPrefix(p.Origin, "edit guard") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no plausible edit guard if len(vals) == 0 { return t }:\n%s", text)
	}
	if first := res.Patches[0]; first.Repl != "if len(vals) == 0 { return t }" {
		t.Errorf("first patch %s, want the early return:\n%s", first.Repl, text)
	}
}

// TestRepairBoundNativeCall repairs testdata/slowcall, whose failing
// test spends seconds in one call of native code, under a bound much
// shorter than that call: the repair returns within 10% or 2 s of its
// deadline (whichever is larger), partial, instead of waiting for the
// call to end.
func TestRepairBoundNativeCall(t *testing.T) {
	if testing.Short() {
		t.Skip("spends seconds of CPU in native code")
	}
	dir := filepath.Join(testutil.Root(), "localize", "repair", "testdata", "slowcall")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const bound = 3 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	start := time.Now()
	res, err := repair.Repair(ctx, prog, "github.com/faultloc/faultloc/localize/repair/testdata/slowcall", &repair.Options{Validate: repair.ValidateOptions{Dir: dir}})
	over := time.Since(start) - bound
	if err != nil {
		t.Fatalf("%v, want a partial result", err)
	}
	t.Logf("returned %v after the deadline: %s", over, res.Reason)
	if margin := max(2*time.Second, bound/10); over > margin {
		t.Errorf("returned %v after the deadline, want within %v", over, margin)
	}
	if !res.Partial {
		t.Errorf("not partial, want partial for the deadline")
	}
}

// TestRepairPanicFrameGuard repairs testdata/fetch, whose get panics
// on a nil value where it must give nil (Eval turns the panic into an
// error), after expr-lang/expr's get: the fix, the early return `if
// from == nil { return nil }` before the statement that panics, is at
// a line the localization ranks after Eval's, where the statement
// edits' guards go; the failing run's panic frame takes guards all the
// same, and the fix is a plausible patch among the first three. Three
// patches are validated by builds of their own, not ten: the fix is the
// second, and the seven first are plausible, each a build of the
// subject's test binary. Angelic debugging searches in integers by
// default (quickAngelic).
func TestRepairPanicFrameGuard(t *testing.T) {
	t.Parallel()
	res, text := repairTestdataWith(t, "fetch", &repair.Options{MaxPatches: 3, Angelic: quickAngelic()})
	i := slices.IndexFunc(res.Patches, func(p repair.Candidate) bool {
		return p.Repl == "if from == nil { return nil }" && strings.HasPrefix(p.Origin, "edit guard") &&
			strings.Contains(string(p.Source), "\tif from == nil {\n\t\treturn nil\n\t}\n\tif v.Kind() != reflect.Map {") &&
			p.Validation != nil && p.Validation.Plausible
	})
	if i < 0 {
		t.Fatalf("no plausible edit guard if from == nil { return nil } before get's panic:\n%s", text)
	}
	if rank := res.Patches[i].Rank; rank > 3 {
		t.Errorf("the guard at the panic is patch %d, want among the first 3:\n%s", rank, text)
	}
}

// TestRepairRuntimePanicGuard repairs the subjects whose failing run
// raises a run-time panic that is recovered, so that the trace holds no
// call of panic: testdata/option (an index out of range that the
// library's deferred recover turns into an error), testdata/tally (a
// write to a nil map that the test's own recover reports) and
// testdata/quota (a nil dereference two calls below the recover). The
// fix, a guard before the statement that panics, is at a line every
// passing test runs, which the spectrum ranks low; the panic's frame
// (Trace.Panics) takes guards all the same, and the fix is a plausible
// patch among the first three.
//
// Each repair builds the subject's test binary up to eleven times:
// go test ./... repairs tally alone (the cheapest), -tags long (.ci/run)
// all three. That each subject's panic is recorded at its line is
// TestRecoveredPanicSliceAndRank's (localize/pipeline), for all three
// by default, and that a panic's frame takes guards TestRepairPanicFrameGuard's.
func TestRepairRuntimePanicGuard(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, guard, before string }{
		{"option", `if len(kv) < 2 { return "", "", nil }`, "\treturn strings.TrimSpace(kv[0]), strings.TrimSpace(kv[1]), nil"},
		{"tally", "if stats == nil { return }", "\tstats[w]++"},
		{"quota", "if l == nil { return false }", "\treturn n > l.Max"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !longtest.Enabled && tc.name != "tally" {
				t.Skip("repairs tally alone: with -tags long, every subject")
			}
			t.Parallel()
			res, text := repairTestdata(t, tc.name, "")
			i := slices.IndexFunc(res.Patches, func(p repair.Candidate) bool {
				return p.Repl == tc.guard && strings.HasPrefix(p.Origin, "edit guard") &&
					strings.Contains(string(p.Source), "\n\t}\n"+tc.before+"\n") &&
					p.Validation != nil && p.Validation.Plausible
			})
			if i < 0 {
				t.Fatalf("no plausible edit guard %s before the panic:\n%s", tc.guard, text)
			}
			if rank := res.Patches[i].Rank; rank > 3 {
				t.Errorf("the guard at the panic is patch %d, want among the first 3:\n%s", rank, text)
			}
		})
	}
}

// TestRepairConjunct repairs testdata/mismatch, whose route clears an
// earlier method mismatch even when it has no handler: strengthening
// the condition to `m.Err == ErrMethodMismatch && r.Handler != nil` (a
// statement edit's conjunct) is a plausible patch among the first
// three. Angelic debugging searches in integers by default
// (quickAngelic).
func TestRepairConjunct(t *testing.T) {
	t.Parallel()
	res, text := repairTestdataWith(t, "mismatch", &repair.Options{Angelic: quickAngelic()})
	i := slices.IndexFunc(res.Patches, func(p repair.Candidate) bool {
		return p.Origin == "edit conjunct" && p.Repl == "m.Err == ErrMethodMismatch && r.Handler != nil" &&
			p.Validation != nil && p.Validation.Plausible
	})
	if i < 0 || i >= 3 {
		t.Fatalf("conjunct r.Handler != nil at %d, want a plausible patch among the first 3:\n%s", i, text)
	}
}

// TestRepairCallArgument repairs testdata/words, whose Size calls the
// side-effect-free wordsNeeded on top + bits where top + bits + 1
// belongs: the call with its argument moved by one is a plausible patch
// of the synthesis, written as the fix is (no parentheses around the
// old argument). Mutation analysis' fixes, which would rank three
// plausible mutants among the synthesis' patches, are left out
// (NoMutation), and seven patches are validated by builds of their own,
// not ten: the fix is the sixth, after five plausible ones, each a
// build of the subject's test binary. Angelic debugging searches in
// integers by default (quickAngelic).
func TestRepairCallArgument(t *testing.T) {
	t.Parallel()
	// Angelic debugging's first sites are the argument and the
	// expressions inside wordsNeeded; the call's own comes later.
	res, text := repairTestdataWith(t, "words", &repair.Options{MaxSites: 10, NoMutation: true, MaxPatches: 7, Angelic: quickAngelic()})
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "synthesis") && p.Orig == "wordsNeeded(top + bits)" && p.Repl == "wordsNeeded(top + bits + 1)" &&
			p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible synthesized patch wordsNeeded(top + bits + 1):\n%s", text)
	}
}

// TestRepairStdCall repairs testdata/port, whose Port tests a
// host's length where the fix tests for a colon: a call of the
// standard library's strings.Contains on the host and the literal ":"
// of the code (the file imports strings) is a component of the
// synthesis, evaluated natively, and the fix a plausible patch.
func TestRepairStdCall(t *testing.T) {
	t.Parallel()
	res, text := repairTestdataWith(t, "port", &repair.Options{NoMutation: true, MaxPatches: 4})
	fixed := slices.ContainsFunc(res.Patches, func(p repair.Candidate) bool {
		return strings.Contains(p.Origin, "synthesis") && p.Orig == "len(host) > 9" &&
			(p.Repl == `strings.Contains(host, ":")` || p.Repl == `strings.ContainsAny(host, ":")`) && p.Validation != nil && p.Validation.Plausible
	})
	if !fixed {
		t.Fatalf("no plausible synthesized patch strings.Contains(host, \":\"):\n%s", text)
	}
}
