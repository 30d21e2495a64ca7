package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/loadgate"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestLocalizeFoo runs the command on the AgxFaults paper's example and
// checks its text output against a golden file (angelic values blanked:
// any value in a range may be chosen).
func TestLocalizeFoo(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-tags", "faultloc", "../../examples/foo"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if i := strings.Index(l, "[angelic:"); i >= 0 && !strings.Contains(l, "branch") {
			l = l[:i] + "[angelic: ...]"
		}
		lines = append(lines, filepath.ToSlash(l))
	}
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", "localize_foo.golden")
	if *update {
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (-update rewrites it):\n%s", path, got)
	}
}

// TestLocalizeLive: a case whose search takes longer than liveDelay
// shows its preliminary ranking and its candidates on stderr as they
// come, before the report. The delay is a millisecond here, so that
// foo's search (a second or less, without the native stage, whose wait
// would share the case's bound) outlasts it; TestLiveLines and
// TestLiveLinesTimer check the delay itself.
func TestLocalizeLive(t *testing.T) {
	defer func(d time.Duration) { liveDelay = d }(liveDelay)
	liveDelay = time.Millisecond
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-native=false", "-max-size", "1", "-timeout", "10s", "../../examples/foo"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	for _, want := range []string{
		"faultloc localize: TestFoo/testFoo (1 of 1): preliminary ranking [../../examples/foo/foo.go:",
		"; searching for candidates within the case's bound (10s)\n",
		"faultloc localize: TestFoo/testFoo: found candidate ../../examples/foo/foo.go:14 (verified, size 1) after ",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, errb.String())
		}
	}
}

// TestLocalizeTiebreak: on foo, whose four size-1 candidates tie, the
// default order is by position; with -tiebreak a spectrum formula over
// foo's three test cases puts first the faulty assignment (line 14), the
// only candidate that the failing case alone executes, and so does
// Metallaxis over the same cases' runs on mutants of the candidates'
// lines.
func TestLocalizeTiebreak(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tiebreak string
		first    string
	}{
		{"position", "foo.go:11:"},
		{"ochiai", "foo.go:14:"},
		{"tarantula", "foo.go:14:"},
		// Metallaxis: line 14's one mutant (its angelic value) changes
		// testFoo and one passing case; every mutant of the other lines
		// that changes testFoo changes two passing cases or more. (MUSE,
		// which rewards a line's many fixing mutants, puts the guard on
		// line 18 first: five of its seven mutants make testFoo pass.)
		{"mutation", "foo.go:14:"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		// Without the native evidence, a go test run that ranks other
		// lines than the candidates compared here.
		code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-native=false", "-max-size", "1", "-tiebreak", tt.tiebreak, "../../examples/foo"}, &out, &errb)
		if code != 0 {
			t.Fatalf("-tiebreak %s: exit %d, stderr:\n%s", tt.tiebreak, code, errb.String())
		}
		lines := strings.Split(out.String(), "\n")
		if len(lines) < 2 || !strings.Contains(filepath.ToSlash(lines[1]), "/"+tt.first+" candidate 1 ") {
			t.Errorf("-tiebreak %s: first candidate %q, want %s", tt.tiebreak, lines[min(1, len(lines)-1)], tt.first)
		}
	}
}

// TestLocalizeJSON checks the documented JSON shape.
func TestLocalizeJSON(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-format", "json", "-max-size", "1", "../../examples/foo"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if strings.Contains(errb.String(), "preliminary") {
		t.Errorf("-format json: stderr has a preliminary ranking:\n%s", errb.String())
	}
	var reports []struct {
		Name       string
		Candidates []struct {
			Locations []struct {
				File string
				Line int
			}
			Angelic  []struct{ Value string }
			Verified bool
		}
		Ranking []struct {
			File     string
			Line     int
			Rank     int
			Evidence string
		}
	}
	if err := json.Unmarshal(out.Bytes(), &reports); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(reports) != 1 || reports[0].Name != "TestFoo/testFoo" {
		t.Fatalf("reports = %+v", reports)
	}
	r := reports[0]
	// The candidates' lines come first, ranked by the candidates or, for
	// those with a plausible fix among their mutants, by mutation.
	candLines := map[int]bool{}
	for _, c := range r.Candidates {
		for _, l := range c.Locations {
			candLines[l.Line] = true
		}
	}
	fromCands := 0
	for _, rl := range r.Ranking[:min(4, len(r.Ranking))] {
		if candLines[rl.Line] && (rl.Evidence == string(localize.EvidenceVerified) || rl.Evidence == string(localize.EvidenceMutation)) {
			fromCands++
		}
	}
	if len(r.Candidates) != 4 || len(candLines) != 4 || fromCands != 4 || r.Ranking[3].Rank != 4 {
		t.Fatalf("%d candidates on %d lines, %d of the first 4 ranked lines theirs; want 4, 4 and 4 with -max-size 1 (ranking %+v)", len(r.Candidates), len(candLines), fromCands, r.Ranking)
	}
	// The ranking goes on past the candidates with the other evidence.
	if len(r.Ranking) <= 4 || r.Ranking[4].Evidence == "" || r.Ranking[4].Rank <= 4 {
		t.Errorf("no line ranked by other evidence after the candidates: %+v", r.Ranking)
	}
	for _, c := range r.Candidates {
		if !c.Verified || len(c.Locations) != 1 || c.Locations[0].Line == 0 || len(c.Angelic) == 0 {
			t.Errorf("candidate %+v", c)
		}
	}
	// The reports come at the end: stderr says, case by case, how far the
	// search is.
	if !regexp.MustCompile(`(?m)^faultloc localize: TestFoo/testFoo: 4 candidates \(4 verified\) in \d`).MatchString(errb.String()) {
		t.Errorf("stderr lacks the case's progress line:\n%s", errb.String())
	}
}

func TestLocalizeUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"localize"}, "usage: faultloc localize"},
		{[]string{"localize", "-mode", "bugassist", "."}, "unknown mode"},
		{[]string{"localize", "-format", "xml", "."}, "unknown -format"},
		{[]string{"localize", "-arith", "real", "."}, "unknown -arith"},
		{[]string{"localize", "-engine", "cvc5", "."}, "unknown -engine"},
		{[]string{"localize", "-tiebreak", "nope", "."}, "unknown formula"},
		{[]string{"localize", "-max-steps", "-1", "."}, "-max-steps -1"},
		{[]string{"localize", "-parallel", "0", "."}, "-parallel 0: want at least 1"},
		{[]string{"localize", "-evidence", "cover", "."}, `-evidence "cover": want interp or native`},
		{[]string{"localize", "-evidence", "native", "-native=false", "."}, "-evidence native needs the native stage"},
		{[]string{"localize", "./no/such/package"}, "faultloc localize:"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		if code := run(context.Background(), tt.args, &out, &errb); code != 1 {
			t.Errorf("%v: exit %d, want 1", tt.args, code)
		}
		if !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%v: stderr %q does not contain %q", tt.args, errb.String(), tt.want)
		}
	}
}

// TestLocalizeMaxSteps: -max-steps bounds every interpreted run of the
// command exactly, so that foo's cases end over budget, as the bound of
// the command's program (trace.Program.SetMaxSteps): the process's
// bound is left at the default, and the test runs in parallel with the
// others.
func TestLocalizeMaxSteps(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-max-steps", "30", "-tags", "faultloc", "../../examples/foo"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if !strings.Contains(out.String()+errb.String(), "budget exceeded: 30 steps executed") {
		t.Errorf("no case reported over a budget of 30 steps:\n%s\n%s", out.String(), errb.String())
	}
	if prev := trace.SetMaxSteps(0); prev != 0 {
		t.Errorf("the process's budget after the command is %d, want the default (0)", prev)
	}
}

// TestLocalizeHTML: -format html writes one self-contained page with the
// candidates and, since foo's other cases pass, a spectrum heat map.
func TestLocalizeHTML(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-format", "html", "-max-size", "1", "../../examples/foo"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	page := out.String()
	for _, want := range []string{"<!DOCTYPE html>", "TestFoo/testFoo", "Spectrum ranking", "a = x // L3"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, bad := range []string{"<script src", "<link rel=\"stylesheet\" href", "http://", "https://"} {
		if strings.Contains(page, bad) {
			t.Errorf("page refers to an external asset: %q", bad)
		}
	}
}

// TestNothingFoundHint checks the advice given when a case's search ends
// with nothing: only flags not yet in force are suggested, -fixes first.
func TestNothingFoundHint(t *testing.T) {
	for _, tt := range []struct {
		opts  agx.Options
		fixes bool
		want  string
	}{
		{agx.Options{MaxSize: 1, SliceScope: true, FirstFailure: true, Arith: encode.Integer}, false, "try -fixes (mutants that make the case pass, found without the solver), a -timeout longer than 1m0s"},
		{agx.Options{MaxSize: 2}, true, "try -slice (blame only the failure's relevant slice), -arith int (faster on division and multiplication), -first (only the first failed check, in a test that fails several), -max-size 1, -engine hybrid (auto picks the slower SAT engine on some long runs), a -timeout longer than 1m0s"},
		{agx.Options{MaxSize: 1, SliceScope: true, FirstFailure: true, Arith: encode.Integer}, true, "try a -timeout longer than 1m0s"},
		{agx.Options{SliceScope: true, FirstFailure: true}, true, "try -arith int (faster on division and multiplication), -max-size 1, -engine hybrid (auto picks the slower SAT engine on some long runs), a -timeout longer than 1m0s"},
		{agx.Options{MaxSize: 1, SliceScope: true, FirstFailure: true, Engine: agx.HybridEngine}, true, "try -arith int (faster on division and multiplication), a -timeout longer than 1m0s"},
	} {
		if got := nothingFoundHint(&tt.opts, time.Minute, tt.fixes); got != tt.want {
			t.Errorf("%+v: got %q, want %q", tt.opts, got, tt.want)
		}
	}
}

// TestLocalizeEngines: -engine changes how the checks are solved, not what
// is found: foo's candidates and verdicts are the same under each engine
// (the angelic values, one model among those that fix the test, may
// differ: candidate 2's is 6 under bv and 7 under smt).
func TestLocalizeEngines(t *testing.T) {
	t.Parallel()
	var want string
	for _, engine := range []string{"auto", "smt", "bv", "hybrid"} {
		var out, errb bytes.Buffer
		// Without the native evidence, a go test run the engine does not
		// change.
		code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-native=false", "-engine", engine, "../../examples/foo"}, &out, &errb)
		if code != 0 {
			t.Fatalf("-engine %s: exit %d, stderr:\n%s", engine, code, errb.String())
		}
		if !strings.Contains(out.String(), "candidate 5 (verified, size 2)") {
			t.Errorf("-engine %s: report lacks foo's fifth verified candidate:\n%s", engine, out.String())
		}
		got := angelicSuffix.ReplaceAllString(out.String(), "")
		if want == "" {
			want = got
		} else if got != want {
			t.Errorf("-engine %s: candidates differ from -engine auto's:\n%s\nwant:\n%s", engine, got, want)
		}
	}
}

// angelicSuffix matches the angelic values at the end of a text report's
// candidate line.
var angelicSuffix = regexp.MustCompile(` \[angelic: [^\]]*\]`)

// TestLocalizeFixes: -fixes adds the plausible fixes found by mutation of
// the failing case's lines. In triangle, the real fix (the first c of line
// 23 read as b) is the only mutant that makes T8 pass and keeps T1-T7
// passing. Without -run, the package's Example (T1-T7 natively) keeps
// it plausible too. (-arith int finds the
// same candidate lines as the default bit-vectors at a quarter of the
// cost; the fixes come from the lines.)
func TestLocalizeFixes(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want []string
	}{
		{[]string{"-run", "TestClassify"}, []string{"triangle.go:23:11: mutant fix (VRP): c -> b"}},
		{nil, []string{"triangle.go:23:11: mutant fix (VRP): c -> b"}},
	} {
		var out, errb bytes.Buffer
		args := append(append([]string{"localize", "-tags", "faultloc", "-arith", "int", "-max-size", "1", "-fixes"}, tt.args...), "../../examples/triangle")
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d, stderr:\n%s", tt.args, code, errb.String())
		}
		var got []string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.Contains(l, "mutant fix") {
				got = append(got, filepath.Base(l))
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v: fixes %q, want %q\nstdout:\n%s", tt.args, got, tt.want, out.String())
		}
		if !strings.Contains(errb.String(), "-fixes: ") {
			t.Errorf("%v: stderr lacks the analysis' summary: %s", tt.args, errb.String())
		}
	}
}

// TestLocalizeNoOracle: a failing Example whose output the oracle cannot
// read (it prints a value with a String method) has no oracle for
// localize: the command reports the typed error on stderr, naming the
// case, and the case's report has no candidate, says why, and ranks the
// lines by the other evidence (the spectrum of the package's cases).
func TestLocalizeNoOracle(t *testing.T) {
	t.Parallel()
	for _, format := range []string{"text", "json"} {
		var out, errb bytes.Buffer
		args := []string{"localize", "-format", format, "-run", "^ExampleCelsius$", "../../localize/testdata/output"}
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d, stderr:\n%s", format, code, errb.String())
		}
		if want := "faultloc localize: ExampleCelsius: " + localize.ErrNoOracle.Error() + ": ExampleCelsius: "; !strings.Contains(errb.String(), want) {
			t.Errorf("%s: stderr lacks %q:\n%s", format, want, errb.String())
		}
		if strings.Contains(errb.String(), "try -fixes") {
			t.Errorf("%s: stderr suggests flags for a search that did not run:\n%s", format, errb.String())
		}
		if format == "json" {
			var reports []localize.Report
			if err := json.Unmarshal(out.Bytes(), &reports); err != nil {
				t.Fatal(err)
			}
			if len(reports) != 1 || len(reports[0].Candidates) != 0 || !strings.Contains(reports[0].Reason, localize.ErrNoOracle.Error()) || len(reports[0].Ranking) == 0 {
				t.Errorf("json: reports %+v, want one without candidates, its reason and a ranking", reports)
			}
		}
		if format == "text" && (!strings.Contains(out.String(), "no fix candidate found") || !strings.Contains(out.String(), "(spectrum)") || strings.Contains(out.String(), "no failing test case")) {
			t.Errorf("text: stdout %q, want no candidate and the spectrum's ranking", out.String())
		}
	}
}

// TestLocalizeInterruptedText: with several failing cases the text
// reports wait for every case (FailCount breaks each one's ties by the
// others'), and standard error says as each case is done; an interrupt
// once the first is done writes that case's report first, then the
// other failing cases ranked by the native run alone, says how far the
// run got, and exits with status 3.
func TestLocalizeInterruptedText(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var out bytes.Buffer
	errw := &cancelOnProgress{cancel: cancel}
	code := run(ctx, []string{"localize", "-max-size", "1", "../../localize/testdata/output"}, &out, errw)
	first := progressLine.FindStringSubmatch(errw.buf.String())
	if first == nil || !strings.HasPrefix(out.String(), "# "+first[1]+" (agx)") {
		t.Fatalf("stdout:\n%s\nstderr:\n%s\nwant the first case's report first", out.String(), errw.buf.String())
	}
	rest := strings.Split(out.String(), "\n# ")[1:]
	if len(rest) == 0 {
		t.Errorf("stdout:\n%s\nwant the other failing cases ranked by the native run after the first", out.String())
	}
	for _, r := range rest {
		if head, _, _ := strings.Cut(r, "\n"); !strings.Contains(head, " (native)") {
			t.Errorf("report %q after the interrupt is not the native run's", head)
		}
	}
	if code != exitInterrupted || !regexp.MustCompile(`interrupt signal received: stopped with the reports of 1 of the \d+ failing cases written; \d+ more ranked by the native run alone\n`).MatchString(errw.buf.String()) {
		t.Errorf("exit %d, stderr:\n%s", code, errw.buf.String())
	}
}

// cancelOnProgress is a writer for standard error that cancels a
// context, with the cause a SIGINT gives, once the first case's progress
// line is written.
type cancelOnProgress struct {
	buf    bytes.Buffer
	cancel context.CancelCauseFunc
}

func (w *cancelOnProgress) Write(p []byte) (int, error) {
	n, err := w.buf.Write(p)
	if progressLine.Match(w.buf.Bytes()) {
		w.cancel(errors.New("interrupt signal received"))
	}
	return n, err
}

// progressLine matches the line on standard error that says a case is
// done when the reports come at the end; its group is the case's name.
var progressLine = regexp.MustCompile(`(?m)^faultloc localize: (\S+): \d+ candidates \(\d+ verified\) in `)

// TestLocalizeInterruptedJSON interrupts a JSON run once the first of
// the package's failing cases is done: the output is a valid JSON array
// with that case's report first, then the others ranked by the native
// run alone (partial, saying why), standard error says how far the run
// got, and the exit status is 3.
func TestLocalizeInterruptedJSON(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var out bytes.Buffer
	errw := &cancelOnProgress{cancel: cancel}
	code := run(ctx, []string{"localize", "-format", "json", "-max-size", "1", "../../localize/testdata/output"}, &out, errw)
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d", code, exitInterrupted)
	}
	var reports []localize.Report
	if err := json.Unmarshal(out.Bytes(), &reports); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out.String())
	}
	first := progressLine.FindStringSubmatch(errw.buf.String())
	if len(reports) < 2 || first == nil || reports[0].Test != first[1] || len(reports[0].Ranking) == 0 {
		t.Fatalf("reports %+v, want the first case's first, ranked, then the others (stderr:\n%s)", reports, errw.buf.String())
	}
	for _, r := range reports[1:] {
		if r.Mode != native.Mode || !r.Partial || !strings.Contains(r.Reason, "stopped before it (interrupt signal received)") || len(r.Ranking) == 0 {
			t.Errorf("%s after the interrupt: mode %s, partial %v, reason %q, %d ranked lines; want the native run's ranking, partial, saying why", r.Test, r.Mode, r.Partial, r.Reason, len(r.Ranking))
		}
	}
	if !regexp.MustCompile(`(?m)^faultloc localize: interrupt signal received: stopped with the reports of 1 of the \d+ failing cases written; \d+ more ranked by the native run alone$`).MatchString(errw.buf.String()) {
		t.Errorf("stderr does not say the run stopped, and where:\n%s", errw.buf.String())
	}
}

// TestLocalizeDeadline: a -deadline that passes before any case is
// localized gives an empty JSON array and exit status 3.
func TestLocalizeDeadline(t *testing.T) {
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-format", "json", "-deadline", "1ns", "../../localize/testdata/output"}, &out, &errb)
	if code != exitInterrupted || strings.TrimSpace(out.String()) != "[]" {
		t.Errorf("exit %d, stdout %q; want %d and []", code, out.String(), exitInterrupted)
	}
	if want := "faultloc localize: -deadline 1ns passed: stopped before any failing case was localized\n"; !strings.HasSuffix(errb.String(), want) {
		t.Errorf("stderr %q does not end with %q", errb.String(), want)
	}
}

// TestLocalizeDeadlineNative: the interpreter refuses the only selected
// case, TestGated, so localize waits for the native run until the end
// of -timeout (ten minutes here); that run waits for a gate that never
// opens, and -deadline ends the wait first, and the command says no
// failing case was known, not that none fails. The deadline passes once standard error says that the command
// waits for the native run (passOn), which it says only after the
// interpreter ran the selected case: the point a deadline of seconds
// reached on a busy machine, without waiting for it. The line comes at
// the wait's start (progressDelay 0), not once it has waited 2 s.
func TestLocalizeDeadlineNative(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0
	t.Setenv("FAULTLOC_LATENATIVE_GATE", filepath.Join(t.TempDir(), "gate"))
	errw := passOn(t, regexp.MustCompile(`(?m)^faultloc localize: waiting for the native go test run, `))
	var out bytes.Buffer
	code := run(context.Background(), []string{"localize", "-run", "^TestGated$", "-timeout", "10m", "-deadline", "1h", "../../localize/pipeline/testdata/latenative"}, &out, errw)
	want := "faultloc localize: -deadline 1h0m0s passed: stopped before any failing case was known: the interpreter failed none of the selected cases, and the native go test run had given no verdict on them\n"
	if code != exitInterrupted || !strings.HasSuffix(errw.buf.String(), want) || strings.Contains(out.String(), "no failing test case") {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d, and stderr ending with %q", code, out.String(), errw.buf.String(), exitInterrupted, want)
	}
}

// TestLocalizeCutNative: the interpreter refuses the only selected
// case, TestGated, and the native run, which waits for a gate that
// never opens, has not run it by the end of -timeout: localize ends
// within the bound (10% or 2 s over at most) with TestGated's report,
// partial, without a ranking, saying why, and exits with status 1,
// saying on standard error that there is no verdict, not that no case
// fails.
func TestLocalizeCutNative(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	t.Setenv("FAULTLOC_LATENATIVE_GATE", filepath.Join(t.TempDir(), "gate"))
	const bound = 3 * time.Second
	var out, errb bytes.Buffer
	start := time.Now()
	code := run(context.Background(), []string{"localize", "-format", "json", "-run", "^TestGated$", "-timeout", bound.String(), "../../localize/pipeline/testdata/latenative"}, &out, &errb)
	elapsed := time.Since(start)
	t.Logf("ended %v after its start, %v past -timeout %v", elapsed.Round(time.Millisecond), (elapsed - bound).Round(time.Millisecond), bound)
	if over := elapsed - bound; over > max(bound/10, 2*time.Second) {
		loadgate.Errorf(t, "ended %v after its start, %v past -timeout %v", elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	}
	if want := "no verdict, not a pass"; code != 1 || !strings.Contains(errb.String(), want) || strings.Contains(errb.String()+out.String(), "no failing test case") {
		t.Errorf("exit %d, stderr %q; want 1, and stderr saying %q", code, errb.String(), want)
	}
	rep := oneReport(t, out.Bytes())
	if rep.Name != "TestGated" || !rep.Partial || len(rep.Ranking) != 0 || !strings.Contains(rep.Reason, "had not run it") {
		t.Errorf("report of %s, partial %v, %d ranked lines, reason %q; want TestGated's, partial, nothing ranked, saying the native run had not run it", rep.Name, rep.Partial, len(rep.Ranking), rep.Reason)
	}
}

// jsonReport is what the bound tests read of a report in -format json.
type jsonReport struct {
	Name    string            `json:"name"`
	Partial bool              `json:"partial"`
	Reason  string            `json:"reason"`
	Ranking []json.RawMessage `json:"ranking"`
}

// oneReport returns the one report of out, a -format json output, and
// fails t unless there is one.
func oneReport(t *testing.T, out []byte) jsonReport {
	t.Helper()
	var reps []jsonReport
	if err := json.Unmarshal(out, &reps); err != nil || len(reps) != 1 {
		t.Fatalf("stdout: %v, %d reports; want one:\n%s", err, len(reps), out)
	}
	return reps[0]
}

// TestLocalizeTimeoutKept: -timeout bounds each failing case as a
// whole, for the first the package's load and the evidence the cases
// share included. On slowshared, whose interpreted evidence (TestSpin)
// and native go test run (TestSleep sleeps a minute) outlast their
// shares of the bound, the command ends within it (10% or 2 s over at most) with
// its whole report, partial, its reason naming what was cut.
func TestLocalizeTimeoutKept(t *testing.T) {
	// Three seconds: the evidence's share is cut at 1.5 s (2 s while
	// the native run is awaited) and TestAbs is still ranked after it, as
	// at 2 s at load 5; a longer bound only waits longer.
	const bound = 3 * time.Second
	var out, errb bytes.Buffer
	start := time.Now()
	code := run(context.Background(), []string{"localize", "-format", "json", "-timeout", bound.String(), "-run", "^TestAbs$", "../../localize/testdata/slowshared"}, &out, &errb)
	elapsed := time.Since(start)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	if over := elapsed - bound; over > max(bound/10, 2*time.Second) {
		t.Errorf("ended %v after its start, %v past -timeout %v", elapsed.Round(time.Millisecond), over.Round(time.Millisecond), bound)
	}
	rep := oneReport(t, out.Bytes())
	if rep.Name != "TestAbs" || !rep.Partial || len(rep.Ranking) == 0 || !strings.Contains(rep.Reason, "spectrum partial") || !strings.Contains(rep.Reason, "the native evidence stage was not done") {
		t.Errorf("report of %s, partial %v, %d ranked lines, reason %q; want TestAbs's, partial, ranked, the evidence and the native run cut", rep.Name, rep.Partial, len(rep.Ranking), rep.Reason)
	}
}

// TestLocalizeAngelic: -mode angelic on foo keeps the repair candidates
// no passing case inhibits, the faulty assignment's first (line 14: a
// and x of a = x), and lists the others last (b := x + y, return b:
// every passing case needs their values), or drops them with -remove;
// -flex -remove prunes AgxFaults' line candidates the same way.
func TestLocalizeAngelic(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args        []string
		first       string // the first candidate's location
		inhibited   bool   // some candidate shown is inhibited
		mode, notIn string
	}{
		{[]string{"-mode", "angelic", "-remove"}, "foo.go:14:3: candidate 1 (verified, size 1): a ", false, "(angelic)", "foo.go:11:"},
		{[]string{"-mode", "angelic"}, "foo.go:14:3: candidate 1 (verified, size 1): a ", true, "(angelic)", ""},
		{[]string{"-flex", "-remove", "-max-size", "1"}, "foo.go:14: candidate 1 (verified, size 1): a = x", false, "(agx)", "foo.go:21:"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			// Without the native evidence, a go test run that ranks other
			// lines than the candidates checked here.
			code := run(context.Background(), append(append([]string{"localize", "-tags", "faultloc", "-native=false"}, tt.args...), "../../examples/foo"), &out, &errb)
			if code != 0 {
				t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
			}
			s := filepath.ToSlash(out.String())
			lines := strings.Split(s, "\n")
			if len(lines) < 2 || !strings.Contains(lines[0], tt.mode) || !strings.Contains(lines[1], tt.first) || !strings.Contains(lines[1], "[flexible in ") {
				t.Errorf("first lines are not the %s report's, with %q first and its flexibility:\n%s", tt.mode, tt.first, s)
			}
			if got := strings.Contains(s, "inhibited by"); got != tt.inhibited {
				t.Errorf("inhibited candidates shown: %v, want %v:\n%s", got, tt.inhibited, s)
			}
			for _, l := range lines {
				if tt.notIn != "" && strings.Contains(l, tt.notIn) && strings.Contains(l, ": candidate ") {
					t.Errorf("a candidate on %s is shown, though every passing case inhibits it:\n%s", tt.notIn, s)
				}
			}
		})
	}
}
