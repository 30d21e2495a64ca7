package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/internal/sarifcheck"
)

// faultLines returns the lines of file marked //fault:.
func faultLines(t *testing.T, file string) []int {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "//fault:") {
			lines = append(lines, i+1)
		}
	}
	if len(lines) == 0 {
		t.Fatalf("%s marks no fault", file)
	}
	return lines
}

// sarifResult is what the tests read of a SARIF result.
type sarifResult struct {
	RuleID    string `json:"ruleId"`
	Level     string `json:"level"`
	Locations []struct {
		PhysicalLocation struct {
			ArtifactLocation struct{ URI, URIBaseID string }      `json:"artifactLocation"`
			Region           struct{ StartLine, StartColumn int } `json:"region"`
		} `json:"physicalLocation"`
	} `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Properties          map[string]any    `json:"properties"`
}

// runSARIF runs the command, validates its SARIF output against the
// schema's structure and returns the results.
func runSARIF(t *testing.T, args ...string) []sarifResult {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("%s: exit %d, stderr:\n%s", strings.Join(args, " "), code, errb.String())
	}
	return sarifResults(t, strings.Join(args, " "), out.Bytes())
}

// sarifResults validates SARIF log b, which what names, against the
// schema's structure and returns its results.
func sarifResults(t *testing.T, what string, b []byte) []sarifResult {
	t.Helper()
	if err := sarifcheck.Validate(b); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, b)
	}
	var log struct {
		Runs []struct{ Results []sarifResult } `json:"runs"`
	}
	if err := json.Unmarshal(b, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%s: %v, %d runs", what, err, len(log.Runs))
	}
	return log.Runs[0].Results
}

// at returns the results of rule (a prefix of the id) whose first
// location is line of the file uri (relative to the module root).
func at(rs []sarifResult, rule, uri string, line int) []sarifResult {
	var out []sarifResult
	for _, r := range rs {
		if len(r.Locations) == 0 || !strings.HasPrefix(r.RuleID, rule) {
			continue
		}
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI == uri && l.ArtifactLocation.URIBaseID == "%SRCROOT%" && l.Region.StartLine == line {
			out = append(out, r)
		}
	}
	return out
}

// fooSARIF runs the README's first command with -format sarif once for
// the tests that read its log (a localization of examples/foo each would
// otherwise repeat) and returns the log.
var fooSARIF = sync.OnceValues(func() ([]byte, error) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-format", "sarif", "../../examples/foo"}, &out, &errb); code != 0 {
		return nil, fmt.Errorf("localize -format sarif examples/foo: exit %d, stderr:\n%s", code, errb.String())
	}
	return out.Bytes(), nil
})

// TestLocalizeSARIF runs the README's first command with -format sarif:
// the log is valid and its verified fix candidates hold the example's
// faulty line, relative to the module root.
func TestLocalizeSARIF(t *testing.T) {
	t.Parallel()
	b, err := fooSARIF()
	if err != nil {
		t.Fatal(err)
	}
	rs := sarifResults(t, "localize -format sarif examples/foo", b)
	for _, line := range faultLines(t, "../../examples/foo/foo.go") {
		got := at(rs, "fix-candidate/agx", "examples/foo/foo.go", line)
		if len(got) != 1 || got[0].Level != "error" || got[0].Properties["verified"] != true || got[0].PartialFingerprints["faultloc/v1"] == "" {
			t.Errorf("line %d: results %+v, want one verified fix candidate with a fingerprint", line, got)
		}
	}
	// -top 1 keeps the first result of the failing case.
	if rs := runSARIF(t, "localize", "-tags", "faultloc", "-format", "sarif", "-top", "1", "../../examples/foo"); len(rs) != 1 {
		t.Errorf("-top 1: %d results, want 1", len(rs))
	}
}

// TestLocalizeThresholdVersion: -threshold drops the ranked lines that
// the evidence placing them scores below it, keeping the candidates;
// the SARIF driver names the command's version, as its build info has it.
func TestLocalizeThresholdVersion(t *testing.T) {
	t.Parallel()
	b, err := fooSARIF()
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool    struct{ Driver struct{ Version string } }
			Results []sarifResult
		}
	}
	if err := json.Unmarshal(b, &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("%v, %d runs", err, len(log.Runs))
	}
	if v := log.Runs[0].Tool.Driver.Version; v != toolVersion() || v == "" {
		t.Errorf("driver version %q, want the build info's %q", v, toolVersion())
	}
	var min float64 = 2 // above the lowest ranked line's score
	ranked := 0
	for _, r := range log.Runs[0].Results {
		if score, ok := r.Properties["score"].(float64); ok && strings.HasPrefix(r.RuleID, "ranked-line/") {
			ranked++
			min = score
		}
	}
	if ranked == 0 {
		t.Fatal("no ranked line with a score")
	}
	all := len(log.Runs[0].Results)
	rs := runSARIF(t, "localize", "-tags", "faultloc", "-format", "sarif", "-threshold", fmt.Sprint(min+1e-9), "../../examples/foo")
	if len(rs) != all-1 || len(at(rs, "fix-candidate/agx", "examples/foo/foo.go", faultLines(t, "../../examples/foo/foo.go")[0])) != 1 {
		t.Errorf("-threshold just above the last ranked line's score %v: %d results of %d, want one fewer, the candidates kept", min, len(rs), all)
	}
}

// TestDiagnoseSARIF: localize -all writes its diagnosis as SARIF, valid,
// the one fix of examples/tax's two failing cases on its faulty line;
// and as GitHub annotations.
func TestDiagnoseSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("diagnoses examples/tax")
	}
	t.Parallel()
	rs := runSARIF(t, "localize", "-tags", "faultloc", "-all", "-format", "sarif", "../../examples/tax")
	line := faultLines(t, "../../examples/tax/tax.go")[0]
	got := at(rs, "diagnosis/agx", "examples/tax/tax.go", line)
	if len(got) != 1 || got[0].Level != "error" || got[0].Properties["oneFix"] != true {
		t.Errorf("faulty line %d: %+v, want one verified diagnosis, one fix", line, got)
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-all", "-format", "github", "../../examples/tax"}, &out, &errb); code != 0 || !strings.Contains(out.String(), fmt.Sprintf("::error file=examples/tax/tax.go,line=%d,title=faultloc diagnosis/agx::", line)) {
		t.Errorf("-all -format github: exit %d, output:\n%s", code, out.String())
	}
}

// TestSpectraSARIF: spectra's SARIF ranks the example's faulty line
// first, with its score; -top and -threshold cut the github and text
// rankings.
func TestSpectraSARIF(t *testing.T) {
	t.Parallel()
	rs := runSARIF(t, "spectra", "-tags", "faultloc", "-format", "sarif", "../../examples/foo")
	line := faultLines(t, "../../examples/foo/foo.go")[0]
	got := at(rs, "spectrum/tarantula", "examples/foo/foo.go", line)
	if len(got) != 1 || got[0].Properties["rank"] != 1.0 || got[0].Properties["score"] == nil {
		t.Errorf("faulty line %d: %+v, want one result of rank 1 with a score", line, got)
	}
	for _, tt := range []struct {
		args []string
		want int // lines
	}{
		{[]string{"-format", "github", "-top", "2"}, 2},
		{[]string{"-format", "github", "-threshold", "0.55"}, 1},
		{[]string{"-threshold", "0.55"}, 1},
		{[]string{"-threshold", "2"}, 0},
	} {
		var out, errb bytes.Buffer
		args := append(append([]string{"spectra", "-tags", "faultloc"}, tt.args...), "../../examples/foo")
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errb.String())
		}
		if n := strings.Count(out.String(), "\n"); n != tt.want {
			t.Errorf("%v: %d lines, want %d:\n%s", tt.args, n, tt.want, out.String())
		}
	}
}

// TestRegressSARIF: the root cause of the AFTER paper's example, in
// SARIF, is its two marked faults; and of the README's example, against
// an old version where its fault is fixed, its faulty line.
func TestRegressSARIF(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's versions in the interpreter")
	}
	t.Parallel()
	t.Run("readme", func(t *testing.T) {
		// The old version: examples/foo with its marked line fixed.
		old := t.TempDir()
		fault := faultLines(t, "../../examples/foo/foo.go")[0]
		for _, name := range []string{"foo.go", "foo_test.go", "example_test.go"} {
			src, err := os.ReadFile(filepath.Join("../../examples/foo", name))
			if err != nil {
				t.Fatal(err)
			}
			if name == "foo.go" {
				lines := strings.Split(string(src), "\n")
				fixed := strings.Replace(lines[fault-1], "a = x // L3 //fault: should be a = 2 * x", "a = 2 * x // L3", 1)
				if fixed == lines[fault-1] {
					t.Fatalf("foo.go:%d is not the fault this test fixes: %q", fault, lines[fault-1])
				}
				lines[fault-1] = fixed
				src = []byte(strings.Join(lines, "\n"))
			}
			if err := os.WriteFile(filepath.Join(old, name), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		rs := runSARIF(t, "regress", "-tags", "faultloc", "-old", old, "-new", "../../examples/foo", "-baselines=false", "-format", "sarif", "../../examples/foo")
		if got := at(rs, "regression/root-cause", "examples/foo/foo.go", fault); len(got) != 1 || got[0].Level != "error" {
			t.Errorf("root cause results on foo.go:%d: %+v; want one; all results %+v", fault, got, rs)
		}
	})
	rs := runSARIF(t, "regress", "-tags", "faultloc", "-old", "../../examples/max3/correct", "-new", "../../examples/max3", "-baselines=false", "-format", "sarif", "../../examples/max3")
	var roots []int
	for _, r := range rs {
		if r.RuleID == "regression/root-cause" && r.Level == "error" && r.Locations[0].PhysicalLocation.ArtifactLocation.URI == "examples/max3/max3.go" {
			roots = append(roots, r.Locations[0].PhysicalLocation.Region.StartLine)
		}
	}
	// max3.go marks a third line //fault: the declaration its tests need.
	faults := faultLines(t, "../../examples/max3/max3.go")
	for _, l := range roots {
		if !slices.Contains(faults, l) {
			t.Errorf("root cause at line %d, which max3.go does not mark (%v)", l, faults)
		}
	}
	if len(roots) != 2 {
		t.Errorf("root causes at %v, want two of the marked lines %v", roots, faults)
	}
}

// TestColumns: with -by expr the candidates are expressions, whose
// columns the text report prints as file:line:col and the github
// annotations as col= (golden, angelic values blanked as in
// TestLocalizeFoo). Ranked lines have no column: they stay file:line.
func TestColumns(t *testing.T) {
	t.Parallel()
	blank := regexp.MustCompile(`\[angelic: -?[0-9]+\]`)
	var got strings.Builder
	for _, format := range []string{"text", "github"} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-by", "expr", "-max-size", "1", "-format", format, "../../examples/foo"}, &out, &errb)
		if code != 0 {
			t.Fatalf("-format %s: exit %d, stderr:\n%s", format, code, errb.String())
		}
		got.WriteString(blank.ReplaceAllString(filepath.ToSlash(out.String()), "[angelic: ...]"))
	}
	path := filepath.Join("testdata", "localize_foo_columns.golden")
	if *update {
		os.WriteFile(path, []byte(got.String()), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("output differs from %s (-update rewrites it):\n%s", path, got.String())
	}
}
