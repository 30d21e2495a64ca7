package main

import (
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples/tcas"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair"
)

// TestParseVersions checks the -versions lists.
func TestParseVersions(t *testing.T) {
	for in, want := range map[string][]int{"1": {1}, "1,5-7": {1, 5, 6, 7}, "3-3,3": {3}} {
		got, err := parseVersions(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("parseVersions(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "40-42", "x", "5-3"} {
		if _, err := parseVersions(in); err == nil {
			t.Errorf("parseVersions(%q): no error", in)
		}
	}
}

// TestSameSyntax checks the identity of a patch with the reference:
// comments and layout aside, the same syntax tree.
func TestSameSyntax(t *testing.T) {
	ref := []byte("package p\n\nfunc f(a, b int) bool {\n\treturn a < b // less\n}\n")
	for src, want := range map[string]bool{
		"package p\nfunc f(a, b int) bool { return a < b }\n":                  true,
		"package p\n\n// f.\nfunc f(a, b int) bool {\n\treturn (a < b)\n}\n":   false,
		"package p\n\nfunc f(a, b int) bool {\n\treturn a <= b // less\n}\n":   false,
		"package p\n\nfunc f(a, b int) bool {\n\treturn a < b /* less */\n}\n": true,
		"package p\n\nfunc f(a, b int) bool {\n\treturn b > a\n}\n":            false,
		"package p\n\nfunc f(a, b int) bool {\n\treturn a <":                   false,
	} {
		if got := sameSyntax([]byte(src), ref); got != want {
			t.Errorf("sameSyntax(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestTCASSubject checks a generated TCAS package: the fault-free port
// passes its whole suite and a version fails it; the generated inputs
// tell the port from the version; the evidence holds failing tests of
// the version.
func TestTCASSubject(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generated package's tests natively")
	}
	t.Parallel()
	ctx := context.Background()
	o := options{Versions: []int{6}, Failing: 2, Passing: 3, Inputs: 200, Seed: 1}
	ss, err := tcasSubjects(o, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	s := ss[0]
	if s.err != "" {
		t.Fatal(s.err)
	}
	if n := strings.Count(s.evidence, "TestT"); n != 5 {
		t.Errorf("evidence %q: %d tests, want 5", s.evidence, n)
	}
	v, err := repair.NewValidator(ctx, ".", &repair.ValidateOptions{Dir: s.dir})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	fixed, err := v.Validate(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: s.reference})
	if err != nil {
		t.Fatal(err)
	}
	if !fixed.Plausible || fixed.Passed != tcas.UniverseSize {
		t.Errorf("the fault-free port: %+v, want all %d tests passing", fixed, tcas.UniverseSize)
	}
	src, err := os.ReadFile(s.file)
	if err != nil {
		t.Fatal(err)
	}
	faulty, err := v.Validate(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: src})
	if err != nil {
		t.Fatal(err)
	}
	ver, _ := tcas.Lookup(6)
	failing, _, _ := ver.FailingTests()
	if faulty.Plausible || len(faulty.Failed) != len(failing) {
		t.Errorf("v6: %d tests fail, want the version's %d", len(faulty.Failed), len(failing))
	}
	for _, c := range []struct {
		src  []byte
		want bool
	}{{s.reference, true}, {src, false}} {
		if got, err := s.equivalent(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: c.src}); err != nil || got != c.want {
			t.Errorf("equivalent = %v, %v; want %v", got, err, c.want)
		}
	}
}

// TestEvaluate repairs TCAS v6 in miniature: the row is complete and,
// if a patch is found plausible, it passed the whole suite.
func TestEvaluate(t *testing.T) {
	if testing.Short() {
		t.Skip("repairs a TCAS version (a minute or more)")
	}
	t.Parallel()
	o := options{Versions: []int{6}, Failing: 2, Passing: 5, Inputs: 200, Seed: 1, Timeout: 4 * time.Minute, MaxPatches: 2, MaxSites: 5, Arith: encode.Integer}
	ss, err := tcasSubjects(o, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := evaluate(context.Background(), ss[0], o, io.Discard)
	t.Log(r.summary())
	if r.err != "" || !r.refOK || r.failing != 2 || r.passing != 5 || r.sites == 0 {
		t.Fatalf("row %+v: want no error, the reference passing, 2 failing and 5 passing cases, a site", r)
	}
	// Validated: up to ten times MaxPatches screened in the patch
	// schema, and up to MaxPatches of those it left out by builds of
	// their own (repair.Options.MaxPatches).
	if r.firstC > 0 && r.firstP == 0 || r.firstP > r.patches || r.checked > 11*o.MaxPatches {
		t.Errorf("row %+v: inconsistent ranks", r)
	}
	var sb strings.Builder
	writeReport(&sb, o, []row{r})
	for _, want := range []string{"go run ./bench/repair", "| v6 | faulty lines 104", "The issue's goal"} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, sb.String())
		}
	}
}

// TestHistoricalWholeSuite checks that a historical bug's patches are
// validated on its package's whole suite, not on the bug's test alone:
// on humanize/reltime-offbyone, the release's file passes all of it,
// and the release's file with the one-second magnitude reworded, which
// the bug's test (TestReltimeOffbyone) does not read, is refuted by
// the tests that do.
func TestHistoricalWholeSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches a module and builds its tests natively")
	}
	t.Parallel()
	ctx := context.Background()
	s := historicalSubjectOf(t, "humanize/reltime-offbyone")
	overfit := strings.Replace(string(s.reference), `"1 second %s"`, `"one second %s"`, 1)
	if overfit == string(s.reference) {
		t.Fatal("times.go has no one-second magnitude to reword")
	}
	v, err := repair.NewValidator(ctx, ".", &repair.ValidateOptions{Dir: s.dir, First: "^TestReltimeOffbyone$"})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	for _, c := range []struct {
		name      string
		src       []byte
		plausible bool
	}{{"reference", s.reference, true}, {"overfit", []byte(overfit), false}} {
		got, err := v.Validate(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: c.src})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case !got.Suite:
			t.Errorf("%s: the whole suite did not run: %+v", c.name, got)
		case got.Plausible != c.plausible:
			t.Errorf("%s: plausible %v, want %v: %+v", c.name, got.Plausible, c.plausible, got)
		case c.plausible && got.Passed < 10:
			t.Errorf("%s: %d tests passed, want the package's whole suite (dozens)", c.name, got.Passed)
		case !c.plausible && slices.Contains(got.Failed, "TestReltimeOffbyone"):
			t.Errorf("%s: the bug's own test fails (%q): the patch should pass it and break others", c.name, got.Failed)
		case !c.plausible && len(got.Failed) == 0:
			t.Errorf("%s: refuted with no failing test: %+v", c.name, got)
		}
	}
}

// historicalSubjectOf makes the historical bug name's subject in a
// temporary directory, without checking the bug (the tests read the
// faulty file through overlays); the test is skipped if it cannot be
// made.
func historicalSubjectOf(t *testing.T, name string) subject {
	t.Helper()
	i := slices.IndexFunc(historical.Bugs, func(b historical.Bug) bool { return b.Name == name })
	if i < 0 {
		t.Fatalf("no historical bug %s", name)
	}
	s := historicalSubject(context.Background(), historical.Bugs[i], t.TempDir(), false)
	if s.err != "" {
		t.Skip("the subject could not be made (is the module fetchable?): ", s.err)
	}
	return s
}
