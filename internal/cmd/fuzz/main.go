// Command fuzz runs every fuzz target of the module, one after the other,
// each for the same time, and prints a summary.
//
// Usage, from anywhere in the module:
//
//	go run ./internal/cmd/fuzz [-time D] [-run REGEXP] [-parallel N] [-list] [-v]
//
// The targets are the functions FuzzXxx(*testing.F) of the module's
// _test.go files (outside testdata and examples: the subjects' fuzz
// targets are specifications that faultloc localizes faults against,
// not tests of faultloc), found by parsing them. For each
// target it runs
//
//	go test -run '^$' -fuzz '^FuzzXxx$' -fuzztime D ./pkg
//
// in the module's root. The fuzz targets' seed corpora are committed
// under each package's testdata/fuzz/FuzzXxx, so plain go test replays
// them; fuzzing adds the inputs that widen coverage to go's build cache
// (go env GOCACHE), and an input that fails to testdata/fuzz/FuzzXxx,
// where it stays as a regression seed once the bug is fixed.
//
// The flags are:
//
//	-time D
//
// How long to fuzz each target (default 1m), as go test -fuzztime takes
// it: a duration, or Nx for N runs of the target.
//
//	-run REGEXP
//
// Fuzz only the targets whose "pkg.FuzzXxx" (pkg relative to the root,
// as in maxsat.FuzzWCNF) matches REGEXP.
//
//	-parallel N
//
// The fuzzing processes of each target (default 0: go test's default,
// GOMAXPROCS).
//
//	-list
//
// Print the targets and exit.
//
//	-v
//
// Copy go test's output to standard error as it comes.
//
// The summary has a line per target: ok or FAIL, the time spent
// (building included), the executions of the target and the new inputs
// that widened coverage, as go test's last progress line counts them, and
// for a failure the input go test wrote. The exit status is 1 if a target
// failed, 2 on a usage error.
//
// Example: an hour of fuzzing, ten minutes per target:
//
//	go run ./internal/cmd/fuzz -time 10m
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run is main without the process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fuzz", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fuzztime := fs.String("time", "1m", "how long to fuzz each target (go test -fuzztime: a duration or Nx)")
	runRE := fs.String("run", "", "fuzz only the targets whose pkg.FuzzXxx matches this regular expression")
	parallel := fs.Int("parallel", 0, "fuzzing processes per target (0: go test's default, GOMAXPROCS)")
	list := fs.Bool("list", false, "print the targets and exit")
	verbose := fs.Bool("v", false, "copy go test's output to standard error")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 {
		if fs.NArg() > 0 {
			fmt.Fprintln(stderr, "usage: go run ./internal/cmd/fuzz [flags]")
		}
		return 2
	}
	var match *regexp.Regexp
	if *runRE != "" {
		var err error
		if match, err = regexp.Compile(*runRE); err != nil {
			fmt.Fprintln(stderr, "fuzz: -run:", err)
			return 2
		}
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(stderr, "fuzz:", err)
		return 2
	}
	targets, err := findTargets(root)
	if err != nil {
		fmt.Fprintln(stderr, "fuzz:", err)
		return 2
	}
	if match != nil {
		targets = slices.DeleteFunc(targets, func(t target) bool { return !match.MatchString(t.String()) })
	}
	if len(targets) == 0 {
		fmt.Fprintln(stderr, "fuzz: no fuzz target")
		return 2
	}
	if *list {
		for _, t := range targets {
			fmt.Fprintln(stdout, t)
		}
		return 0
	}
	var results []result
	for _, t := range targets {
		fmt.Fprintf(stderr, "fuzz: %s for %s\n", t, *fuzztime)
		args := t.goTestArgs(*fuzztime, *parallel)
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = root
		// Interrupted, go test stops fuzzing and reports, as on Ctrl-C.
		cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
		cmd.WaitDelay = 30 * time.Second
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if *verbose {
			cmd.Stdout = io.MultiWriter(&out, stderr)
			cmd.Stderr = cmd.Stdout
		}
		start := time.Now()
		err := cmd.Run()
		r := parseOutput(out.String())
		r.target, r.time, r.ok = t, time.Since(start), err == nil
		if r.failInput != "" && !filepath.IsAbs(r.failInput) {
			r.failInput = filepath.Join(filepath.FromSlash(t.Dir), r.failInput)
		}
		if !r.ok && !*verbose {
			// The failure's report: the failing test's output ends it.
			fmt.Fprintf(stderr, "fuzz: go %s: %v\n%s", strings.Join(args, " "), err, tail(out.String(), 40))
		}
		results = append(results, r)
		if ctx.Err() != nil {
			break
		}
	}
	writeSummary(stdout, results)
	for _, r := range results {
		if !r.ok {
			return 1
		}
	}
	if ctx.Err() != nil {
		return 1
	}
	return 0
}

// target is a fuzz target: function Func of the package in directory Dir
// (relative to the module's root, slash-separated).
type target struct {
	Dir, Func string
}

// String returns "dir.FuzzXxx".
func (t target) String() string { return t.Dir + "." + t.Func }

// goTestArgs returns the go command's arguments that fuzz t.
func (t target) goTestArgs(fuzztime string, parallel int) []string {
	args := []string{"test", "-run", "^$", "-fuzz", "^" + t.Func + "$", "-fuzztime", fuzztime}
	if parallel > 0 {
		args = append(args, "-parallel", fmt.Sprint(parallel))
	}
	return append(args, "./"+t.Dir)
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not inside a module")
	}
	return filepath.Dir(gomod), nil
}

// findTargets returns the fuzz targets of the _test.go files under root,
// in directory then file order, leaving out testdata, the subjects under
// examples, the directories go ignores (names starting with "." or "_")
// and other modules.
func findTargets(root string) ([]target, error) {
	var targets []target
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) || path == filepath.Join(root, "examples") {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // another module
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && isFuzzTarget(fn) {
				targets = append(targets, target{Dir: filepath.ToSlash(dir), Func: fn.Name.Name})
			}
		}
		return nil
	})
	return targets, err
}

// isFuzzTarget reports whether fn is func FuzzXxx(*testing.F), as go test
// recognizes one: Xxx does not start with a lower-case letter.
func isFuzzTarget(fn *ast.FuncDecl) bool {
	name, ok := strings.CutPrefix(fn.Name.Name, "Fuzz")
	if !ok || fn.Recv != nil || fn.Type.TypeParams != nil || (name != "" && name[0] >= 'a' && name[0] <= 'z') {
		return false
	}
	ps := fn.Type.Params.List
	if len(ps) != 1 || len(ps[0].Names) > 1 || fn.Type.Results != nil {
		return false
	}
	star, ok := ps[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "F" && isIdent(sel.X, "testing")
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// result is how one target's fuzzing went.
type result struct {
	target
	ok        bool
	time      time.Duration
	execs     string // from go test's last progress line; "" if none
	new       string // new interesting inputs, the same way
	failInput string // the file go test wrote a failing input to (relative to the package, then to the root)
}

var (
	progressLine = regexp.MustCompile(`(?m)^fuzz: elapsed: .*, execs: (\d+) .*new interesting: (\d+)`)
	failingInput = regexp.MustCompile(`(?m)Failing input written to (\S+)`)
)

// parseOutput reads the counts and the failing input from go test's
// output.
func parseOutput(out string) result {
	var r result
	if ms := progressLine.FindAllStringSubmatch(out, -1); len(ms) > 0 {
		last := ms[len(ms)-1]
		r.execs, r.new = last[1], last[2]
	}
	if m := failingInput.FindStringSubmatch(out); m != nil {
		r.failInput = m[1]
	}
	return r
}

// writeSummary writes a line per result.
func writeSummary(w io.Writer, results []result) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "target\tresult\ttime\texecs\tnew inputs\tfailing input")
	for _, r := range results {
		status := "ok"
		if !r.ok {
			status = "FAIL"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.target, status, r.time.Round(time.Second), dash(r.execs), dash(r.new), dash(r.failInput))
	}
	tw.Flush()
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "")
}
