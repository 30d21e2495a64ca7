package repair

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// TestCasesPattern checks the -run pattern of the failing cases.
func TestCasesPattern(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"TestA"}, "^(?:TestA)$"},
		{[]string{"TestClassify/T8"}, "^(?:TestClassify)$/^(?:T8)$"},
		{[]string{"TestA/x", "TestA/y.z", "TestB"}, `^(?:TestA|TestB)$/^(?:x|y\.z)$`},
	} {
		if got := casesPattern(tc.names); got != tc.want {
			t.Errorf("casesPattern(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}

// absSubject returns testdata/abs's directory, its abs.go and that
// file's content; it skips a short test, as the validation builds the
// subject's test binary once a patch.
func absSubject(t *testing.T) (dir, file string, src []byte) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	dir = filepath.Join(testutil.Root(), "localize", "repair", "testdata", "abs")
	file = filepath.Join(dir, "abs.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return dir, file, src
}

// TestValidateWholeSuite checks what makes a patch plausible: the whole
// suite passing natively, whichever cases run first. On testdata/abs,
// where TestNegativeOne fails, `return 1` fixes it but breaks
// TestNegativeFive: it is refuted, with or without TestNegativeOne run
// first.
func TestValidateWholeSuite(t *testing.T) {
	t.Parallel()
	dir, file, src := absSubject(t)
	// The fault's return, or with a "|" in repl, the fault's return up
	// to the function's last one.
	patched := func(repl string) *Patch {
		i := strings.Index(string(src), "return x //fault")
		j := i + len("return x")
		if before, after, ok := strings.Cut(repl, "|"); ok {
			j = strings.LastIndex(string(src), "return x") + len("return x")
			repl = before + " //fault: should be -x\n\t}\n\t" + after
		}
		return replace(file, src, i, j, repl)
	}
	for _, tc := range []struct {
		name, first, repl string
		plausible, suite  bool
		failed            []string
		err               string
	}{
		{name: "fix", first: "^TestNegativeOne$", repl: "return -x", plausible: true, suite: true},
		{name: "fix, no filter", repl: "return -x", plausible: true, suite: true},
		{name: "overfit", first: "^TestNegativeOne$", repl: "return 1", suite: true, failed: []string{"TestNegativeFive"}},
		{name: "overfit, no filter", repl: "return 1", suite: true, failed: []string{"TestNegativeFive"}},
		{name: "breaks a passing test", first: "^TestNegativeOne$", repl: "return -x|return -x", suite: true, failed: []string{"TestPositive"}},
		{name: "unchanged", first: "^TestNegativeOne$", repl: "return x", failed: []string{"TestNegativeOne"}},
		{name: "unchanged, no filter", repl: "return x", suite: true, failed: []string{"TestNegativeOne", "TestNegativeFive"}},
		{name: "does not build", first: "^TestNegativeOne$", repl: "return -", err: "does not build"},
		// go vet's stringintconv check fails on string(x) of an int:
		// vet is no part of the build, the patch is plausible.
		{name: "vet fails", first: "^TestNegativeOne$", repl: "return -x + 0*len(string(x))", plausible: true, suite: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := NewValidator(context.Background(), ".", &ValidateOptions{Dir: dir, First: tc.first})
			if err != nil {
				t.Fatal(err)
			}
			defer v.Close()
			got, err := v.Validate(context.Background(), patched(tc.repl))
			if err != nil {
				t.Fatal(err)
			}
			if got.Plausible != tc.plausible || got.Suite != tc.suite || !slices.Equal(got.Failed, tc.failed) || !strings.Contains(got.Error, tc.err) || tc.err == "" && got.Error != "" {
				t.Errorf("%s: %+v, want plausible %v, suite %v, failed %q, error %q", tc.repl, got, tc.plausible, tc.suite, tc.failed, tc.err)
			}
			if got.Plausible && got.Passed != 3 {
				t.Errorf("%s: plausible with %d passed, want the suite's 3", tc.repl, got.Passed)
			}
		})
	}
}

// TestValidateHangBounded checks that a patch under which a failing
// case does not end is refuted within a bound from that case's own
// time, not the validator's whole timeout, so that the patches after it
// are still validated: on testdata/abs, a patch loops in
// TestNegativeOne; it is refuted as a run that did not end, and the fix
// after it is plausible. The validator's timeout (10 minutes) is past the
// context's generous deadline, which only a run held for the whole
// timeout reaches. The bound's floor is lowered from minRunTimeout to
// 2 s, which the fix's run of one quick case still ends well within:
// the looping patch spins a core until the bound.
func TestValidateHangBounded(t *testing.T) {
	t.Parallel()
	dir, file, src := absSubject(t)
	i := strings.Index(string(src), "return x //fault")
	patches := []*Patch{
		replace(file, src, i, i+len("return x"), "for {\n\t\t}"), // loops in TestNegativeOne
		replace(file, src, i, i+len("return x"), "return -x"),    // the fix
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	v, err := NewValidator(ctx, ".", &ValidateOptions{Dir: dir, First: "^TestNegativeOne$", Timeout: 10 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	v.minRun = 2 * time.Second
	got := make([]*Validation, len(patches))
	if err := v.validateRanked(ctx, patches, len(patches), func(i int, val *Validation) { got[i] = val }); err != nil {
		t.Fatal(err)
	}
	for k, want := range []bool{false, true} {
		switch val := got[k]; {
		case val == nil:
			t.Errorf("patch %d not validated", k)
		case val.Plausible != want:
			t.Errorf("patch %d: %+v, want plausible %v", k, val, want)
		case !want && !strings.Contains(val.Error, "did not run to its end"):
			t.Errorf("patch %d: %+v, want a run that did not end", k, val)
		}
	}
}
