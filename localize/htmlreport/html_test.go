package htmlreport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/examples/foo"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// rootVar stands for the repository's directory in testdata/html/foo.json,
// so the stored report holds no machine's absolute paths.
const rootVar = "$ROOT"

func repoRoot(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// fooReport returns the AgxFaults report of the paper's failing testFoo as
// stored in testdata/html/foo.json, with its paths made absolute again.
// The stored report is a real one: with -update it is recomputed and
// rewritten; otherwise a fresh run must find the same candidates, which
// keeps it honest while the golden page stays independent of which of
// many angelic values Z3 picks. Durations are zeroed: they differ by run.
func fooReport(t *testing.T) *localize.Report {
	t.Helper()
	root := repoRoot(t)
	path := filepath.Join("testdata", "html", "foo.json")
	p := testutil.Examples(t)
	live, err := agx.Localize(context.Background(), p, p.TestCase(testutil.IntTest(t, p, "foo", "Foo", "testFoo", 2, 3, 5)), nil)
	if err != nil {
		t.Fatal(err)
	}
	live.Stats.Solve, live.Stats.Total = 0, 0
	if *testutil.Update {
		var buf bytes.Buffer
		if err := localize.EncodeJSON(&buf, []*localize.Report{live}); err != nil {
			t.Fatal(err)
		}
		data := strings.ReplaceAll(buf.String(), root, rootVar)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestWriteHTML -update writes it)", err)
	}
	var stored []*localize.Report
	if err := json.Unmarshal(bytes.ReplaceAll(data, []byte(rootVar), []byte(root)), &stored); err != nil || len(stored) != 1 {
		t.Fatalf("%s: %v (%d reports)", path, err, len(stored))
	}
	if got, want := testutil.Summary(live), testutil.Summary(stored[0]); got != want {
		t.Fatalf("%s is stale (go test -run TestWriteHTML -update rewrites it)\n--- live:\n%s--- stored:\n%s", path, got, want)
	}
	return stored[0]
}

// fooSpectrum ranks the lines of examples/foo by Tarantula over its three
// cases, interpreted (testFoo fails, the others pass).
func fooSpectrum(t *testing.T) *spectra.Ranking {
	t.Helper()
	p := testutil.Examples(t)
	var tests []trace.Test
	for _, c := range foo.Cases {
		tests = append(tests, testutil.IntTest(t, p, "foo", "Foo", c.Name, int64(c.Want), int64(c.X), int64(c.Y)))
	}
	m, err := spectra.Build(context.Background(), &spectra.Traces{Program: p, Cases: p.TestCases(tests)})
	if err != nil {
		t.Fatal(err)
	}
	f, err := spectra.Lookup("tarantula")
	if err != nil {
		t.Fatal(err)
	}
	return m.Rank(f, nil)
}

// goldenFile compares got with testdata/html/name, rewriting it with
// -update, and reports the first differing line.
func goldenFile(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "html", name)
	if *testutil.Update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run TestWriteHTML -update writes it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		g, w := "<EOF>", "<EOF>"
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs from the page written (go test -run TestWriteHTML -update rewrites it); first at line %d:\n got: %s\nwant: %s", path, i+1, g, w)
		}
	}
}

// writeFooPage renders the foo report with its spectrum, file names
// relative to the repository.
func writeFooPage(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	err := Write(&buf, []*localize.Report{fooReport(t)}, &Options{
		Title:    "faultloc: examples/foo",
		Base:     repoRoot(t),
		Spectrum: fooSpectrum(t),
	})
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWriteHTML pins the page of the AgxFaults paper's foo: its five
// candidates highlighted, their angelic values at their lines, and the
// Tarantula heat map of its three cases.
func TestWriteHTML(t *testing.T) {
	page := writeFooPage(t)
	goldenFile(t, "foo.html", page)
	s := string(page)
	for _, line := range []int{11, 13, 14, 16, 18, 21} {
		if !strings.Contains(s, fmt.Sprintf(`<tr id="t1-f1-L%d" class="cand">`, line)) {
			t.Errorf("line %d is not highlighted", line)
		}
	}
	if n := strings.Count(s, `class="cand"`); n != 6 {
		t.Errorf("%d highlighted lines, want 6", n)
	}
	if strings.Contains(s, repoRoot(t)) {
		t.Errorf("page shows the absolute path of the base")
	}
	for _, forbidden := range []string{"<script", "<link", "src=", "url(", "@import"} {
		if strings.Contains(s, forbidden) {
			t.Errorf("page is not self-contained: it has %q", forbidden)
		}
	}
}

// TestReportWriteHTML checks that a Report's own WriteHTML draws this
// package's page, with its Output's title and base.
func TestReportWriteHTML(t *testing.T) {
	rep := &localize.Report{Test: "TestX", Mode: "agx", Failure: "boom", Candidates: []localize.Candidate{{
		Locations: []localize.Location{{Position: localize.Position{File: "/p/a.go", Line: 3}, Text: "var x = 1"}}, Verified: true}}}
	rep.Rerank(nil)
	rep.Output = localize.WriteOptions{Title: "the title", Dir: "/p"}
	var want, got bytes.Buffer
	if err := Write(&want, []*localize.Report{rep}, &Options{Title: "the title", Base: "/p"}); err != nil {
		t.Fatal(err)
	}
	if err := rep.WriteHTML(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("Report.WriteHTML =\n%s\nwant Write's page\n%s", got.Bytes(), want.Bytes())
	}
	if !strings.Contains(got.String(), "<title>the title</title>") {
		t.Errorf("page lacks the title of Output")
	}
}

// htmlFiles is a ReadFile over an in-memory file system.
func htmlFiles(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("open %s: %w", name, os.ErrNotExist)
	}
}

func TestWriteHTMLCases(t *testing.T) {
	src := map[string]string{
		"/p/a.go": "package p\n\nfunc F(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n\n// 10\n// 11\n// 12\n// 13\n// 14\n",
		"/p/b.go": "package p\n\nvar s = \"<script>alert(1)</script>\"\n",
	}
	cand := func(file string, line int, value string, verified bool) localize.Candidate {
		return localize.Candidate{
			Locations: []localize.Location{{Position: localize.Position{File: file, Line: line}, Text: strings.TrimSpace(strings.Split(src[file], "\n")[line-1])}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: file, Line: line}, Instr: "t1 = x < 0", Value: value, Occurrence: 2}},
			Verified:  verified,
		}
	}
	a := &localize.Report{Test: "TestF/neg", Mode: "agx", Failure: "got 3, want <-3> & \"more\"", Candidates: []localize.Candidate{cand("/p/a.go", 5, "-3", true)}}
	b := &localize.Report{Test: "TestG<script>", Mode: "pf", Failure: "panic", Candidates: []localize.Candidate{cand("/p/b.go", 3, `"</b>"`, false)}, Partial: true, Reason: "timeout"}
	none := &localize.Report{Test: "TestH", Mode: "agx", Failure: "boom"}
	was := &localize.Report{Test: "TestW", Mode: "agx", Failure: "boom", Candidates: []localize.Candidate{cand("/p/a.go", 5, "-3", true)}}
	was.Candidates[0].Angelic[0].Orig = "3"
	missing := &localize.Report{Test: "TestM", Failure: "x", Candidates: []localize.Candidate{cand("/q/gone.go", 1, "1", true)}}
	fixed := &localize.Report{Test: "TestF/neg", Mode: "agx", Failure: "boom", Fixes: []localize.MutantResult{
		{Position: localize.Position{File: "/p/a.go", Line: 4, Column: 7}, Op: "ROR", Orig: "x < 0", Repl: "x <= 0", FailToPass: 3},
		{Position: localize.Position{File: "/p/a.go", Line: 13, Column: 4}, Op: "VRP", Orig: "x", Repl: "y", FailToPass: 1},
	}}
	spectrum := &spectra.Ranking{Formula: "ochiai", Tests: 2, Failed: 1, Entries: []spectra.Entry{
		{Element: spectra.Element{File: "/p/a.go", Line: 5}, Score: 1, Rank: 1},
		{Element: spectra.Element{Kind: spectra.Block, File: "/p/a.go", Line: 3, EndLine: 4}, Score: 0.5, Rank: 2},
		{Element: spectra.Element{Kind: spectra.Function, File: "/p/a.go", Line: 3, Name: "p.F"}, Score: 0.9, Rank: 2},
		{Element: spectra.Element{File: "/p/a.go", Line: 7}, Score: 0, Rank: 4},
	}}
	tests := []struct {
		name    string
		reports []*localize.Report
		opts    *Options
		want    []string // substrings, in order
		notWant []string
	}{
		{
			name:    "one section, no navigation",
			reports: []*localize.Report{a},
			opts:    &Options{ReadFile: htmlFiles(src)},
			want:    []string{"<title>faultloc report</title>", `<section id="t1"`, "got 3, want &lt;-3&gt; &amp; &#34;more&#34;", `<tr id="t1-f1-L5" class="cand">`, `<a class="badge" href="#t1-c1">#1</a>`, "#1 ⇒ <b>-3</b>", "(execution 3)"},
			notWant: []string{"<nav>", "Spectrum ranking", "Partial result"},
		},
		{
			name:    "sections of each failing case, escaped",
			reports: []*localize.Report{a, b, none},
			opts:    &Options{ReadFile: htmlFiles(src), Title: "T & <U>"},
			want:    []string{"<title>T &amp; &lt;U&gt;</title>", "<nav>", `href="#t2">TestG&lt;script&gt;</a>`, `<section id="t1"`, `<section id="t2"`, "Partial result: timeout", `&lt;script&gt;alert(1)&lt;/script&gt;`, `<a class="badge unverified" href="#t2-c1">#1</a>`, `<section id="t3"`, "No fix candidate found."},
			notWant: []string{"<script>", "</b>\""},
		},
		{
			name:    "context elides lines",
			reports: []*localize.Report{a},
			opts:    &Options{ReadFile: htmlFiles(src), Context: 1},
			want:    []string{`<td>⋯ 3 lines</td>`, `id="t1-f1-L4"`, `id="t1-f1-L5" class="cand"`, `id="t1-f1-L6"`, `<td>⋯ 8 lines</td>`},
			notWant: []string{`id="t1-f1-L3"`, `id="t1-f1-L7"`},
		},
		{
			name:    "heat map and top lines",
			reports: []*localize.Report{a},
			opts:    &Options{ReadFile: htmlFiles(src), Spectrum: spectrum, Top: 2},
			want:    []string{"Spectrum ranking", "ochiai over 2 tests (1 failing)", "top 2 of 4", `<a href="#t1-f1-L5">a.go:5</a>`, `<span class="h h3"></span></span> 0.5000</td><td><a href="#t1-f1-L3">a.go:3.0,4.0</a>`, `<td class="heat h3" title="ochiai 0.5000, rank 2 of 4">`, `<td class="heat h5" title="ochiai 1.0000, rank 1 of 4">`, `<td class="heat h0" title="ochiai 0.0000, rank 4 of 4">`, `<td class="heat"></td>`},
			notWant: []string{"p.F", `<a href="#t1-f1-L7">a.go:7</a>`},
		},
		{
			name:    "no heat map without passing tests",
			reports: []*localize.Report{a},
			opts:    &Options{ReadFile: htmlFiles(src), Spectrum: &spectra.Ranking{Formula: "ochiai", Tests: 1, Failed: 1, Entries: spectrum.Entries}},
			want:    []string{"Spectrum ranking", "ochiai over 1 test, all failing: without a passing test", `<tr id="t1-f1-L5" class="cand"><td class="heat"></td>`},
			notWant: []string{`class="heat h`, "<th>rank</th>"},
		},
		{
			name:    "plausible fixes, linked to their lines",
			reports: []*localize.Report{fixed},
			opts:    &Options{ReadFile: htmlFiles(src), Context: 1},
			want:    []string{"No fix candidate found.", "Plausible fixes found by mutation", `<a href="#t1-f1-L4">a.go:4:7</a>`, "<code>x &lt; 0</code> → <code>x &lt;= 0</code> <span class=\"meta\">(also fixes 2 other failing tests)</span></td><td>ROR</td>", `<a href="#t1-f1-L13">a.go:13:4</a>`, `id="t1-f1-L4"`, `id="t1-f1-L13"`},
			notWant: []string{"also fixes 0", `id="t1-f1-L8"`},
		},
		{
			name:    "the run's value beside the angelic one",
			reports: []*localize.Report{was, a},
			opts:    &Options{ReadFile: htmlFiles(src)},
			want:    []string{"<b>-3</b> <span class=\"meta\">(was 3)</span>", "#1 ⇒ <b>-3</b> (was 3)", `<section id="t2"`, "#1 ⇒ <b>-3</b> <span"},
		},
		{
			name:    "unreadable source is a note",
			reports: []*localize.Report{missing},
			opts:    &Options{ReadFile: htmlFiles(src)},
			want:    []string{"<h3>gone.go</h3>", "source unavailable: open /q/gone.go: file does not exist"},
		},
		{
			name:    "no reports, nil options",
			reports: nil,
			want:    []string{"<!DOCTYPE html>", "0 failing test cases"},
			notWant: []string{"<section"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, tt.reports, tt.opts); err != nil {
				t.Fatal(err)
			}
			s := buf.String()
			rest := s
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("missing (or out of order): %s", w)
					continue
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.notWant {
				if strings.Contains(s, w) {
					t.Errorf("unexpected: %s", w)
				}
			}
			var again bytes.Buffer
			Write(&again, tt.reports, tt.opts)
			if !bytes.Equal(buf.Bytes(), again.Bytes()) {
				t.Errorf("output differs between two calls")
			}
			if t.Failed() {
				t.Logf("page:\n%s", s)
			}
		})
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteHTMLWriterError(t *testing.T) {
	if err := Write(failingWriter{}, nil, nil); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the writer's", err)
	}
}

func TestCommonDir(t *testing.T) {
	tests := []struct {
		files []string
		want  string
	}{
		{nil, ""},
		{[]string{"/a/b/c.go"}, "/a/b"},
		{[]string{"/a/b/c.go", "/a/b/d/e.go"}, "/a/b"},
		{[]string{"/a/b/c.go", "/a/bc/e.go"}, "/a"},
		{[]string{"/a/c.go", "/b/e.go"}, ""},
		{[]string{"c.go"}, ""},
	}
	for _, tt := range tests {
		if got := commonDir(tt.files); got != tt.want {
			t.Errorf("commonDir(%q) = %q, want %q", tt.files, got, tt.want)
		}
	}
}

// chromium returns the headless browser to test with, or skips.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("FAULTLOC_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium installed (apt-get install chromium, or set FAULTLOC_CHROMIUM): the HTML report is not checked in a browser")
	return ""
}

// runChromium runs a headless Chromium with a fresh profile on a local
// page; extra are the action flags (--screenshot=…, --dump-dom).
func runChromium(t *testing.T, bin, page string, extra ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--hide-scrollbars", "--user-data-dir=" + t.TempDir(),
	}
	args = append(append(args, extra...), "file://"+page)
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.Dir = t.TempDir()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", bin, err, stderr.String())
	}
	return out
}

// TestHTMLInChromium loads the foo page in a real browser: the DOM it
// builds has the highlighted candidate lines, the angelic values and the
// heat map, and it renders to a screenshot. Set FAULTLOC_HTML_OUT to a
// directory to keep the page and the screenshot.
func TestHTMLInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	if d := os.Getenv("FAULTLOC_HTML_OUT"); d != "" {
		dir = d
	}
	page := filepath.Join(dir, "foo.html")
	if err := os.WriteFile(page, writeFooPage(t), 0o644); err != nil {
		t.Fatal(err)
	}

	dom := string(runChromium(t, bin, page, "--dump-dom"))
	var lines []string
	for _, m := range regexp.MustCompile(`<tr id="t1-f1-L(\d+)" class="cand">`).FindAllStringSubmatch(dom, -1) {
		lines = append(lines, m[1])
	}
	if want := []string{"11", "13", "14", "16", "18", "21"}; !slices.Equal(lines, want) {
		t.Errorf("highlighted lines in the browser's DOM: %v, want %v", lines, want)
	}
	for _, w := range []string{`<span class="ang">#2 ⇒ <b>`, `<td class="heat h5"`, "Spectrum ranking", "result 0 = 8, want 2"} {
		if !strings.Contains(dom, w) {
			t.Errorf("browser's DOM lacks %s", w)
		}
	}

	shot := filepath.Join(dir, "foo.png")
	runChromium(t, bin, page, "--screenshot="+shot, "--window-size=1280,1600")
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil || len(data) < 20_000 {
		t.Fatalf("screenshot %s: %d bytes, not a plausible PNG of the page (%v)", shot, len(data), err)
	}
	// The page is painted, not blank: the candidates' yellow and the
	// hottest heat color of the stylesheet are on screen.
	for _, c := range []struct {
		name    string
		r, g, b uint32
		min     int // six highlighted rows; the hot gutter cell and swatches
	}{{"candidate line (#fff3b0)", 0xff, 0xf3, 0xb0, 10_000}, {"hottest line (#d2311b)", 0xd2, 0x31, 0x1b, 150}} {
		n := 0
		bounds := img.Bounds()
		for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
			for x := bounds.Min.X; x < bounds.Max.X; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if r>>8 == c.r && g>>8 == c.g && b>>8 == c.b {
					n++
				}
			}
		}
		t.Logf("%d pixels of the %s color", n, c.name)
		if n < c.min {
			t.Errorf("screenshot %s: %d pixels of the %s color, want a visible area", shot, n, c.name)
		}
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(data))
}

// TestNoChromiumSkips: where no browser is installed, the browser test is
// skipped with a message, not failed.
func TestNoChromiumSkips(t *testing.T) {
	var skipped bool
	t.Run("no browser", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		t.Setenv("FAULTLOC_CHROMIUM", "")
		defer func() { skipped = t.Skipped() }()
		chromium(t)
		t.Error("chromium found on an empty PATH")
	})
	if !skipped {
		t.Error("the browser test is not skipped without a browser")
	}
}
