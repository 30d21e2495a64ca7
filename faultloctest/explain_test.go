package faultloctest

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
)

func TestResolve(t *testing.T) {
	abs, _ := filepath.Abs("testdata")
	for _, tt := range []struct {
		name string
		opts *Options
		env  map[string]string
		want config // fields compared: timeout, tags (if set), dir, reportDir, maxSize, candidates, top, formula, first, native
		off  bool
		err  string
	}{
		{name: "defaults", want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5}},
		{name: "options", opts: &Options{Timeout: time.Minute, Tags: "a,b", Dir: "testdata", ReportDir: "out", MaxSize: 3, Candidates: 1, Top: -1, Formula: "dstar"},
			want: config{timeout: time.Minute, tags: "a,b", dir: abs, reportDir: "out", maxSize: 3, candidates: 1, top: -1, formula: "dstar"}},
		{name: "environment wins", opts: &Options{Timeout: time.Minute, Tags: "a", ReportDir: "out"},
			env:  map[string]string{EnvTimeout: "2s", EnvTags: "x", EnvReport: "/tmp/r"},
			want: config{timeout: 2 * time.Second, tags: "x", reportDir: "/tmp/r", maxSize: 2, candidates: 5, top: 5}},
		{name: "off by environment", env: map[string]string{EnvTimeout: "off"}, off: true},
		{name: "zero by environment", env: map[string]string{EnvTimeout: "0"}, off: true},
		{name: "off by options", opts: &Options{Timeout: -1}, off: true},
		{name: "first by options", opts: &Options{FirstFailure: true},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5, first: true}},
		{name: "first by environment", env: map[string]string{EnvFirst: "on"},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5, first: true}},
		{name: "first off by environment", opts: &Options{FirstFailure: true}, env: map[string]string{EnvFirst: "0"},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5}},
		{name: "bad first", env: map[string]string{EnvFirst: "yes please"}, err: "FAULTLOC_FIRST"},
		{name: "native by options", opts: &Options{Native: true},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5, native: true}},
		{name: "native by environment", env: map[string]string{EnvNative: "1"},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5, native: true}},
		{name: "native off by environment", opts: &Options{Native: true}, env: map[string]string{EnvNative: "off"},
			want: config{timeout: DefaultTimeout, maxSize: 2, candidates: 5, top: 5}},
		{name: "bad native", env: map[string]string{EnvNative: "sometimes"}, err: "FAULTLOC_NATIVE"},
		{name: "bad timeout", env: map[string]string{EnvTimeout: "soon"}, err: "FAULTLOC_TIMEOUT"},
		{name: "negative timeout", env: map[string]string{EnvTimeout: "-1s"}, err: "FAULTLOC_TIMEOUT"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, off, err := resolve(tt.opts, func(k string) string { return tt.env[k] })
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want one mentioning %s", err, tt.err)
				}
				return
			}
			if err != nil || off != tt.off {
				t.Fatalf("off %v, err %v; want off %v", off, err, tt.off)
			}
			if off {
				return
			}
			if tt.want.tags == "" {
				c.tags = "" // the test binary's own tags
			}
			if c != tt.want {
				t.Errorf("config\n%+v, want\n%+v", c, tt.want)
			}
		})
	}
}

// TestNativeRunsDoNotExplain checks that the environment entry faultloc
// gives the test binaries it runs natively turns the helper off there.
func TestNativeRunsDoNotExplain(t *testing.T) {
	key, value, _ := strings.Cut(nativetest.NoExplain, "=")
	_, off, err := resolve(&Options{Native: true}, func(k string) string {
		if k == key {
			return value
		}
		return ""
	})
	if err != nil || !off {
		t.Errorf("with %s the helper is on (off %v, err %v)", nativetest.NoExplain, off, err)
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"subject.TestAbs/negative": "subject.TestAbs_negative",
		"p.TestX/a_b#01":           "p.TestX_a_b_01",
		"p.TestX/ü":                "p.TestX__",
	} {
		if got := safeName(in); got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// recorder is a T that records what the helper logs and runs its
// cleanups when the test ends.
type recorder struct {
	name     string
	failed   bool
	logs     []string
	cleanups []func()
}

func (r *recorder) Name() string     { return r.name }
func (r *recorder) Failed() bool     { return r.failed }
func (r *recorder) Log(args ...any)  { r.logs = append(r.logs, fmt.Sprint(args...)) }
func (r *recorder) Helper()          {}
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }

// end runs the cleanups, last registered first, as testing does.
func (r *recorder) end() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}

var _ T = (*testing.T)(nil)
var _ T = (*recorder)(nil)

// TestExplainQuiet checks the cases where the helper must not work or
// must say in one line why it cannot.
func TestExplainQuiet(t *testing.T) {
	for _, tt := range []struct {
		name   string
		failed bool
		opts   *Options
		want   string // "" if nothing may be logged, else a substring of the one line
	}{
		{name: "passing", failed: false},
		{name: "off", failed: true, opts: &Options{Timeout: -1}},
		{name: "no such directory", failed: true, opts: &Options{Dir: "testdata/none"}, want: "faultloc: cannot explain: "},
		{name: "no test", failed: true, opts: &Options{Dir: "testdata/subject", Tags: "other"}, want: `no test function TestNone`},
	} {
		if !withSolver && tt.name == "no test" {
			tt.want = "without cgo"
		}
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(EnvTimeout, "")
			t.Setenv(EnvTags, "")
			t.Setenv(EnvReport, "")
			r := &recorder{name: "TestNone", failed: tt.failed}
			ExplainWith(r, tt.opts)
			r.end()
			if tt.want == "" {
				if len(r.logs) != 0 {
					t.Errorf("logged %q, want nothing", r.logs)
				}
				return
			}
			if len(r.logs) != 1 || strings.Contains(r.logs[0], "\n") || !strings.Contains(r.logs[0], tt.want) {
				t.Errorf("logged %q, want one line containing %q", r.logs, tt.want)
			}
		})
	}
}

// TestCallerDir checks that the helper finds the calling test's
// directory, also through a deferred call.
func TestCallerDir(t *testing.T) {
	wd, _ := os.Getwd()
	var got string
	var err error
	func() {
		defer func() { got, err = callerDir(0) }()
	}()
	if err != nil || got != wd {
		t.Errorf("callerDir = %q, %v; want %q", got, err, wd)
	}
}

// goTestEvent is an event of go test -json.
type goTestEvent struct {
	Action string
	Test   string
	Output string
}

// buildSubject builds the subject's test binary, with the build tag
// faultloc, into dir, as go test would for the runs of runSubject.
func buildSubject(t *testing.T, dir string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command:", err)
	}
	bin := filepath.Join(dir, "subject.test")
	if out, err := exec.Command("go", "test", "-c", "-tags=faultloc", "-o", bin, "./testdata/subject").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	return bin
}

// runSubject runs the subject's test binary bin (buildSubject) in the
// subject's directory, as go test -json does, the helper configured by
// env, and returns each test's output.
func runSubject(t *testing.T, bin string, env ...string) map[string]string {
	t.Helper()
	cmd := exec.Command("go", "tool", "test2json", "-p", "github.com/faultloc/faultloc/faultloctest/testdata/subject", bin, "-test.v=test2json", "-test.count=1")
	cmd.Dir = "testdata/subject"
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) { // exit status 1: the subject fails by design
		t.Fatalf("go tool test2json %s: %v\n%s", bin, err, stderr.Bytes())
	}
	logs := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev goTestEvent
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Action == "output" {
			logs[ev.Test] += ev.Output
		}
	}
	if _, ok := logs["TestAbs/negative"]; !ok {
		t.Fatalf("no output of TestAbs/negative:\n%s\n%s", out, stderr.Bytes())
	}
	return logs
}

// faultLine returns the line of the subject marked //fault: in the
// function named fn.
func faultLine(t *testing.T, fn string) int {
	b, err := os.ReadFile("testdata/subject/subject.go")
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "func ") {
			in = strings.HasPrefix(l, "func "+fn+"(")
		}
		if in && strings.Contains(l, "//fault:") {
			return i + 1
		}
	}
	t.Fatalf("no //fault: line in the subject's %s", fn)
	return 0
}

// TestGoTest runs the subject's tests natively, as go test -json would
// for a developer, and checks what the helper logs in each
// configuration. The configurations differ only in the environment: they
// share one build of the subject's test binary.
func TestGoTest(t *testing.T) {
	if !withSolver {
		t.Skip("fix candidates need cgo")
	}
	tmp := t.TempDir()
	bin := buildSubject(t, tmp)
	reports := filepath.Join(tmp, "reports")
	if err := os.Mkdir(reports, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Run("runs", func(t *testing.T) { testGoTestRuns(t, bin, reports) })
	t.Run("reports", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join(reports, "subject.TestAbs_negative.json"))
		if err != nil {
			t.Fatal(err)
		}
		var reps []struct {
			Name       string
			Candidates []struct{ Verified bool }
		}
		if err := json.Unmarshal(b, &reps); err != nil || len(reps) != 1 || reps[0].Name != "TestAbs/negative" || len(reps[0].Candidates) == 0 || !reps[0].Candidates[0].Verified {
			t.Errorf("JSON report (%v):\n%s", err, b)
		}
		h, err := os.ReadFile(filepath.Join(reports, "subject.TestAbs_negative.html"))
		if err != nil || !bytes.Contains(h, []byte("<html")) || !bytes.Contains(h, []byte("subject.go")) {
			t.Errorf("HTML report (%v): %.200s", err, h)
		}
	})
}

// testGoTestRuns runs the subject's test binary bin in each
// configuration, in parallel.
func testGoTestRuns(t *testing.T, bin, reports string) {
	fault, last := faultLine(t, "Abs"), faultLine(t, "Last")
	for _, tt := range []struct {
		name string
		test string // whose output to check; default TestAbs/negative
		env  []string
		want []string // in the test's output
		none bool     // the helper logs nothing at all
	}{
		{name: "explained", env: []string{EnvReport + "=" + reports},
			want: []string{
				"faultloc explains TestAbs/negative:",
				fmt.Sprintf("subject.go:%d: candidate 1 (verified, size 1): return x //fault: should be -x [angelic: 2]", fault),
				"fix candidates (agx) and ranked lines:",
				"subject.TestAbs_negative.json",
			}},
		{name: "wrong tags", env: []string{EnvTags + "=other"},
			want: []string{"faultloc: cannot explain: ", "no test function TestAbs", `build tags "other"`}},
		{name: "time bound", env: []string{EnvTimeout + "=1ms"},
			want: []string{"faultloc: cannot explain: ", "time bound 1ms reached"}},
		{name: "off", env: []string{EnvTimeout + "=off"}, none: true},
		{name: "panic", test: "TestLast", env: []string{"SUBJECT_PANIC=1"},
			want: []string{"faultloc explains TestLast:", fmt.Sprintf("subject.go:%d: candidate 1", last), "index out of range [3] with length 3 [recovered, repanicked]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			logs := runSubject(t, bin, tt.env...)
			test := cmp.Or(tt.test, "TestAbs/negative")
			for name, out := range logs {
				if name != "" && name != test && name != "TestAbs/negative" && helperLogged(out) {
					t.Errorf("passing test %s: the helper logged:\n%s", name, out)
				}
			}
			out := logs[test]
			if tt.none && helperLogged(out) {
				t.Errorf("the helper is off, yet logged:\n%s", out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(out, "cannot explain") && (strings.Count(out, "faultloc: cannot explain") != 1 || strings.Contains(out, "faultloc explains")) {
				t.Errorf("a reason should be one line:\n%s", out)
			}
		})
	}
}

// helperLogged reports whether a test's output holds the helper's log.
func helperLogged(out string) bool {
	return strings.Contains(out, "faultloc explains") || strings.Contains(out, "faultloc: ")
}

// TestCache explains two failures of one package: the second reuses the
// first's load and says the same.
func TestCache(t *testing.T) {
	solverTest(t)
	opts := &Options{Dir: "testdata/subject", Tags: "faultloc"}
	var logs []string
	for range 2 {
		r := &recorder{name: "TestAbs/negative", failed: true}
		ExplainWith(r, opts)
		r.end()
		if len(r.logs) != 1 || !strings.HasPrefix(r.logs[0], "faultloc explains TestAbs/negative:") {
			t.Fatalf("logged %q", r.logs)
		}
		logs = append(logs, r.logs[0])
	}
	if logs[0] != logs[1] {
		t.Errorf("the second explanation differs:\n%s\n---\n%s", logs[0], logs[1])
	}
	c, _, _ := resolve(opts, func(string) string { return "" })
	if pk := packages.get(c); pk.prog == nil {
		t.Error("the program is not cached")
	}
}

// TestTies explains a failure whose two one-line candidates tie on
// localize's keys: Dist's return (dist.go) and Abs's faulty return
// (util.go). In position order (the default, as faultloc localize's)
// Dist's comes first; with Formula ochiai over the package's cases (as
// -tiebreak ochiai), the faulty line does, and the log says so.
func TestTies(t *testing.T) {
	solverTest(t)
	b, err := os.ReadFile("testdata/ties/util.go")
	if err != nil {
		t.Fatal(err)
	}
	fault := 0
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, "//fault:") {
			fault = i + 1
		}
	}
	for _, tt := range []struct {
		name    string
		formula string
		first   string // the first candidate's line
		head    string // the candidates' heading
	}{
		{name: "by spectrum", formula: "ochiai", first: fmt.Sprintf("util.go:%d: candidate 1 (verified, size 1): return x //fault: should be -x", fault),
			head: "fix candidates (agx; ties by ochiai) and ranked lines:"},
		{name: "by position", first: "dist.go:9: candidate 1 (verified, size 1): return Abs(a - b)",
			head: "fix candidates (agx) and ranked lines:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{name: "TestDist/reversed", failed: true}
			ExplainWith(r, &Options{Dir: "testdata/ties", Formula: tt.formula})
			r.end()
			if len(r.logs) != 1 {
				t.Fatalf("logged %q", r.logs)
			}
			t.Log(r.logs[0])
			lines := strings.Split(r.logs[0], "\n")
			if len(lines) < 4 || lines[1] != tt.head || !strings.HasPrefix(lines[2], tt.first) {
				t.Fatalf("want heading %q and first candidate %q; logged:\n%s", tt.head, tt.first, r.logs[0])
			}
			// Both one-line candidates are there, in either order.
			for _, w := range []string{"dist.go:9: candidate", fmt.Sprintf("util.go:%d: candidate", fault)} {
				if !strings.Contains(r.logs[0], w+" ") {
					t.Errorf("no %q in:\n%s", w, r.logs[0])
				}
			}
		})
	}
}

// solverTest skips t without the solver and clears the helper's
// environment variables for it.
func solverTest(t *testing.T) {
	t.Helper()
	if !withSolver {
		t.Skip("fix candidates need cgo")
	}
	t.Setenv(EnvTimeout, "")
	t.Setenv(EnvTags, "")
	t.Setenv(EnvReport, "")
	t.Setenv(EnvFirst, "")
}

// TestFirstFailure explains a test that loops over a table with t.Error
// and fails three rows (localize's testdata/table): with FirstFailure the
// first failing row alone, whose fix is the faulty line. All candidates
// are shown: which of the other lines' candidates verify depends on the
// models Z3 gives (on CI one more verified, which pushed the faulty line
// out of the default five: the formula's names then held the checkout's
// path; another build of libz3 may still choose other models).
func TestFirstFailure(t *testing.T) {
	solverTest(t)
	r := &recorder{name: "TestDistance", failed: true}
	ExplainWith(r, &Options{Dir: "../localize/testdata/table", Top: -1, MaxSize: 1, FirstFailure: true, Candidates: 100})
	r.end()
	if len(r.logs) != 1 {
		t.Fatalf("logged %q", r.logs)
	}
	if !strings.Contains(r.logs[0], "table.go:20: candidate ") || !strings.Contains(r.logs[0], "(verified, size 1): row[j] = 1 + min(prev, row[j], row[j-1]-1)") {
		t.Errorf("no verified candidate on the faulty line:\n%s", r.logs[0])
	}
	// Without it, all three rows at once do not finish in 2 s: the log
	// says how to localize the first alone.
	r = &recorder{name: "TestDistance", failed: true}
	ExplainWith(r, &Options{Dir: "../localize/testdata/table", Top: -1, MaxSize: 1, Timeout: 2 * time.Second})
	r.end()
	if len(r.logs) != 1 || !strings.Contains(r.logs[0], "(out of time: ") || !strings.Contains(r.logs[0], "set FAULTLOC_FIRST=1 to localize the first failed check alone)") {
		t.Errorf("want the out-of-time line to suggest %s; logged %q", EnvFirst, r.logs)
	}
}

// TestConcurrentExplain explains one failure from several goroutines at
// once, as parallel tests of a package do, on a cache entry of its own:
// one loads the package while the others wait for it, and one gives up
// at once (a 1ns bound), abandoning its pipeline while the others run. Run with -race (.ci/run does), it checks the
// cache and the abandoned pipelines for races.
func TestConcurrentExplain(t *testing.T) {
	solverTest(t)
	const n = 3
	recs := make([]*recorder, n+1)
	var wg sync.WaitGroup
	for i := range recs {
		recs[i] = &recorder{name: "TestAbs/negative", failed: true}
		// Top 7 is a cache entry of its own, which no other test fills;
		// the bound is generous, as loading under -race with a cold
		// build cache takes more than the default 30 s.
		opts := &Options{Dir: "testdata/subject", Tags: "faultloc", Top: 7, Timeout: 10 * time.Minute}
		if i == n {
			opts.Timeout = time.Nanosecond
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ExplainWith(recs[i], opts)
			recs[i].end()
		}()
	}
	wg.Wait()
	for i, r := range recs[:n] {
		if len(r.logs) != 1 || r.logs[0] != recs[0].logs[0] || !strings.HasPrefix(r.logs[0], "faultloc explains TestAbs/negative:") {
			t.Errorf("goroutine %d logged %q, want the explanation goroutine 0 logged", i, r.logs)
		}
	}
	if r := recs[n]; len(r.logs) != 1 || !strings.HasPrefix(r.logs[0], "faultloc: cannot explain: ") {
		t.Errorf("with a 1ns bound: logged %q, want that it cannot explain", r.logs)
	}
}
