package search

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/mutation"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// TestGoTestCases localizes failing subtests of the examples' real go test
// functions, interpreted: the oracle is the test's t.Errorf; the faulty
// line must be a verified size-1 candidate.
func TestGoTestCases(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, err := trace.Load(ctx, &trace.Config{Dir: testutil.ExamplesDir(), Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle", "./foo", "./loops")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir, name string
		fault     int // index of the fault marker
	}{
		{"triangle", "TestClassify/T8", 0},
		{"foo", "TestFoo/testFoo", 0},
		{"loops", "TestLoops/SumFails", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faults, err := examples.FaultLines(filepath.Join(testutil.ExamplesDir(), tt.dir))
			if err != nil {
				t.Fatal(err)
			}
			f := faults[tt.fault]
			rep, err := Localize(ctx, prog, prog.GoTestCase(testutil.ExamplesPkg+tt.dir, tt.name), &Options{MaxSize: 1, Arith: encode.Integer, Sanity: true})
			if err != nil {
				t.Fatal(err)
			}
			if verifiedOn(rep, f) == nil {
				t.Errorf("no verified size-1 candidate on %v:\n%s", f, testutil.Summary(rep))
			}
		})
	}
	t.Run("passing case", func(t *testing.T) {
		if _, err := Localize(ctx, prog, prog.GoTestCase(testutil.ExamplesPkg+"triangle", "TestClassify/T1"), nil); err == nil {
			t.Fatal("no error localizing a passing case")
		}
	})
}

// TestGenerics localizes failures in generic code: Median calls slices,
// which trace interprets from source, and MaxOf is a generic function of
// the package. Each fault comes out as a verified one-line candidate; no
// candidate blames the standard library or has its decisions on its path.
func TestGenerics(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, filepath.Join(testutil.Root(), "trace/testdata/generic"), true, 2)
	for i, name := range []string{"TestMedian/even", "TestMaxOf"} {
		t.Run(name, func(t *testing.T) {
			fault := faults[i]
			rep, err := Localize(ctx, prog, prog.GoTestCase("github.com/faultloc/faultloc/trace/testdata/generic", name), &Options{MaxSize: 1})
			if err != nil {
				t.Fatal(err)
			}
			decisions := 0
			for _, c := range rep.Candidates {
				for _, l := range c.Locations {
					if filepath.Dir(l.File) != filepath.Dir(fault.File) {
						t.Errorf("candidate outside the package: %v", l)
					}
				}
				for _, d := range c.Path {
					decisions++
					if filepath.Dir(d.File) != filepath.Dir(fault.File) {
						t.Errorf("decision outside the package on the path: %v", d)
					}
				}
			}
			if verifiedOn(rep, fault) == nil {
				t.Errorf("no verified size-1 candidate on %v:\n%s", fault, testutil.Summary(rep))
			}
			if name == "TestMaxOf" && decisions == 0 {
				t.Error("no decision of MaxOf on any candidate's path")
			}
		})
	}
}

// TestSliceScope localizes a failure whose run first computes a table's
// bounds with branches at package initialization. In ATF each of those
// branches is a way off the failing path, so the whole run offers
// candidates in the initializer that re-runs refute (reported unverified);
// with SliceScope only the two statements of the failure's relevant slice
// are blamed, and no decision of the initializer is on a path either way.
// The search is in integers by default, in words with the build tag long
// (testutil.QuickArith).
func TestSliceScope(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject("initnoise"), true, 1)
	fault := faults[0]
	for _, tt := range []struct {
		slice      bool
		maxSize    int
		statements int // blamable statements
		unverified bool
	}{
		// Size 1 shows the initializer's refuted candidates (a branch of
		// its loop); size 2 adds more of them at four times the cost.
		{slice: false, maxSize: 1, statements: 10, unverified: true},
		{slice: true, maxSize: 2, statements: 2},
	} {
		t.Run(fmt.Sprint("slice=", tt.slice), func(t *testing.T) {
			rep, err := Localize(ctx, prog, prog.GoTestCase("github.com/faultloc/faultloc/localize/testdata/initnoise", "TestScale"), &Options{MaxSize: tt.maxSize, SliceScope: tt.slice, Arith: testutil.QuickArith()})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Stats.Statements != tt.statements {
				t.Errorf("%d statements blamable, want %d", rep.Stats.Statements, tt.statements)
			}
			if len(rep.Candidates) == 0 || !rep.Candidates[0].Verified || len(rep.Candidates[0].Locations) != 1 || rep.Candidates[0].Locations[0].Line != fault.Line {
				t.Errorf("first candidate is not the fault %v:\n%s", fault, testutil.Summary(rep))
			}
			unverified := false
			for _, c := range rep.Candidates {
				unverified = unverified || !c.Verified
				for _, d := range c.Path {
					if d.File != fault.File || d.Line < 20 {
						t.Errorf("a decision of package initialization on a path: %v", d)
					}
				}
			}
			if unverified != tt.unverified {
				t.Errorf("unverified candidates: %v, want %v:\n%s", unverified, tt.unverified, testutil.Summary(rep))
			}
		})
	}
}

// TestFirstFailure localizes a table-driven test that fails three of its
// rows: with FirstFailure, the first failing row alone, up to its check.
// The fault comes out verified in that sense (the re-run passes the row's
// check and those before it). It searches in integers by default (the
// edit distance's words took Z3 most of the test's time), in words with
// the build tag long (testutil.QuickArith).
func TestFirstFailure(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.SharedSubject(t, testutil.Subject("table"), 1)
	fault := faults[0]
	rep, err := Localize(ctx, prog, prog.GoTestCase("github.com/faultloc/faultloc/localize/testdata/table", "TestDistance"), &Options{MaxSize: 1, FirstFailure: true, Arith: testutil.QuickArith()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Failure, `Distance("ab", "ba")`) {
		t.Errorf("failure %q, want the first failing row's", rep.Failure)
	}
	if verifiedOn(rep, fault) == nil {
		t.Fatalf("no verified size-1 candidate on %v:\n%s", fault, testutil.Summary(rep))
	}
	// The premise: the case fails three rows.
	r, err := prog.RunGoTest(ctx, "github.com/faultloc/faultloc/localize/testdata/table", "TestDistance", nil)
	if err != nil || !r.Failed || len(r.Assertions) != 3 {
		t.Errorf("the original case: %v, %d failed assertions", err, len(r.Assertions))
	}
}

// verifiedOn returns rep's verified one-line candidate on line f, or nil.
func verifiedOn(rep *localize.Report, f examples.Fault) *localize.Candidate {
	for i, c := range rep.Candidates {
		if c.Verified && len(c.Locations) == 1 && c.Locations[0].File == f.File && c.Locations[0].Line == f.Line {
			return &rep.Candidates[i]
		}
	}
	return nil
}

// verifiedFault localizes test case name of testdata/<dir>, whose one
// fault line is marked, with MaxSize 1, and returns the verified one-line
// candidate on that line (failing t if there is none) and the line. The
// subject is loaded once for all the tests (and mutateCands) that ask.
func verifiedFault(ctx context.Context, t *testing.T, dir, name string, arith encode.Arith) (*localize.Candidate, examples.Fault) {
	t.Helper()
	prog, faults := testutil.SharedSubject(t, testutil.Subject(dir), 1)
	rep, err := Localize(ctx, prog, prog.GoTestCase(testutil.SubjectPkg(dir), name), &Options{MaxSize: 1, Arith: arith})
	if err != nil {
		t.Fatal(err)
	}
	c := verifiedOn(rep, faults[0])
	if c == nil {
		t.Fatalf("%s: no verified size-1 candidate on %v:\n%s", name, faults[0], testutil.Summary(rep))
	}
	return c, faults[0]
}

// mutateCands runs mutation analysis on the lines of cands over the
// named test cases of testdata/<dir>, named in the program verifiedFault
// loaded (mutation.Analyze finds them again in its mutant program).
func mutateCands(ctx context.Context, t *testing.T, dir string, cands []localize.Candidate, repair bool, names ...string) *mutation.Analysis {
	t.Helper()
	cfg := trace.Config{Dir: testutil.Subject(dir), Tests: true}
	prog, _ := testutil.SharedSubject(t, cfg.Dir, 1)
	var cases []trace.Case
	for _, n := range names {
		cases = append(cases, prog.GoTestCase(testutil.SubjectPkg(dir), n))
	}
	a, err := mutation.Analyze(ctx, cands, &mutation.Options{Load: cfg, Patterns: []string{"."}, Cases: cases, Repair: repair})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// hasFix reports whether a's plausible fixes of test include the mutant
// op orig -> repl on line.
func hasFix(a *mutation.Analysis, test, op string, line int, orig, repl string) bool {
	return slices.ContainsFunc(a.Fixes(test), func(m localize.MutantResult) bool {
		return m.Op == op && m.Line == line && (orig == "" || m.Orig == orig) && m.Repl == repl
	})
}

// TestOutputOracle localizes the failing Examples of testdata/output,
// whose oracle is their output comment: those whose output the oracle
// reads put Abs's fault in a verified one-line candidate; the others give
// ErrNoOracle naming the case and why.
func TestOutputOracle(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.SharedSubject(t, testutil.Subject("output"), 1)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/output"
	tests := []struct {
		name     string
		noOracle string // the reason, if the oracle cannot read the output
	}{
		{name: "ExampleAbs"},        // Println of two ints
		{name: "ExampleAbs_printf"}, // widths, flags, %v of a bool
		{name: "ExampleAbs_sprintf"},
		{name: "ExampleAbs_print"}, // Print's spaces between non-strings
		{name: "ExampleAbs_path"},  // a constant line on the wrong path
		{name: "ExampleAbs_fewer"}, // a loop printing too few lines
		{name: "ExampleAbs_more"},  // too many lines
		{name: "ExampleDescribe"},  // a function's constant string result
		{name: "ExampleAbs_unordered", noOracle: `"Unordered output:"`},
		{name: "ExampleCelsius", noOracle: "which has a String method"},
	}
	for _, tt := range tests {
		for _, first := range []bool{false, true} {
			rep, err := Localize(ctx, prog, prog.GoTestCase(pkg, tt.name), &Options{MaxSize: 1, FirstFailure: first})
			if tt.noOracle != "" {
				if !errors.Is(err, localize.ErrNoOracle) || !strings.Contains(err.Error(), tt.name+": ") || !strings.Contains(err.Error(), tt.noOracle) {
					t.Errorf("%s (first %v): report %v, err %v; want ErrNoOracle naming the case and %q", tt.name, first, rep, err, tt.noOracle)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s (first %v): %v", tt.name, first, err)
				continue
			}
			if verifiedOn(rep, faults[0]) == nil {
				t.Errorf("%s (first %v): no verified size-1 candidate on the fault:\n%s", tt.name, first, testutil.Summary(rep))
			}
		}
	}
}

// TestInnerReplay: in faultloctest's ties subject, Dist's return Abs(a - b)
// is a one-line fix (a - b → b - a). With FirstFailure the slice leaves
// Dist's return out of the blamable instances, and a model fixes the line
// through a - b with an angelic continuation past Abs's unexplored else
// side, giving the call's result a value that means nothing: replaying it
// fails on encoded paths. Replayed from inside (encode.Candidate.Inner),
// with a - b's value run for real, the line is verified, both ways.
func TestInnerReplay(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, filepath.Join(testutil.Root(), "faultloctest/testdata/ties"), true, 1)
	dist := examples.Fault{File: strings.TrimSuffix(faults[0].File, "util.go") + "dist.go", Line: 9}
	const pkg = "github.com/faultloc/faultloc/faultloctest/testdata/ties"
	for _, first := range []bool{false, true} {
		rep, err := Localize(ctx, prog, prog.GoTestCase(pkg, "TestDist/reversed"), &Options{FirstFailure: first})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []examples.Fault{dist, faults[0]} {
			if verifiedOn(rep, f) == nil {
				t.Errorf("first %v: no verified size-1 candidate on %s:%d:\n%s", first, filepath.Base(f.File), f.Line, testutil.Summary(rep))
			}
		}
		for _, c := range rep.Candidates {
			if !c.Verified {
				t.Errorf("first %v: unverified candidate %v:\n%s", first, c.Locations, testutil.Summary(rep))
			}
		}
	}
}

// TestUpstream: a fault upstream of an operation the encoding once kept at
// its run value, whatever its operands (testdata/upstream), is a one-line
// candidate in both arithmetics. The builtins min and max, and division and
// remainder over unbounded integers, are encoded: the candidate is
// verified. A call into the standard library (strconv.Itoa) and a bitwise
// operation over Int are not, and keep their run values only while what
// they depend on does: the candidate is there, verified when the model's
// guess for the unmodelled value happens to be right on replay.
func TestUpstream(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject("upstream"), true, 5)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/upstream"
	for i, tt := range []struct {
		name     string
		verified bool // in both arithmetics
	}{
		{"TestLeast", true},
		{"TestWidest", true},
		{"TestMiddle", true},
		{"TestDigits", false},
		{"TestOdd", false},
	} {
		for _, arith := range []encode.Arith{encode.BitVector, encode.Integer} {
			rep, err := Localize(ctx, prog, prog.GoTestCase(pkg, tt.name), &Options{MaxSize: 1, Arith: arith})
			if err != nil {
				t.Fatal(err)
			}
			c := candidateOn(rep, faults[i])
			if c == nil || (tt.verified && !c.Verified) {
				t.Errorf("%s (%v): no size-1 candidate on line %d (verified: %v):\n%s", tt.name, arith, faults[i].Line, tt.verified, testutil.Summary(rep))
			}
		}
	}
}

// candidateOn returns rep's one-line candidate on line f, or nil.
func candidateOn(rep *localize.Report, f examples.Fault) *localize.Candidate {
	for i, c := range rep.Candidates {
		if len(c.Locations) == 1 && c.Locations[0].File == f.File && c.Locations[0].Line == f.Line {
			return &rep.Candidates[i]
		}
	}
	return nil
}

// TestOutputOracleFirst: with FirstFailure an Example's output counts up
// to its first wrong line. ExampleAbs_first's second line cannot be
// printed right by any change of the package: whole, the case has no
// candidate; up to its first line, Abs's fault is a verified candidate.
func TestOutputOracleFirst(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.SharedSubject(t, testutil.Subject("output"), 1)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/output"
	whole, err := Localize(ctx, prog, prog.GoTestCase(pkg, "ExampleAbs_first"), &Options{MaxSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Candidates) != 0 {
		t.Errorf("whole: candidates, want none:\n%s", testutil.Summary(whole))
	}
	first, err := Localize(ctx, prog, prog.GoTestCase(pkg, "ExampleAbs_first"), &Options{MaxSize: 1, FirstFailure: true, Arith: testutil.QuickArith()})
	if err != nil {
		t.Fatal(err)
	}
	if verifiedOn(first, faults[0]) == nil {
		t.Errorf("first: no verified size-1 candidate on the fault:\n%s", testutil.Summary(first))
	}
}

// TestUnrollSliceOnly: ATF's loop unrolling (unrollBranch) flips every
// instance of a loop's branch, one re-run each; with the slice filter of
// FirstFailure it flips only the instances in the first failure's slice,
// not those of the passing rows before it, which cannot change that
// failure. The oracle counts the instances of the branch in the failing
// run that the filter admits. A re-run ends at the failing row's check
// (trace.Hooks.StopAt), if it does not panic before: what comes after
// the check does not count.
func TestUnrollSliceOnly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.SharedSubject(t, testutil.Subject("table"), 1)
	const pkg = "github.com/faultloc/faultloc/localize/testdata/table"
	sub := &Subject{Prog: prog, Case: prog.GoTestCase(pkg, "TestDistance"), FirstOnly: true}
	first, err := sub.Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	blamable, err := sliceScope(sub, first)
	if err != nil || blamable == nil {
		t.Fatalf("slice filter: nil %v, %v", blamable == nil, err)
	}
	// The inner loop's branch (for j := 1; j <= len(b); j++), one line
	// above the fault's.
	tr := first.Res.Trace
	branch := trace.StaticID(-1)
	all, admitted := 0, 0
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if _, ok := tr.Instr(e).(*ssa.If); !ok || tr.Pos(e).Line != faults[0].Line-5 {
			continue
		}
		branch = tr.Static(e)
		all++
		if blamable(tr.Key(e)) {
			admitted++
		}
	}
	if all == 0 || admitted == 0 || admitted >= all {
		t.Fatalf("the premise: %d instances of the loop's branch, %d in the slice; want some in it and some not", all, admitted)
	}
	for _, tt := range []struct {
		name     string
		blamable func(trace.InstanceKey) bool
		want     int
	}{{"whole run", nil, all}, {"slice", blamable, admitted}} {
		t.Run(tt.name, func(t *testing.T) {
			rep := &localize.Report{}
			runs, stopped := 0, 0
			addRun := func(v *Verdict) (int, error) {
				runs++
				// A re-run that reaches the failing row's check ends
				// there (StopAt); one may panic before it.
				tr := v.Res.Trace
				for e := trace.EventID(0); int(e) < tr.Len(); e++ {
					if tr.Key(e) == sub.Target.Key {
						if int(e) != tr.Len()-1 || v.Res.Outcome != trace.Stopped {
							t.Errorf("re-run %d: %v, %d events after the check", runs, v.Res.Outcome, tr.Len()-1-int(e))
						}
						stopped++
					}
				}
				if v.Res.Outcome != trace.Stopped && v.Res.Outcome != trace.Panicked {
					t.Errorf("re-run %d: %v, want stopped at the check or panicked before it", runs, v.Res.Outcome)
				}
				return 1, nil
			}
			if err := UnrollBranch(ctx, sub, addRun, first.Res, branch, tt.blamable, &Options{}, rep, map[trace.StaticID]bool{}); err != nil {
				t.Fatal(err)
			}
			if runs != tt.want || rep.Stats.Runs != tt.want || stopped == 0 {
				t.Errorf("%d re-runs (%d counted, %d stopped at the check), want %d", runs, rep.Stats.Runs, stopped, tt.want)
			}
		})
	}
}

// TestValueFaults localizes faults whose values reach the test through
// what the formula models beyond integers, each in a subject of its own:
// the faulty line must be a verified one-line candidate with the expected
// angelic values, and mutation analysis (with Repair where ACR is
// expected) must turn them into the expected plausible fix.
//   - units: a wrong string constant ("KB" for "KiB"), through
//     concatenation and a string comparison;
//   - paths: a wrong separator through two fmt.Sprintf calls of %s and %v
//     (before, only the last Sprintf was blamed);
//   - csvrow: a wrong closing quote through a strings.Builder (before, only
//     the builder's String call was blamed);
//   - errmsg: a wrong word in the text of an error made by fmt.Errorf,
//     compared through err.Error() (before, no candidate at all).
//
// The same check of boxheap, a wrong fee (+ 5 for + 10) reaching the test
// only through a heap of any ordered by a function asserting its values
// back (before interfaces had terms, only the final assertion was
// blamed), is ExampleMutation_repair: a verified candidate on the line
// and the ACR fix 5 -> 10.
func TestValueFaults(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, tc := range []struct {
		dir, test  string
		angelic    []string // every angelic value of the candidate (nil: not checked)
		repair     bool
		op         string
		orig, repl string       // the fix (orig "": not checked)
		arith      encode.Arith // quickArith where words make Z3 slow, words where integers do
	}{
		{"units", "TestSize", []string{`"KiB"`}, false, "ANG", `"KB"`, `"KiB"`, testutil.QuickArith()},
		{"paths", "TestLabel", []string{`"/"`, `"/"`}, false, "ANG", "", `"/"`, encode.BitVector},
		{"csvrow", "TestRow", []string{`"\"b,c\""`}, true, "ACR", "`'`", `"\""`, encode.BitVector},
		{"errmsg", "TestValidate", []string{`"name al"`}, true, "ACR", `"user "`, `"name "`, encode.BitVector},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			c, fault := verifiedFault(ctx, t, tc.dir, tc.test, tc.arith)
			if tc.angelic != nil {
				var got []string
				for _, a := range c.Angelic {
					got = append(got, a.Value)
				}
				if !slices.Equal(got, tc.angelic) {
					t.Errorf("angelic values %q, want %q", got, tc.angelic)
				}
			}
			if a := mutateCands(ctx, t, tc.dir, []localize.Candidate{*c}, tc.repair, tc.test); !hasFix(a, tc.test, tc.op, fault.Line, tc.orig, tc.repl) {
				t.Errorf("fixes %+v; want %s %s -> %s on line %d", a.Fixes(tc.test), tc.op, tc.orig, tc.repl, fault.Line)
			}
		})
	}
}

// TestConstantRepair localizes a wrong constant in a string
// concatenation (s + "s" for s + "es") and finds the fix with Repair's
// ACR: the angelic values of the line's instances ("buses", "boxes",
// "churches") with their run values ("buss", ...) give the constant "es",
// the mutant that makes the test pass. Without ACR the only plausible fix
// on the line would be none: ANG's "buses" breaks the other rows.
func TestConstantRepair(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, fault := verifiedFault(ctx, t, "plural", "TestPlural", encode.BitVector)
	for _, a := range c.Angelic {
		if !a.Branch && (!strings.HasSuffix(a.Value, `es"`) || a.Orig != strings.TrimSuffix(a.Value, `es"`)+`s"`) {
			t.Errorf("angelic value %s with run value %s; want a plural in -es whose run value ends in s", a.Value, a.Orig)
		}
	}
	for _, repair := range []bool{false, true} {
		a := mutateCands(ctx, t, "plural", []localize.Candidate{*c}, repair, "TestPlural")
		if acr := hasFix(a, "TestPlural", "ACR", fault.Line, `"s"`, `"es"`); repair && !acr {
			t.Errorf("repair: fixes %+v; want ACR \"s\" -> \"es\" on line %d", a.Fixes("TestPlural"), fault.Line)
		}
		if !repair && len(a.Fixes("TestPlural")) > 0 {
			t.Errorf("without repair: fixes %+v; want none", a.Fixes("TestPlural"))
		}
	}
}

// TestFloatFault localizes a wrong factor in float arithmetic through two
// tests: one comparing the result with ==, one with >= through a caller.
// The seeded line is a verified size-1 candidate of both; for the first,
// its angelic value is exactly 100. The subject is temps32, temps in
// float32: binary64's multiplication takes Z3 several times longer (40 s
// of CPU here), so temps itself runs with the build tag long (longtest).
func TestFloatFault(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, dir := range []string{"temps32", "temps"} {
		t.Run(dir, func(t *testing.T) {
			if dir == "temps" && !longtest.Enabled {
				t.Skip("binary64: with the build tag long")
			}
			for _, name := range []string{"TestCelsius", "TestFever"} {
				c, fault := verifiedFault(ctx, t, dir, name, encode.BitVector)
				if name != "TestCelsius" {
					continue
				}
				if len(c.Angelic) != 1 || c.Angelic[0].Value != "100" {
					t.Errorf("%s: angelic values %+v, want 100", name, c.Angelic)
				}
				// The angelic value as a mutant (c = 100) makes TestCelsius pass
				// and leaves TestFever failing (100 >= 38).
				a := mutateCands(ctx, t, dir, []localize.Candidate{*c}, false, "TestCelsius", "TestFever")
				i := slices.IndexFunc(a.Mutants, func(m localize.MutantResult) bool { return m.Op == "ANG" && m.Line == fault.Line })
				if i < 0 || a.Mutants[i].Repl != "100" || !slices.Equal(a.Fixed(i), []string{"TestCelsius"}) {
					t.Errorf("mutants %+v; want an ANG mutant 100 on line %d fixing TestCelsius alone", a.Mutants, fault.Line)
				}
			}
		})
	}
}

// TestStructCopyFault localizes a fault whose result the test stores in a
// slice of structs and reads back through range (go-humanize's testList
// idiom): the comparison's operands are fields of struct copies, linked
// back to the calls that computed them. Before, they kept their run
// values and no statement could fix the test.
func TestStructCopyFault(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject("ordinal"), true, 1)
	rep, err := Localize(ctx, prog, prog.GoTestCase("github.com/faultloc/faultloc/localize/testdata/ordinal", "TestOrdinal"), &Options{MaxSize: 1, FirstFailure: true, Arith: testutil.QuickArith()})
	if err != nil {
		t.Fatal(err)
	}
	c := verifiedOn(rep, faults[0])
	if c == nil {
		t.Fatalf("no verified size-1 candidate on %v:\n%s", faults[0], testutil.Summary(rep))
	}
	if len(c.Angelic) != 1 || c.Angelic[0].Value != `"nd"` {
		t.Errorf("angelic values %+v, want \"nd\"", c.Angelic)
	}
}
