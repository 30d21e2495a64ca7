package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/historical"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// bug is a historical bug (bench/internal/historical); bugs are all of
// them.
type bug = historical.Bug

var bugs = historical.Bugs

// localizeFlags are the -flags given: faultloc localize's own flags,
// added to the defaults for the historical bugs.
var localizeFlags []string

// bugResult is what one historical bug gave.
type bugResult struct {
	bug     bug
	lines   []int  // the faulty lines of the buggy file
	invalid string // why the bug failed validation ("" when valid)
	err     string // why the localization gave no report ("" when it did)

	cases         int // failing cases localized (reports)
	verified, all int // candidates of the report that placed the fault best
	rank          int // lines to examine up to the best faulty line (0: not placed)
	evidence      string
	executable    int // executable lines: the denominator of EXAM
	ended         string
	time          time.Duration
	first         time.Duration // the first preliminary ranking's time, from the command's start (0: none)
	crash         string        // a panic of faultloc's own, recovered or not ("" when none)

	// The native comparison: Ochiai over one native go test run of the
	// package, beside the default.
	ochiai        int      // rank of the first faulty line under native Ochiai (0: not ranked)
	failingNative []string // the selected cases that fail under go test
	reported      []string // the cases with a non-empty ranking in faultloc's reports
	nativeErr     string   // why native Ochiai has no rank
	nativeOnly    int      // reports ranked by the native evidence alone (mode native)
}

// exam is the fraction of executable lines examined before reaching the
// fault (0 when the output does not place it).
func (r *bugResult) exam() float64 {
	if r.rank == 0 || r.executable == 0 {
		return 0
	}
	return float64(r.rank) / float64(r.executable)
}

// runBug validates bug b and, unless checkOnly, localizes it with the
// faultloc command bin with its default flags.
func runBug(ctx context.Context, b bug, bin, tmp string, timeout time.Duration, checkOnly bool) (r bugResult) {
	r = bugResult{bug: b, evidence: "-"}
	dir := filepath.Join(tmp, "bug", strings.NewReplacer("/", "_").Replace(b.Name))
	if err := historical.Prepare(ctx, b.Module, dir); err != nil {
		r.invalid = err.Error()
		return r
	}
	r.lines, r.invalid = historical.Validate(ctx, b, dir)
	if r.invalid != "" || checkOnly {
		return r
	}
	path := filepath.Join(dir, b.File)
	r.executable = executableLines(filepath.Join(dir, b.Package()), filepath.Dir(path))
	defer func() {
		// After faultloc: the copy is what it ran on, and the two runs
		// do not share the machine.
		r.ochiai, r.failingNative, r.nativeErr = nativeOchiai(ctx, b, dir, path, r.lines)
	}()

	// Each failing case has its own -timeout; the whole run is bounded too:
	// listing the cases runs all the package's tests, and a test may have
	// many failing subtests.
	// faultloc's -deadline stops it there with the reports it has done
	// (exit status 3); the process is killed a minute later if it has not
	// stopped.
	bound := 4*timeout + time.Minute
	lctx, cancel := context.WithTimeout(ctx, bound+time.Minute)
	defer cancel()
	args := append([]string{"localize", "-format", "json", "-run", historical.LocalizeRun(b.Run), "-timeout", timeout.String(), "-deadline", bound.String()}, localizeFlags...)
	cmd := exec.CommandContext(lctx, bin, append(args, b.Package())...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r.time = time.Since(start)
	// Beside the copy, for -keep: what faultloc wrote.
	os.WriteFile(dir+".json", stdout.Bytes(), 0o666)
	os.WriteFile(dir+".stderr", stderr.Bytes(), 0o666)
	r.crash = historical.CrashOf(stdout.String(), stderr.String())
	if lctx.Err() != nil {
		r.err = fmt.Sprintf("faultloc did not end within %v, the bound of its whole run: %s", bound, historical.LastLines(stderr.String(), 2))
		return r
	}
	stopped := false
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		stopped = true // at -deadline, with the reports done
	} else if err != nil {
		r.err = fmt.Sprintf("faultloc: %v: %s", err, historical.LastLines(stderr.String(), 2))
		return r
	}
	var reps []report
	if err := json.Unmarshal(stdout.Bytes(), &reps); err != nil {
		r.err = fmt.Sprintf("faultloc's JSON: %v: %s", err, historical.LastLines(stderr.String(), 2))
		return r
	}
	if len(reps) == 0 {
		r.err = "no report: " + historical.LastLines(stderr.String(), 2)
		if stopped {
			r.err = fmt.Sprintf("no case done within %v, the bound of the whole run: %s", bound, historical.LastLines(stderr.String(), 2))
		}
		return r
	}
	r.cases = len(reps)
	for _, rep := range reps {
		if len(rep.Ranking) > 0 {
			r.reported = append(r.reported, rep.Name)
		}
		if rep.Mode == native.Mode {
			r.nativeOnly++
		}
		if p := rep.Stats.Preliminary; p > 0 && r.first == 0 {
			r.first = p // the first case's: its clock starts with the command
		}
	}
	best := -1
	for i, rep := range reps {
		rank, ev := placeFault(rep, dir, path, r.lines)
		if best < 0 || rank > 0 && (r.rank == 0 || rank < r.rank) {
			best, r.rank, r.evidence = i, rank, ev
		}
	}
	rep := reps[best]
	r.all = len(rep.Candidates)
	for _, c := range rep.Candidates {
		if c.Verified {
			r.verified++
		}
	}
	r.ended = "complete"
	if rep.Partial {
		r.ended = strings.ReplaceAll(rep.Reason, "|", "/")
	}
	if stopped {
		r.ended = fmt.Sprintf("run stopped at its bound (%v) after %d cases; ", bound, len(reps)) + r.ended
	}
	return r
}

// placeFault reads a report as a user would, its ranking in order (the
// verified candidates' lines first, then the lines the other evidence
// ranks, the unverified candidates' among them; localize.Report.Fuse),
// and returns the rank of the first faulty line (of file path: lines
// examined, ties at their worst position) with the evidence that placed
// it: "verified candidate", "unverified candidate" or the ranked line's
// evidence ("slice", "spectrum"...). File names relative in the report
// (as faultloc writes them) are relative to dir, the directory faultloc
// ran in. It returns 0, "-" when the report does not name a faulty line.
func placeFault(rep report, dir, path string, lines []int) (int, string) {
	for _, l := range rep.Ranking {
		file := l.File
		if !filepath.IsAbs(file) {
			file = filepath.Join(dir, file)
		}
		if !slices.Contains(lines, l.Line) || !sameFile(file, path) {
			continue
		}
		switch l.Evidence {
		case "verified candidate":
			return l.Rank, l.Evidence
		case "candidate":
			return l.Rank, "unverified candidate"
		}
		return l.Rank, cmp.Or(l.Evidence, "ranking")
	}
	return 0, "-"
}

// executableLines counts the lines on which a statement starts (blocks
// aside) or a package-level variable is initialized, in the non-test Go
// files of the given package directories (each counted once).
func executableLines(dirs ...string) int {
	fset := token.NewFileSet()
	lines := map[token.Position]bool{}
	done := map[string]bool{}
	for _, dir := range dirs {
		dir = filepath.Clean(dir)
		if done[dir] {
			continue
		}
		done[dir] = true
		ents, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
			if err != nil {
				continue
			}
			mark := func(n ast.Node) {
				p := fset.Position(n.Pos())
				lines[token.Position{Filename: p.Filename, Line: p.Line}] = true
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.BlockStmt:
				case ast.Stmt:
					mark(n)
				case *ast.GenDecl:
					if n.Tok == token.VAR {
						for _, s := range n.Specs {
							if vs := s.(*ast.ValueSpec); len(vs.Values) > 0 {
								mark(vs)
							}
						}
					}
				}
				return true
			})
		}
	}
	return len(lines)
}

// summary is one line of progress for stderr.
func (r *bugResult) summary() string {
	switch {
	case r.invalid != "":
		return "invalid: " + r.invalid
	case r.err != "":
		return r.err
	case r.cases == 0:
		return fmt.Sprintf("valid; faulty lines %s", joinInts(r.lines))
	}
	return fmt.Sprintf("rank %d (%s), %d/%d candidates, %s, %v", r.rank, r.evidence, r.verified, r.all, r.ended, r.time.Round(100*time.Millisecond))
}

// fixLink is a Markdown link to bug b's upstream fix: its commit, or,
// when the commit is not known, the comparison of the release without the
// fix (since) with the release that has it.
func fixLink(b bug) string {
	repo := strings.TrimPrefix(b.Repo, "github.com/")
	if b.Commit != "" {
		return fmt.Sprintf("[%s@%s](https://%s/commit/%s)", repo, b.Commit[:7], b.Repo, b.Commit)
	}
	_, version, _ := strings.Cut(b.Module, "@")
	return fmt.Sprintf("[%s %s...%s](https://%s/compare/%s...%s)", repo, b.Since, version, b.Repo, b.Since, version)
}

// writeHistorical writes the tables of the historical bugs: the bugs and
// their validation, then (unless check) what localization gave.
func writeHistorical(rep *strings.Builder, rs []bugResult, check bool) {
	libs := map[string]bool{}
	valid := 0
	for _, r := range rs {
		libs[r.bug.Repo] = true
		if r.invalid == "" {
			valid++
		}
	}
	fmt.Fprintf(rep, "## Historical bugs\n\n"+
		"Each row is a real bug of a library, fixed upstream by the commit named (or between the two releases\n"+
		"named, where the commit is not known), put back into a release\n"+
		"that contains the fix by one literal replacement (the reverse of the fix). valid: the release's test\n"+
		"(`go test -run`) passes as released and fails with the bug put back. faulty lines: the lines of the\n"+
		"buggy text that differ from the fix; for a missing statement or condition, the line where it belongs\n"+
		"(at a block's end: the line that opens the block).\n"+
		"%d bugs of %d libraries, %d valid.\n\n", len(rs), len(libs), valid)
	rep.WriteString("| bug | release | upstream fix | kind | test | faulty lines | valid |\n|---|---|---|---|---|---|---|\n")
	for _, r := range rs {
		b := r.bug
		v := "yes"
		if r.invalid != "" {
			v = "no: " + cell(r.invalid)
		}
		fmt.Fprintf(rep, "| %s | %s | %s: %s | %s | `%s` | %s:%s | %s |\n",
			b.Name, b.Module, fixLink(b), cell(b.Desc), b.Kind, b.Run, b.File, joinInts(r.lines), v)
	}
	if check {
		return
	}
	flags, with := "", "the default flags"
	if len(localizeFlags) > 0 {
		flags, with = strings.Join(localizeFlags, " ")+" ", "the flags of -flags"
	}
	rep.WriteString("\nLocalization, as a user runs it with " + with + ":\n" +
		"`faultloc localize -format json -run '^Test$(/|$)' -timeout D " + flags + "PKG` in the copy with the bug.\n" +
		"cases: failing cases localized (the row shows the one that placed the fault best); candidates:\n" +
		"verified / all of that case; rank: lines examined, reading the report's ranking in order (the verified\n" +
		"candidates' lines, then the other evidence's; ties at their worst position), up to and including the first\n" +
		"faulty line (\"-\": not named); evidence: what named it; EXAM: rank / executable lines (lines where a\n" +
		"statement starts, in the non-test files of the package tested and of the faulty file's package);\n" +
		"ended: \"complete\" when the search ended within its bounds, else why it stopped; time: the command's.\n\n")
	rep.WriteString("| bug | kind | cases | candidates | rank | evidence | EXAM | ended | time |\n|---|---|--:|--:|--:|---|--:|---|--:|\n")
	var top [4]int
	bounds := [4]int{1, 3, 5, 10}
	placed, localized := 0, 0
	sumExam := 0.0
	var perCase []time.Duration // each bug's time over its failing cases
	for _, r := range rs {
		if r.invalid != "" {
			continue
		}
		localized++
		if r.cases > 0 {
			perCase = append(perCase, r.time/time.Duration(r.cases))
		}
		if r.err != "" {
			fmt.Fprintf(rep, "| %s | %s | | error: %s | | | | | %s |\n", r.bug.Name, r.bug.Kind, cell(r.err), r.time.Round(100*time.Millisecond))
			continue
		}
		rank, exam := "-", "-"
		if r.rank > 0 {
			placed++
			sumExam += r.exam()
			rank, exam = fmt.Sprint(r.rank), fmt.Sprintf("%.3f", r.exam())
			for i, n := range bounds {
				if r.rank <= n {
					top[i]++
				}
			}
		}
		fmt.Fprintf(rep, "| %s | %s | %d | %d / %d | %s | %s | %s | %s | %s |\n",
			r.bug.Name, r.bug.Kind, r.cases, r.verified, r.all, rank, r.evidence, exam, cell(r.ended), r.time.Round(100*time.Millisecond))
	}
	fmt.Fprintf(rep, "\nOf %d valid bugs: top-1 %d, top-3 %d, top-5 %d, top-10 %d; %d placed", localized, top[0], top[1], top[2], top[3], placed)
	if placed > 0 {
		fmt.Fprintf(rep, ", mean EXAM of those %.3f", sumExam/float64(placed))
	}
	if len(perCase) > 0 {
		// A bug's time is the command's (loading and the package's
		// spectrum included, shared by its cases) over its failing cases.
		fmt.Fprintf(rep, "; median time per failing case %v (a bug's time over its failing cases)", median(perCase).Round(100*time.Millisecond))
	}
	var firsts []time.Duration
	for _, r := range rs {
		if r.first > 0 {
			firsts = append(firsts, r.first)
		}
	}
	if len(firsts) > 0 {
		fmt.Fprintf(rep, "; the first (preliminary) ranking of %d bugs after a median %v, at most %v (from the command's start, its report's stats)",
			len(firsts), median(firsts).Round(100*time.Millisecond), slices.Max(firsts).Round(100*time.Millisecond))
	}
	rep.WriteString(".\n")
	var crashes []string
	for _, r := range rs {
		if r.crash != "" {
			crashes = append(crashes, fmt.Sprintf("%s: %s", r.bug.Name, r.crash))
		}
	}
	if len(crashes) == 0 {
		rep.WriteString("\nPanics of faultloc's own (recovered at a stage or not): none.\n")
	} else {
		fmt.Fprintf(rep, "\nPanics of faultloc's own (recovered at a stage or not): %d.\n\n", len(crashes))
		for _, c := range crashes {
			fmt.Fprintf(rep, "- %s\n", cell(c))
		}
	}
	writeBeside(rep, rs)
}

// cell makes s fit in a table cell.
func cell(s string) string {
	return strings.NewReplacer("|", "/", "\n", " ").Replace(s)
}

func joinInts(xs []int) string {
	var ss []string
	for _, x := range xs {
		ss = append(ss, fmt.Sprint(x))
	}
	return strings.Join(ss, ",")
}

// bugCopy is a historical bug put back into a fresh copy of its release
// and loaded in this process, for the kinds that localize in-process.
type bugCopy struct {
	dir, path string                           // the copy, the faulty file in it
	faulty    func(file string, line int) bool // whether a line is one of the bug's
	prog      *trace.Program
	pkg       string // the package tested
}

// loadBug prepares bug b in tmp/sub, validates it and loads its package
// with tests; on failure it returns the row's error text.
func loadBug(ctx context.Context, b bug, tmp, sub string) (*bugCopy, string) {
	dir := filepath.Join(tmp, sub, strings.NewReplacer("/", "_").Replace(b.Name))
	if err := historical.Prepare(ctx, b.Module, dir); err != nil {
		return nil, err.Error()
	}
	lines, invalid := historical.Validate(ctx, b, dir)
	if invalid != "" {
		return nil, "invalid: " + invalid
	}
	c := &bugCopy{dir: dir, path: filepath.Join(dir, b.File)}
	c.faulty = func(file string, line int) bool {
		return sameFile(file, c.path) && slices.Contains(lines, line)
	}
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: true, Module: true}, b.Package())
	if err != nil {
		return nil, err.Error()
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		return nil, err.Error()
	}
	c.prog, c.pkg = prog, pkg
	return c, ""
}

// median returns the median of ds (which it sorts).
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	med := ds[len(ds)/2]
	if len(ds)%2 == 0 {
		med = (ds[len(ds)/2-1] + med) / 2
	}
	return med
}
