package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/bench/internal/nativeochiai"
	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
)

// seededOps are the operators of the bugs put back: one-token changes
// (a relational, logical or arithmetic operator swapped, an integer
// constant off by one, a condition negated).
var seededOps = []mutate.Op{mutate.ROR, mutate.LCR, mutate.AOR, mutate.CRP, mutate.NEG}

// seed fixes the order in which a library's mutants are tried.
const seed = 51

// seededOptions bound the seeded mode.
type seededOptions struct {
	n           int           // mutants kept per library
	faultloc    string        // the faultloc command
	runTimeout  time.Duration // faultloc localize's -timeout: one case
	runDeadline time.Duration // faultloc localize's -deadline: one run
	libTimeout  time.Duration
}

// seededCase is one case go test fails under a mutant.
type seededCase struct {
	Name       string
	Ranked     bool   // faultloc reported a ranking for it
	NativeOnly bool   // ranked by the native run alone
	Rank       int    // the seeded line's rank in its ranking (0: absent)
	Err        string // why it has no ranking
}

// seededMutant is one bug put back and its localization.
type seededMutant struct {
	Mutant string // file:line:column: orig -> repl (op), the file relative to the module
	Cases  []seededCase
	Ochiai int // native Ochiai's rank of the seeded line (0: not ranked)
}

// best is the seeded line's best rank over the mutant's cases (0: none).
func (m *seededMutant) best() int {
	b := 0
	for _, c := range m.Cases {
		if c.Rank > 0 && (b == 0 || c.Rank < b) {
			b = c.Rank
		}
	}
	return b
}

// seededLib is one library's seeded bugs.
type seededLib struct {
	Name    string
	Tried   int // mutants tried (built and run)
	Mutants []seededMutant
	Err     string // why the library has fewer mutants than asked
	// Skipped are the top-level tests left out of the mutants' runs
	// (go test -skip), which fail unmutated.
	Skipped []string
}

// orderMutants returns the mutants of seededOps in the order they are
// tried: sorted by file, line, column and replacement, then shuffled with
// a fixed seed, so that the same library gives the same bugs.
// mutantName names m, in file rel, on one line: an expression that spans
// lines in the source is written with its runs of white space as one
// space, so that it stays one item of the report's list.
func mutantName(rel string, m mutate.Mutant) string {
	oneLine := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	return fmt.Sprintf("%s:%d:%d: %s -> %s (%s)", rel, m.Line, m.Column, oneLine(m.Orig), oneLine(m.Repl), m.Op)
}

func orderMutants(ms []mutate.Mutant) []mutate.Mutant {
	var out []mutate.Mutant
	for _, m := range ms {
		if slices.Contains(seededOps, m.Op) {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b mutate.Mutant) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column), cmp.Compare(a.Repl, b.Repl))
	})
	r := rand.New(rand.NewPCG(seed, seed))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// applyMutant returns src with m's expression replaced by its
// replacement: the occurrence of m.Orig that holds m's position (its
// line and column: the expression's operator, or its start).
func applyMutant(src []byte, m mutate.Mutant) ([]byte, error) {
	off := 0
	for l := 1; l < m.Line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return nil, fmt.Errorf("%v: the file has no line %d", m, m.Line)
		}
		off += i + 1
	}
	off += m.Column - 1
	if m.Column >= 1 && m.Orig != "" && off < len(src) {
		for s := min(off, len(src)-len(m.Orig)); s >= 0 && s+len(m.Orig) > off; s-- {
			if bytes.HasPrefix(src[s:], []byte(m.Orig)) {
				out := slices.Clone(src[:s])
				out = append(out, m.Repl...)
				return append(out, src[s+len(m.Orig):]...), nil
			}
		}
	}
	return nil, fmt.Errorf("%v: %q is not at line %d, column %d", m, m.Orig, m.Line, m.Column)
}

// runPattern is the go test -run expression of the top-level tests of
// cases.
func runPattern(cases []string) string {
	var tops []string
	for _, c := range cases {
		top, _, _ := strings.Cut(c, "/")
		if top = regexp.QuoteMeta(top); !slices.Contains(tops, top) {
			tops = append(tops, top)
		}
	}
	return "^(" + strings.Join(tops, "|") + ")$"
}

// jsonReport is what the bench reads of faultloc localize's JSON reports.
type jsonReport struct {
	Name    string `json:"name"`
	Mode    string `json:"mode"`
	Reason  string `json:"reason"`
	Ranking []struct {
		File string `json:"file"`
		Line int    `json:"line"`
		Rank int    `json:"rank"`
	} `json:"ranking"`
}

// scoreCases returns the failing cases' outcome in faultloc's reports
// (JSON output out, read relative to dir; errText where a case has none):
// whether each has a ranking, from which evidence, and the rank of line
// of file in it.
func scoreCases(failing []string, out []byte, errText, dir, file string, line int) []seededCase {
	var reps []jsonReport
	if err := json.Unmarshal(out, &reps); err != nil && errText == "" {
		errText = "faultloc's output is not JSON: " + err.Error()
	}
	var cases []seededCase
	for _, name := range failing {
		c := seededCase{Name: name, Err: errText}
		for _, r := range reps {
			if r.Name != name {
				continue
			}
			if len(r.Ranking) == 0 {
				c.Err = "a report with an empty ranking: " + cmp.Or(r.Reason, "no reason given")
				continue
			}
			c.Ranked, c.Err = true, ""
			c.NativeOnly = r.Mode == native.Mode
			for _, e := range r.Ranking {
				f := e.File
				if !filepath.IsAbs(f) {
					f = filepath.Join(dir, f)
				}
				if e.Line == line && nativeochiai.SameFile(f, file) {
					c.Rank = e.Rank
					break
				}
			}
		}
		if !c.Ranked && c.Err == "" {
			c.Err = "no report with a ranking"
		}
		cases = append(cases, c)
	}
	return cases
}

// seedLibrary puts back up to opts.n bugs into lib, one at a time, in a
// copy of its module under tmp, and localizes each.
func seedLibrary(ctx context.Context, lib library, tmp string, opts seededOptions) *seededLib {
	r := &seededLib{Name: lib.name()}
	ctx, cancel := context.WithTimeout(ctx, opts.libTimeout)
	defer cancel()
	dir, err := copyModule(ctx, lib, tmp)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	defer os.RemoveAll(dir)
	list := exec.CommandContext(ctx, "go", "list", "-f", "{{.Dir}}", lib.pkg)
	list.Dir = dir
	list.Env = goEnv()
	out, err := list.Output()
	if err != nil {
		r.Err = fmt.Sprintf("go list %s: %v%s", lib.pkg, err, stderrOf(err))
		return r
	}
	pkgDir := strings.TrimSpace(string(out))
	m0, err := nativeochiai.Collect(ctx, dir, lib.pkg)
	if err != nil {
		r.Err = "native run: " + err.Error()
		return r
	}
	if f := nativeochiai.Failing(m0, nil); len(f) > 0 {
		// A test that fails unmutated (a timing test on a busy
		// machine, say) says nothing of a mutant: its top-level test
		// is left out of the mutants' runs.
		r.Skipped = nativeochiai.TopLevel(f)
		fmt.Fprintf(os.Stderr, "suites: seeded %s: fails unmutated (%s): leaving out %s\n", r.Name, strings.Join(f, ", "), strings.Join(r.Skipped, ", "))
	}
	targets := coveredTargets(m0, pkgDir)
	schema, err := mutate.Build(ctx, &mutate.Config{Dir: dir, Env: goEnv()}, []string{lib.pkg}, targets)
	if err != nil {
		r.Err = "mutants: " + err.Error()
		return r
	}
	for _, m := range orderMutants(schema.Mutants) {
		if len(r.Mutants) >= opts.n || ctx.Err() != nil {
			break
		}
		src, err := os.ReadFile(m.File)
		if err != nil {
			r.Err = err.Error()
			return r
		}
		mut, err := applyMutant(src, m)
		if err != nil {
			continue
		}
		if err := os.WriteFile(m.File, mut, 0o666); err != nil {
			r.Err = err.Error()
			return r
		}
		sm, ok := trySeeded(ctx, dir, lib.pkg, pkgDir, m, r.Skipped, opts)
		if err := os.WriteFile(m.File, src, 0o666); err != nil {
			r.Err = err.Error()
			return r
		}
		r.Tried++
		rel, _ := filepath.Rel(dir, m.File)
		name := mutantName(rel, m)
		if ok {
			sm.Mutant = name
			r.Mutants = append(r.Mutants, *sm)
			fmt.Fprintf(os.Stderr, "suites: seeded %s: %s: %d failing cases\n", r.Name, name, len(sm.Cases))
		}
	}
	if len(r.Mutants) < opts.n && r.Err == "" {
		r.Err = fmt.Sprintf("%d of %d mutants tried made a test fail", len(r.Mutants), r.Tried)
		if ctx.Err() != nil {
			r.Err += "; the library's bound ended the search"
		}
	}
	return r
}

// coveredTargets are the lines of the package's own files in pkgDir
// (not its tests) that a case of m executed.
func coveredTargets(m *spectra.Matrix, pkgDir string) []mutate.Target {
	var out []mutate.Target
	for e := range m.NumElements() {
		el := m.Element(e)
		if filepath.Dir(el.File) != filepath.Clean(pkgDir) || strings.HasSuffix(el.File, "_test.go") {
			continue
		}
		for t := range m.NumTests() {
			if m.Covers(t, e) {
				out = append(out, mutate.Target{File: el.File, Line: el.Line})
				break
			}
		}
	}
	return out
}

// faultlocError is why faultloc stopped with err: a crash of its own
// (historical.CrashOf) if its output shows one, else its standard
// error's last line naming faultloc, else that error's last line, each
// with how it exited; else err.
func faultlocError(stdout, stderr []byte, err error) string {
	if crash := historical.CrashOf(string(stdout), string(stderr)); crash != "" {
		return fmt.Sprintf("%s (%v)", crash, err)
	}
	lines := strings.Split(strings.TrimSpace(string(stderr)), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "faultloc") {
			return fmt.Sprintf("%s (%v)", strings.TrimSpace(lines[i]), err)
		}
	}
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return fmt.Sprintf("%s (%v)", l, err)
	}
	return err.Error()
}

// trySeeded runs the package's tests under the mutant written in its
// file, but the top-level tests skip (those that fail unmutated); when
// some fail, it localizes them with faultloc and ranks the mutated line
// with native Ochiai.
func trySeeded(ctx context.Context, dir, pkg, pkgDir string, m mutate.Mutant, skip []string, opts seededOptions) (*seededMutant, bool) {
	args := []string{"test", "-vet=off", "-count=1", "-failfast"}
	if len(skip) > 0 {
		args = append(args, "-skip", nativeochiai.SkipPattern(skip))
	}
	test := exec.CommandContext(ctx, "go", append(args, pkg)...)
	test.Dir = dir
	test.Env = goEnv()
	if err := test.Run(); err == nil {
		return nil, false // no test fails
	}
	mat, err := nativeochiai.CollectSkipping(ctx, dir, pkg, skip)
	if err != nil {
		return nil, false // the mutant does not build, or the run failed
	}
	failing := nativeochiai.Failing(mat, nil)
	if len(failing) == 0 {
		return nil, false
	}
	sm := &seededMutant{}
	sm.Ochiai, _ = nativeochiai.Rank(mat, m.File, []int{m.Line})
	// faultloc's -deadline bounds the run: the cases it has not localized
	// by then are ranked by the native run alone. A run that outlives it
	// by a minute is interrupted as by Ctrl-C, and killed 30 s later.
	rctx, cancel := context.WithTimeout(ctx, opts.runDeadline+time.Minute)
	defer cancel()
	fl := exec.CommandContext(rctx, opts.faultloc, "localize", "-format", "json", "-run", runPattern(failing),
		"-timeout", opts.runTimeout.String(), "-deadline", opts.runDeadline.String(), pkg)
	fl.Cancel = func() error { return fl.Process.Signal(os.Interrupt) }
	fl.WaitDelay = 30 * time.Second
	fl.Dir = dir
	fl.Env = goEnv()
	var stdout, stderr bytes.Buffer
	fl.Stdout, fl.Stderr = &stdout, &stderr
	errText := ""
	if err := fl.Run(); err != nil {
		errText = faultlocError(stdout.Bytes(), stderr.Bytes(), err)
		var ee *exec.ExitError
		if rctx.Err() != nil {
			errText = fmt.Sprintf("faultloc ran past its -deadline by a minute: %s", errText)
		} else if !errors.As(err, &ee) {
			errText = err.Error()
		}
	}
	sm.Cases = scoreCases(failing, stdout.Bytes(), relative(errText, dir), dir, m.File, m.Line)
	return sm, true
}
