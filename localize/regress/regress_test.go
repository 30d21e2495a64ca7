package regress

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// sharedSubjects are the options of the regressions that TestRegressMax3
// (max3) and TestRegressAux (scale) explain, whose one-at-a-time reports
// TestRegressParallel compares with its own.
func sharedSubjects() map[string]Options {
	root := testutil.Root()
	scale, _ := filepath.Abs("testdata/scale")
	return map[string]Options{
		"max3": {Old: filepath.Join(root, "examples/max3/correct"), New: filepath.Join(root, "examples/max3"),
			Package: "./examples/max3", Dir: root, BuildFlags: []string{"-tags=faultloc"}, ReverseDD: true},
		"scale": {Old: filepath.Join(scale, "old"), New: filepath.Join(scale, "new"), Package: "./testdata/scale/new", Run: "TestScale"},
	}
}

// sharedReports holds the reports of sharedSubjects explained so far.
var sharedReports struct {
	sync.Mutex
	reps map[string]*Report
}

// explained returns the report of sharedSubjects' name, explaining it
// the first time it is asked for: TestRegressMax3 or TestRegressAux and
// TestRegressParallel share it (each test only reads it, but for the
// fields it blanks or sets before writing it out).
func explained(t *testing.T, name string) *Report {
	t.Helper()
	sharedReports.Lock()
	defer sharedReports.Unlock()
	if rep := sharedReports.reps[name]; rep != nil {
		return rep
	}
	opts := sharedSubjects()[name]
	rep, err := Explain(context.Background(), &opts)
	if err != nil {
		t.Fatal(err)
	}
	if sharedReports.reps == nil {
		sharedReports.reps = map[string]*Report{}
	}
	sharedReports.reps[name] = rep
	return rep
}

// TestRegressMax3 is the done-when of the regression explanation: on the
// AFTER paper's running example, the root cause is c2 and c3 together
// (with no auxiliary change), where classic dd over all changes, trying
// them in the paper's order, blames c3 alone.
func TestRegressMax3(t *testing.T) {
	t.Parallel()
	root := testutil.Root()
	rep := explained(t, "max3")
	var b strings.Builder
	rep.Output.Dir = root
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want []string
	}{
		{"root", rep.Root, []string{"c2", "c3"}},
		{"aux", rep.Aux, []string{}},
		{"kept (the test's table)", rep.Kept, []string{"c5", "c6"}},
		{"dd over all changes, paper's order", rep.Baselines[0].Diff, []string{"c3"}},
	}
	for _, c := range checks {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
	if !rep.Verified {
		t.Error("the root cause is not verified by a run")
	}
	if rep.Tree == nil || !strings.Contains(b.String(), "[c2]") || !strings.Contains(b.String(), "[c3]") {
		t.Error("the cause tree does not reach both c2 and c3")
	}
	testutil.Golden(t, "regress_max3.txt", b.String())
	// The JSON report, times zeroed and paths made relative.
	rep.Effort.Total, rep.Effort.Analysis = 0, 0
	for i := range rep.Baselines {
		rep.Baselines[i].Effort.Total = 0
	}
	var j strings.Builder
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "regress_max3.json", strings.ReplaceAll(j.String(), root+string(filepath.Separator), ""))
}

// TestRegressAux checks the auxiliary changes: the faulty statement of
// testdata/scale calls a function that replaced one the old
// version had, so reverting it alone does not build; the removed
// function and the statement using the new variable must go with it.
func TestRegressAux(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/scale")
	rep := explained(t, "scale")
	var b strings.Builder
	rep.Output.Dir = dir
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	byID := func(ids []string) []string {
		var out []string
		for _, id := range ids {
			for _, c := range rep.Changes {
				if c.ID == id {
					out = append(out, c.Kind.String()+" "+c.Unit+": "+strings.Join(strings.Fields(c.NewText), " ")+" ⇐ "+strings.Join(strings.Fields(c.OldText), " "))
				}
			}
		}
		return out
	}
	if got, want := byID(rep.Root), []string{"modified stmt: k := multiplier(x) ⇐ f := factor()"}; !slices.Equal(got, want) {
		t.Errorf("root = %q, want %q", got, want)
	}
	if got, want := byID(rep.Aux), []string{"modified stmt: return x * k ⇐ return x * f", "removed decl:  ⇐ func factor() int { return 2 }"}; !slices.Equal(got, want) {
		t.Errorf("aux = %q, want %q", got, want)
	}
	if !rep.Verified {
		t.Error("root and aux are not verified by a run")
	}
	for _, bl := range rep.Baselines {
		if bl.Effort.Unresolved == 0 && bl.Name == "dd over all changes" {
			t.Errorf("%s: no unresolved version, but some subsets of the changes do not build", bl.Name)
		}
	}
	testutil.Golden(t, "regress_scale.txt", b.String())
	var h strings.Builder
	rep.OldDir, rep.NewDir, rep.Output.Dir = filepath.Join(dir, "old"), filepath.Join(dir, "new"), dir
	if err := rep.WriteHTML(&h); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="c root" title="c1">	k := multiplier(x)`, `class="c aux" title="c3">func factor() int { return 2 }`, `class="c aux" title="c2">	return x * k`} {
		if !strings.Contains(h.String(), want) {
			t.Errorf("the HTML page lacks %q", want)
		}
	}
}

// TestRegressErrors checks the typed errors of what is not a regression.
func TestRegressErrors(t *testing.T) {
	dir, _ := filepath.Abs("testdata/scale")
	_, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/scale/new", Run: "TestOffset",
	})
	var nr *NoRegressionError
	if !errors.As(err, &nr) {
		t.Errorf("passing test: err = %v, want a *NoRegressionError", err)
	}
	if _, err := Explain(context.Background(), &Options{New: dir}); err == nil {
		t.Error("no package: no error")
	}
}

// TestRegressionTechnique runs regression explanation as a pipeline
// stage on max3's failing case: one verified candidate, the root
// changes' lines.
func TestRegressionTechnique(t *testing.T) {
	t.Parallel()
	root := testutil.Root()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: root, Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./examples/max3")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/examples/max3"
	tech := &Technique{Options: Options{
		Old: filepath.Join(root, "examples/max3/correct"), New: filepath.Join(root, "examples/max3"),
		Package: "./examples/max3", Dir: root, BuildFlags: []string{"-tags=faultloc"},
	}}
	rep, err := tech.Localize(context.Background(), &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestMax3/failing")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Candidates) != 1 || !rep.Candidates[0].Verified {
		t.Fatalf("candidates %+v, want one verified", rep.Candidates)
	}
	var lines []int
	for _, l := range rep.Candidates[0].Locations {
		lines = append(lines, l.Line)
	}
	if want := []int{21, 29}; !slices.Equal(lines, want) {
		t.Errorf("candidate lines %v, want %v (c2 and c3)", lines, want)
	}
	if tech.Last == nil || len(tech.Last.Baselines) != 0 {
		t.Error("Last is not the stage's report (without baselines)")
	}
}

// TestRegressMax3SourceOrder pins what classic dd over max3's changes
// gives when it tries them in source order rather than the paper's: c1
// (with c2 applied, applying c1 too fails), another 1-minimal difference
// that is not the cause, while AFTER's root cause stays c2+c3.
func TestRegressMax3SourceOrder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs max3's versions again")
	}
	t.Parallel()
	root := testutil.Root()
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(root, "examples/max3/correct"), New: filepath.Join(root, "examples/max3"),
		Package: "./examples/max3", Dir: root, BuildFlags: []string{"-tags=faultloc"}, NoSolver: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rep.Root, []string{"c2", "c3"}) {
		t.Errorf("root %v, want [c2 c3]", rep.Root)
	}
	if got := rep.Baselines[0].Diff; !slices.Equal(got, []string{"c1"}) {
		t.Errorf("dd over all changes in source order: %v, want [c1]", got)
	}
	if rep.Solver != "not run (NoSolver)" {
		t.Errorf("Solver = %q with NoSolver", rep.Solver)
	}
}

// TestRegressCannotRun: with interpreted trials only, a failing case the
// interpreter cannot run on the new version is a *CannotRunError naming
// the case and the construct, never "no case fails".
func TestRegressCannotRun(t *testing.T) {
	dir, _ := filepath.Abs("testdata/unrunnable")
	_, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/unrunnable/new", NoBaselines: true, Trials: TrialsInterp,
	})
	var cr *CannotRunError
	if !errors.As(err, &cr) {
		t.Fatalf("err = %v, want a *CannotRunError", err)
	}
	if cr.Version != "new" || len(cr.Cases) != 1 || cr.Cases[0].Case != "TestLast" {
		t.Errorf("CannotRunError %+v, want TestLast on the new version", cr)
	}
	if msg := err.Error(); !strings.Contains(msg, "TestLast") || !strings.Contains(msg, "reflect.Select") {
		t.Errorf("the error does not name the case and the construct: %s", msg)
	}
	var nr *NoRegressionError
	if errors.As(err, &nr) {
		t.Error("the error is also a *NoRegressionError")
	}
}

// TestRegressPartial stops the search of max3's regression after its
// k-th version (through Options.Progress): every time, Explain returns the
// context's error and the report so far, marked partial with the cause,
// never verified, and as root the smallest set seen to pass when reverted
// (after the first version, every change).
func TestRegressPartial(t *testing.T) {
	if testing.Short() {
		t.Skip("runs max3's versions again")
	}
	t.Parallel()
	root := testutil.Root()
	stop := errors.New("stopped by the test")
	for _, k := range []int{1, 2, 3, 4} { // max3: 1 all reverted, 2-3 the rounds, 4 delta debugging (the final run's version)
		t.Run(fmt.Sprint("after", k), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			rep, err := Explain(ctx, &Options{
				Old: filepath.Join(root, "examples/max3/correct"), New: filepath.Join(root, "examples/max3"),
				Package: "./examples/max3", Dir: root, BuildFlags: []string{"-tags=faultloc"}, NoSolver: true, NoBaselines: true,
				Progress: func(tr Trial) {
					if tr.Method == "AFTER" && tr.N == k {
						cancel(stop)
					}
				},
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err = %v, want context.Canceled", err)
			}
			if rep == nil || !rep.Partial || rep.Reason != stop.Error() || rep.Verified {
				t.Fatalf("report %+v, want partial with the cause, not verified", rep)
			}
			if len(rep.Failing) != 1 {
				t.Errorf("failing cases %v, want max3's one", rep.Failing)
			}
			if len(rep.Root) == 0 { // the version with every change reverted passed first
				t.Errorf("stopped at version %d: no root, want the smallest set seen to pass", k)
			}
			if k == 1 {
				var free []string
				for _, c := range rep.Changes {
					if !slices.Contains(rep.Kept, c.ID) {
						free = append(free, c.ID)
					}
				}
				if !slices.Equal(rep.Root, free) {
					t.Errorf("stopped after the version with every change reverted: root %v, want every change not kept, %v", rep.Root, free)
				}
			}
			var b strings.Builder
			rep.Output.Dir = root
			if err := rep.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "PARTIAL: stopped before the search ended (stopped by the test)") {
				t.Errorf("the text does not say it is partial:\n%s", b.String())
			}
		})
	}
}

// TestRegressNativeFallback: by default, a failing case the interpreter
// cannot run is explained with native trials: no semantic analysis (the
// report says why), the root cause searched among every change.
func TestRegressNativeFallback(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/unrunnable")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/unrunnable/new", NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Trials != "native" || !strings.Contains(rep.AnalysisError, "reflect.Select") {
		t.Errorf("trials %q, analysis %q; want native, and why the interpreter did not run", rep.Trials, rep.AnalysisError)
	}
	if !slices.Equal(rep.Failing, []string{"TestLast"}) || !slices.Equal(rep.Root, []string{"c1"}) || !rep.Verified || rep.Rounds != -1 {
		t.Errorf("failing %v, root %v (verified %v, rounds %d); want TestLast, [c1] verified among every change", rep.Failing, rep.Root, rep.Verified, rep.Rounds)
	}
	if rep.Failure != "pick_test.go:13: Last = 1, want 3" {
		t.Errorf("failure %q, want go test's message", rep.Failure)
	}
}

// TestRegressNativeAux: native trials on the auxiliary-changes subject
// give the interpreted trials' root cause and auxiliary changes (the
// versions that do not type-check are not built), with the semantic
// analysis still interpreted.
func TestRegressNativeAux(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/scale")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/scale/new", Run: "TestScale", NoSolver: true, NoBaselines: true,
		Trials: TrialsNative,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Trials != "native" || rep.AnalysisError != "" || len(rep.Causes) == 0 {
		t.Errorf("trials %q, analysis %q, %d causes; want native trials after an interpreted analysis", rep.Trials, rep.AnalysisError, len(rep.Causes))
	}
	if !slices.Equal(rep.Root, []string{"c1"}) || !slices.Equal(rep.Aux, []string{"c2", "c3"}) || !rep.Verified {
		t.Errorf("root %v, aux %v (verified %v), want [c1], [c2 c3] verified", rep.Root, rep.Aux, rep.Verified)
	}
}

func TestTrialString(t *testing.T) {
	tests := []struct {
		t    Trial
		want string
	}{
		{Trial{Method: "AFTER", N: 1, Reverted: []string{"c1", "c2"}, Outcome: slicing.Pass, Elapsed: 1500 * time.Millisecond}, "AFTER, version 1, reverted c1 c2: pass (1.5s)"},
		{Trial{Method: "dd over all changes", N: 3, Outcome: slicing.Fail}, "dd over all changes, version 3, reverted none: fail (0s)"},
		{Trial{Method: "AFTER", N: 2, Reverted: []string{"c3"}, Outcome: slicing.Unresolved, Why: "TestX: the case was not reached"}, "AFTER, version 2, reverted c3: unresolved (0s): TestX: the case was not reached"},
	}
	for _, tt := range tests {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// TestFirstResolved checks git bisect skip's order: the middle first,
// then the nearest versions inside the range, above before below.
func TestFirstResolved(t *testing.T) {
	tests := []struct {
		name        string
		outcomes    map[int]slicing.Outcome // missing: unresolved
		mid, lo, hi int
		want        slicing.Outcome
		wantAt      int
		wantTried   []int
	}{
		{"middle resolves", map[int]slicing.Outcome{5: slicing.Fail}, 5, 0, 10, slicing.Fail, 5, []int{5}},
		{"above first", map[int]slicing.Outcome{6: slicing.Pass, 4: slicing.Fail}, 5, 0, 10, slicing.Pass, 6, []int{5, 6}},
		{"then below", map[int]slicing.Outcome{4: slicing.Fail}, 5, 0, 10, slicing.Fail, 4, []int{5, 6, 4}},
		{"range bounds untried", map[int]slicing.Outcome{}, 2, 1, 4, slicing.Unresolved, 2, []int{2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tried []int
			o, at, err := firstResolved(func(i int) (slicing.Outcome, error) {
				tried = append(tried, i)
				if o, ok := tt.outcomes[i]; ok {
					return o, nil
				}
				return slicing.Unresolved, nil
			}, tt.mid, tt.lo, tt.hi)
			if err != nil || o != tt.want || at != tt.wantAt || !slices.Equal(tried, tt.wantTried) {
				t.Errorf("got %v at %d (err %v), tried %v; want %v at %d, tried %v", o, at, err, tried, tt.want, tt.wantAt, tt.wantTried)
			}
		})
	}
}

// TestRegressOldTests: the new release changed Parse's signature, which
// its TestParse uses, so the old version builds only with the old
// version's TestParse; the versions tried get it, and TestSum's file
// stays the new one.
func TestRegressOldTests(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/oldtests")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/oldtests/new", Run: "TestSum", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OldTests {
		t.Error("OldTests is false")
	}
	var root []string
	for _, id := range rep.Root {
		for _, c := range rep.Changes {
			if c.ID == id {
				root = append(root, strings.Join(strings.Fields(c.NewText), " "))
			}
		}
	}
	if !slices.Equal(root, []string{"for _, x := range xs[1:]"}) || !rep.Verified {
		t.Errorf("root %q (verified %v), want Sum's loop header, verified", root, rep.Verified)
	}
}

func TestImportName(t *testing.T) {
	tests := []struct {
		code, want string
		ok         bool
	}{
		{`"github.com/expr-lang/expr/checker/nature"`, "nature", true},
		{`import "strings"`, "strings", true},
		{`yaml "gopkg.in/yaml.v3"`, "yaml", true},
		{`"github.com/pelletier/go-toml/v2"`, "go-toml", true}, // the package is toml: not recognized
		{`_ "embed"`, "_", false},
		{`func nature() {}`, "", false},
		{`x := "a b"`, "", false},
	}
	for _, tt := range tests {
		got, ok := importName(tt.code)
		if got != tt.want || ok != tt.ok {
			t.Errorf("importName(%q) = %q, %v; want %q, %v", tt.code, got, ok, tt.want, tt.ok)
		}
	}
}

// TestRegressOtherTests: with native trials (whose builds are checked by
// the type checker alone), the dependency sub changed Scale's signature
// and its own tests call the new one; those tests are not the tested
// package's, so the version with Scale's old signature builds, and
// reverting Quad's change with Scale's (its auxiliary changes) is the
// answer.
func TestRegressOtherTests(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/othertests")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"), Dir: filepath.Join(dir, "new"),
		Package: ".", Run: "TestQuad", NoSolver: true, NoBaselines: true, Trials: TrialsNative,
	})
	if err != nil {
		t.Fatal(err)
	}
	var reverted []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) || slices.Contains(rep.Aux, c.ID) {
			reverted = append(reverted, strings.Join(strings.Fields(c.NewText+" ⇐ "+c.OldText), " "))
		}
	}
	slices.Sort(reverted)
	if want := []string{"func Scale(x, k int) int ⇐ func Scale(x int) int", "return k * x ⇐ return 2 * x", "return sub.Scale(x, 3) ⇐ return sub.Scale(sub.Scale(x))"}; !slices.Equal(reverted, want) || !rep.Verified {
		t.Errorf("root and aux %q (verified %v); want %q, verified", reverted, rep.Verified, want)
	}
}

// TestRegressNarrow: the new version added an if block whose second
// statement is the fault; with every change searched (native trials,
// no causes), delta debugging settles on the block's header, and the
// root cause narrows to that one statement, whose reversal passes too.
func TestRegressNarrow(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/narrow")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/narrow/new", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, strings.TrimSpace(c.NewText))
		}
	}
	if !slices.Equal(root, []string{"x++"}) || !rep.Verified {
		t.Errorf("root %q (verified %v), want the added x++, verified", root, rep.Verified)
	}
}

// TestRegressAddedIf: testdata/addedif's new Clamp calls an added
// function whose second if has the wrong condition. Reverting the call
// site alone passes, and so does deleting the if's one statement; the
// root cause is the if, where the wrong value starts, not the call site
// that passes it on nor the statement its condition guards.
func TestRegressAddedIf(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/addedif")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/addedif/new", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, c.Unit+" "+c.New.Lines())
		}
	}
	if !slices.Equal(root, []string{"if header 16-18"}) || !rep.Verified {
		t.Errorf("root %q (verified %v), want the added if at lines 16-18, verified", root, rep.Verified)
	}
	if rep.Chosen != ChosenAddedCode || len(rep.Found) == 0 || slices.Equal(rep.Found, rep.Root) {
		t.Errorf("chosen %q in place of %v, want %q in place of delta debugging's minimal set (the call site)", rep.Chosen, rep.Found, ChosenAddedCode)
	}
}

// TestRegressNestedAdded: testdata/nestedadd's new isPipe adds an if
// block whose loop misses the ':' ending a modifier's name, so the
// callee parse never sets the caller's c.piped, which Piped returns.
// The failing run executes the statements nested in the block, and the
// failure depends on them through that omitted store into the caller's
// context (a potential dependence through the pointer parse was given):
// the loop's if and the block's return must be among the causes, not
// only the block's header.
func TestRegressNestedAdded(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/nestedadd")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/nestedadd/new", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	causes := map[string]bool{}
	for _, c := range rep.Causes {
		causes[c.Change] = true
	}
	var nested []string
	for _, c := range rep.Changes {
		if c.Parent != "" && causes[c.ID] {
			nested = append(nested, strings.SplitN(strings.TrimSpace(c.NewText), "\n", 2)[0])
		}
	}
	for _, want := range []string{"if s[i] == '.' { // the regression: a modifier's name also ends at ':'", `return s[1:i] == "pretty"`} {
		if !slices.Contains(nested, want) {
			t.Errorf("nested changes among the causes %q, want %q among them", nested, want)
		}
	}
	// The faulty if, nested deepest in the added block, is the first fix
	// site: the block's own conditions raise its round above the loop's
	// and the return's. A switch of its branch passes, and the block
	// holding it is an auxiliary change of the root delta debugging found
	// (the added c := s[0] the block reads), so it takes the root's place.
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, strings.SplitN(strings.TrimSpace(c.NewText), "\n", 2)[0])
		}
	}
	if len(root) != 1 || !strings.HasPrefix(root[0], "if s[i] == '.' {") || rep.Chosen != ChosenBroughtIn || len(rep.Found) != 1 || !slices.Equal(rep.Enclosing, rep.Found) || !rep.Verified {
		t.Errorf("root %q (chosen %q in place of %v, found %v, verified %v), want the loop's if brought in, in place of the root found, verified; fix sites %+v", root, rep.Chosen, rep.Enclosing, rep.Found, rep.Verified, rep.FixSites)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if len(rep.Root) == 1 && len(rep.Enclosing) == 1 {
		want := fmt.Sprintf("root cause: %s (the statement of added code, deleted with %s as an auxiliary change, that decides the failure", rep.Root[0], rep.Enclosing[0])
		verified := fmt.Sprintf("verified: reverting them, with %s in place of the statement whose added code it needs deleted, makes the cases pass)", rep.Enclosing[0])
		if !strings.Contains(b.String(), want) || !strings.Contains(b.String(), verified) {
			t.Errorf("text report lacks %q or %q:\n%s", want, verified, b.String())
		}
	}
}

// firstFixSite returns the first line of the text of rep's first fix
// site, or "" without any.
func firstFixSite(rep *Report) string {
	if len(rep.FixSites) == 0 {
		return ""
	}
	for _, c := range rep.Changes {
		if c.ID == rep.FixSites[0].Change {
			line, _, _ := strings.Cut(strings.TrimSpace(c.NewText), "\n")
			return line
		}
	}
	return ""
}

// TestRegressSwap: in testdata/swap, isPipe takes a string instead of a
// byte and adds a modifier check whose loop misses the ':' ending a
// modifier's name; its last return no longer accepts '@'. Reverting the
// return with splitObject's call site passes, the call site taking the
// whole new isPipe along as auxiliary changes (its old parameter); so
// does reverting the return with the added check, a set of the same
// size needing none. The statements of the added check are fix sites;
// switching the faulty if, nested in the check, passes, so it takes the
// check's place in the root cause (Enclosing names the check).
func TestRegressSwap(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/swap")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/swap/new", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			line, _, _ := strings.Cut(strings.TrimSpace(c.NewText), "\n")
			root = append(root, line)
		}
	}
	slices.Sort(root)
	if !slices.Equal(root, []string{"if s[i] == '.' || s[i] == '|' { // the regression: a modifier's name also ends at ':'", "return c == '[' || c == '{'"}) || len(rep.Aux) > 0 || !rep.Verified {
		t.Errorf("root %q (aux %v, verified %v), want the loop's if and the last return, no auxiliary change, verified", root, rep.Aux, rep.Verified)
	}
	var enclosing []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Enclosing, c.ID) {
			line, _, _ := strings.Cut(strings.TrimSpace(c.NewText), "\n")
			enclosing = append(enclosing, line)
		}
	}
	if rep.Chosen != ChosenSwitched || !slices.Equal(enclosing, []string{"if c == '@' {"}) || len(rep.Found) != len(rep.Root) || slices.Equal(rep.Found, rep.Root) {
		t.Errorf("chosen %q in %q, in place of %v; want %q in the added check, delta debugging's set of the same size replaced", rep.Chosen, enclosing, rep.Found, ChosenSwitched)
	}
	if first := firstFixSite(rep); !strings.HasPrefix(first, "for ; i < len(s); i++ {") {
		t.Errorf("first fix site %q, want the loop; fix sites %+v", first, rep.FixSites)
	}
}

// TestRegressParallel: versions tried at once (Options.Parallel) give the
// answer of one at a time, on the auxiliary-changes subject and, with
// -tags long (.ci/run), on max3 (the semantic rounds and delta
// debugging), baselines included (with -short, the former only: the
// race detector's run in CI). The answers one at a time are
// TestRegressAux's and TestRegressMax3's (explained).
func TestRegressParallel(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"max3", "scale"} {
		t.Run(name, func(t *testing.T) {
			if (testing.Short() || !longtest.Enabled) && name == "max3" {
				t.Skip("runs max3's versions again: with -tags long, not with -short")
			}
			seq := explained(t, name)
			opts := sharedSubjects()[name]
			opts.Parallel = 3
			par, err := Explain(context.Background(), &opts)
			if err != nil {
				t.Fatalf("Parallel 3: %v", err)
			}
			if !slices.Equal(seq.Root, par.Root) || !slices.Equal(seq.Aux, par.Aux) || seq.Verified != par.Verified || !par.Verified {
				t.Errorf("one at a time: root %v aux %v verified %v; three at once: root %v aux %v verified %v", seq.Root, seq.Aux, seq.Verified, par.Root, par.Aux, par.Verified)
			}
			for i := range seq.Baselines {
				if !slices.Equal(seq.Baselines[i].Diff, par.Baselines[i].Diff) {
					t.Errorf("baseline %s: %v one at a time, %v three at once", seq.Baselines[i].Name, seq.Baselines[i].Diff, par.Baselines[i].Diff)
				}
			}
		})
	}
}

// TestRegressFixSites: the new version of testdata/rewrite rewrote Parse
// around a scanner whose values end at the first space. The root cause
// is the rewrite, Parse's call to the scanner (reverting it brings the
// old loop back); the fault lies in the scanner, new code that no
// reversal singles out. It is among the fix sites, which hold only the
// scanner's lines: the code the rewrite brought into the failing run.
func TestRegressFixSites(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/rewrite")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/rewrite/new", NoBaselines: true, NoSolver: true, // the solver's marks vary with the machine's load
	})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*changes.Change{}
	for _, c := range rep.Changes {
		byID[c.ID] = c
	}
	if root := rootTexts(rep); !slices.Equal(root, []string{"scan(src, out)"}) || !rep.Verified {
		t.Errorf("root %q (verified %v), want Parse's call to scan, verified", root, rep.Verified)
	}
	src, err := os.ReadFile(filepath.Join(dir, "new", "scan.go"))
	if err != nil {
		t.Fatal(err)
	}
	fault := 1 + strings.Count(string(src[:strings.Index(string(src), "// the fault")]), "\n")
	found := 0
	for _, s := range rep.FixSites {
		if c := byID[s.Change]; c.File != "scan.go" {
			t.Errorf("fix site %d, %s, is not in the scanner", s.Rank, c)
		}
		for _, p := range s.Lines {
			if p.Line == fault && found == 0 {
				found = s.Rank
			}
		}
	}
	if found == 0 {
		t.Errorf("no fix site holds the faulty line scan.go:%d; fix sites %+v", fault, rep.FixSites)
	}
	var b strings.Builder
	rep.Output.Dir = dir
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "regress_rewrite.txt", b.String())
}

// TestRegressNativeCannotRun: the new version's package initializer
// panics, so its native test binary ends before it runs a case: that is
// a *CannotRunError naming why, not "no case fails".
func TestRegressNativeCannotRun(t *testing.T) {
	dir, _ := filepath.Abs("testdata/initpanic")
	_, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/initpanic/new", NoSolver: true, NoBaselines: true, Trials: TrialsNative,
	})
	var cr *CannotRunError
	if !errors.As(err, &cr) {
		t.Fatalf("err = %v, want a *CannotRunError", err)
	}
	if msg := err.Error(); cr.Version != "new" || !strings.Contains(msg, "ended before it ran a case") || !strings.Contains(msg, "no limit configured") {
		t.Errorf("the error does not say why the cases could not run: %s", msg)
	}
}

// TestRegressBaselinesStopped stops max3's explanation at the first
// version a baseline tries: AFTER's answer is complete (not partial,
// verified), and each baseline stopped says so.
func TestRegressBaselinesStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("runs max3's versions again")
	}
	t.Parallel()
	root := testutil.Root()
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	rep, err := Explain(ctx, &Options{
		Old: filepath.Join(root, "examples/max3/correct"), New: filepath.Join(root, "examples/max3"),
		Package: "./examples/max3", Dir: root, BuildFlags: []string{"-tags=faultloc"}, NoSolver: true,
		Progress: func(tr Trial) {
			if tr.Method != "AFTER" {
				cancel(errors.New("stopped by the test"))
			}
		},
	})
	if err != nil {
		t.Fatalf("err = %v, want none: the search ended", err)
	}
	if rep.Partial || !rep.Verified || !slices.Equal(rep.Root, []string{"c2", "c3"}) {
		t.Errorf("partial %v, verified %v, root %v; want a complete, verified [c2 c3]", rep.Partial, rep.Verified, rep.Root)
	}
	if len(rep.Baselines) != 3 {
		t.Fatalf("%d baselines, want 3", len(rep.Baselines))
	}
	for _, b := range rep.Baselines {
		if !strings.Contains(b.Err, "stopped before it ended: stopped by the test") {
			t.Errorf("baseline %s: Err %q, want it stopped by the test", b.Name, b.Err)
		}
	}
}

// TestRegressTighten: in testdata/tighten, Pad's call width(s, 1) comes
// first in the file, and reverting it alone passes with width's old
// signature and its faulty return statement as auxiliary changes; the
// root cause is the return statement, whose reversal alone passes with
// no auxiliary change. Or's fault is a whole added block whose
// statements need each other: reverting one of them needs the block
// reverted, so the root cause is the block, not a statement with the
// block as its auxiliary change.
func TestRegressTighten(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/tighten")
	for _, tt := range []struct {
		run, root string
		chosen    string // Report.Chosen
	}{
		{"TestPad", "return len(s) + extra", ChosenAuxiliary},
		{"TestOr", "if s == \"\" {", ""}, // delta debugging's set, widened to the block
	} {
		t.Run(tt.run, func(t *testing.T) {
			rep, err := Explain(context.Background(), &Options{
				Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
				Package: "./testdata/tighten/new", Run: "^" + tt.run + "$", NoSolver: true, NoBaselines: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			byID := map[string]*changes.Change{}
			for _, c := range rep.Changes {
				byID[c.ID] = c
			}
			var root []string
			for _, id := range rep.Root {
				line, _, _ := strings.Cut(byID[id].NewText, "\n")
				line, _, _ = strings.Cut(line, " //")
				root = append(root, line)
			}
			if !slices.Equal(root, []string{tt.root}) || !rep.Verified {
				t.Errorf("root %q (verified %v, aux %v), want %q, verified", root, rep.Verified, rep.Aux, tt.root)
			}
			if rep.Chosen != tt.chosen || (len(rep.Found) == 0) != (tt.chosen == "") {
				t.Errorf("chosen %q in place of %v, want %q", rep.Chosen, rep.Found, tt.chosen)
			}
			for _, id := range rep.Root {
				for p := byID[byID[id].Parent]; p != nil; p = byID[p.Parent] {
					if slices.Contains(rep.Aux, p.ID) {
						t.Errorf("root change %s is nested in %s, one of its auxiliary changes", id, p.ID)
					}
				}
			}
		})
	}
}

// TestRegressOrigin: the root cause is where the wrong value starts
// among changes that cannot be reverted apart. In testdata/origin,
// Label's call format(s) and format's new statement prefix := "> " need
// each other (and format's signature) to be reverted, and the failure
// depends on the statement through the call. In testdata/table, the
// new table of layouts cannot be reverted without the rewritten lookup
// reading it (its loop, its signature, its call), which can be
// reverted without the table: the loop depends on the table. The text
// report says so (testdata/regress_origin.txt, regress_table.txt).
func TestRegressOrigin(t *testing.T) {
	t.Parallel()
	tests := []struct {
		subject, run string
		root, aux    string // prefixes of the root's one change and of an auxiliary change
		chosen       string // Report.Chosen
	}{
		{"origin", "^TestLabel$", `prefix := "> "`, "return format(s)", ChosenOrigin},
		// delta debugging finds the table; tighten's lookup, which
		// reverted alone passes, is put back by origin
		{"table", "^TestNumeric$", "var table = []entry{", "return lookup(s, table)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			dir, _ := filepath.Abs(filepath.Join("testdata", tt.subject))
			rep, err := Explain(context.Background(), &Options{
				Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
				Package: "./testdata/" + tt.subject + "/new", Run: tt.run, NoSolver: true, NoBaselines: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			var root, aux []string
			for _, c := range rep.Changes {
				text := strings.TrimSpace(c.NewText)
				switch {
				case slices.Contains(rep.Root, c.ID):
					root = append(root, text)
				case slices.Contains(rep.Aux, c.ID):
					aux = append(aux, text)
				}
			}
			hasAux := slices.ContainsFunc(aux, func(a string) bool { return strings.HasPrefix(a, tt.aux) })
			if len(root) != 1 || !strings.HasPrefix(root[0], tt.root) || !hasAux || !rep.Verified {
				t.Errorf("root %q (aux %q, verified %v); want %q, with %q among the auxiliary changes, verified", root, aux, rep.Verified, tt.root, tt.aux)
			}
			if rep.Chosen != tt.chosen || (len(rep.Found) == 0) != (tt.chosen == "") {
				t.Errorf("chosen %q in place of %v, want %q", rep.Chosen, rep.Found, tt.chosen)
			}
			// The text says how the root was chosen, not that it
			// is among the causes delta debugging searched.
			var b strings.Builder
			rep.Output.Dir = dir
			if err := rep.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			testutil.Golden(t, "regress_"+tt.subject+".txt", b.String())
		})
	}
}

// TestRegressOldTestsHideFault: testdata/oldapi's old TestTwice calls
// Twice with its old signature, so the new version built for it reverts
// the new Twice and Apply's call of it, the fault: it passes. The
// versions tried keep the new tests, and the root cause is the new
// Twice's return.
func TestRegressOldTestsHideFault(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/oldapi")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/oldapi/new", Run: "^TestApply$", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, strings.TrimSpace(c.NewText))
		}
	}
	if rep.OldTests || !slices.Equal(root, []string{"return x*2 + plus"}) || !rep.Verified {
		t.Errorf("old tests %v, root %q (aux %v, verified %v); want the new tests and root Twice's return, verified", rep.OldTests, root, rep.Aux, rep.Verified)
	}
}

// explainSwitching explains testdata/subject's regression (its old and
// new directories) without solver and baselines, with predicate
// switching unless noSwitch.
func explainSwitching(t *testing.T, subject string, noSwitch bool) *Report {
	t.Helper()
	rep, _ := explainWith(t, subject, Options{NoSwitch: noSwitch})
	return rep
}

// TestRegressSwitchFix: in testdata/switchfix, isPipe now calls an
// added function, known, which cuts a modifier's name at ':' in a loop
// (an if in an if in it) and looks the name up only if it is shorter
// than six letters: the fault, an if nested one level deep. Reverting
// isPipe's return is the root cause; known's statements are fix sites.
// The structural order (NoSwitch) ranks the loop's more deeply nested
// statements first; switching the faulty if's one decision makes the
// case pass, switching the loop's branches does not, so with switching
// it is the first fix site.
func TestRegressSwitchFix(t *testing.T) {
	t.Parallel()
	explain := func(noSwitch bool) *Report { return explainSwitching(t, "switchfix", noSwitch) }
	const faulty = "if len(name) < 6 {"
	if first := firstFixSite(explain(true)); first == "" || strings.HasPrefix(first, faulty) {
		t.Fatalf("structural order: first fix site %q, want another: the subject does not exercise the switching", first)
	}
	rep := explain(false)
	if first := firstFixSite(rep); !strings.HasPrefix(first, faulty) {
		t.Errorf("first fix site %q, want %q; fix sites %+v", first, faulty, rep.FixSites)
	}
	sw := rep.Switching
	if sw == nil || sw.Partial || sw.Runs == 0 || sw.Tried != sw.Sites {
		t.Errorf("switching %+v, want every site with a branch tried", sw)
	}
	for _, s := range rep.FixSites[1:] {
		if s.Switched {
			t.Errorf("fix site %s switched to a pass too, want only the faulty if", s.Change)
		}
	}
}

// TestRegressRemovedCause: testdata/removed's new Key drops the
// statement that trimmed the name, in a function the failing run
// executes, beside a rewritten return that is a cause but harmless. No
// event reaches removed code, so without the rule for it the causes of
// every round, reverted, still fail and the search falls back to every
// change; with it the removed statement is a cause in the round of the
// function's code it precedes, and the rounds find the root cause.
func TestRegressRemovedCause(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/removed")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/removed/new", NoSolver: true, NoBaselines: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var removed string
	for _, c := range rep.Changes {
		if c.Kind == changes.Removed && c.Unit == "stmt" {
			removed = c.ID
		}
	}
	if removed == "" {
		t.Fatalf("no removed statement among the changes %v", rep.Changes)
	}
	if !slices.ContainsFunc(rep.Causes, func(c Cause) bool { return c.Change == removed }) {
		t.Errorf("causes %v, want the removed statement %s among them", rep.Causes, removed)
	}
	if rep.Rounds < 0 {
		t.Errorf("rounds %d: the causes of no round made the case pass", rep.Rounds)
	}
	if !slices.Equal(rep.Root, []string{removed}) || !rep.Verified {
		t.Errorf("root %v (verified %v), want the removed statement %s", rep.Root, rep.Verified, removed)
	}
}

// TestRegressSwitchNested: in testdata/switchnested, IsPipe gained an if
// block that reads a modifier's name up to '.' or '|', the fault being
// the if nested in its loop (':' ends a name too). Reverting the block
// deletes its statements together, so the minimal set blames the whole
// block (with the return it changed); switching the nested if's
// decision passes, so it takes the block's place in the root cause.
// Without switching the block stays.
func TestRegressSwitchNested(t *testing.T) {
	t.Parallel()
	explain := func(noSwitch bool) *Report { return explainSwitching(t, "switchnested", noSwitch) }
	first := func(rep *Report, id string) string {
		for _, c := range rep.Changes {
			if c.ID == id {
				line, _, _ := strings.Cut(strings.TrimSpace(c.NewText), "\n")
				return line
			}
		}
		return ""
	}
	roots := func(rep *Report) []string {
		var out []string
		for _, id := range rep.Root {
			out = append(out, first(rep, id))
		}
		slices.Sort(out)
		return out
	}
	const block, nested = "if s[0] == '@' {", "if s[i] == '.' || s[i] == '|' { // the regression: ':' ends a name too"
	plain := explain(true)
	if !plain.Verified || !slices.Contains(roots(plain), block) || plain.Chosen == ChosenSwitched {
		t.Fatalf("without switching: root %q (chosen %q, verified %v), want the added block: the subject does not exercise the narrowing", roots(plain), plain.Chosen, plain.Verified)
	}
	rep := explain(false)
	if got := roots(rep); !slices.Contains(got, nested) || slices.Contains(got, block) {
		t.Errorf("root %q, want the nested if in place of the block %q", got, block)
	}
	if rep.Chosen != ChosenSwitched || len(rep.Enclosing) != 1 || first(rep, rep.Enclosing[0]) != block || !rep.Verified {
		t.Errorf("chosen %q, enclosing %v, verified %v; want %q, the block, verified", rep.Chosen, rep.Enclosing, rep.Verified, ChosenSwitched)
	}
	if !slices.Equal(rep.Found, plain.Root) {
		t.Errorf("found %v, want the root without switching %v", rep.Found, plain.Root)
	}
	for i, s := range rep.FixSites {
		if slices.Contains(rep.Root, s.Change) || s.Rank != i+1 {
			t.Errorf("fix site %+v at %d: a root change, or ranked out of order", s, i)
		}
	}
}
