// Command regressions measures faultloc regress (AFTER) on real
// regressions between consecutive tagged releases of libraries that
// nobody here wrote, and writes a report.
//
//	go run ./bench/regressions [-subjects a,b] [-deadline 10m] [-timeout 1m] [-check] [-baselines=false] [-keep DIR] [-out FILE]
//
// A regression is a library's two consecutive releases, good and bad,
// and a test that a later release (the fix) added: it passes on good and
// fails on bad. For each, the command fetches the three releases through
// the module proxy (go mod download), puts the fix release's test file
// into good and bad (the whole file, or only the declarations the test
// needs, renamed so as not to clash with the version's own tests;
// subjects.go says which), completes their go.sum, checks the premise
// with go test, and runs, in bad's copy,
//
//	faultloc regress -format json -old GOOD -run TEST -timeout T -deadline D ./PKG
//
// with faultloc built from this repository and its default trials (the
// interpreter where it runs the failing cases, native go test builds
// otherwise). It reads the JSON report as a user would: the root cause
// and its auxiliary changes, whether a root change holds one of the
// reference lines (the lines of bad that the upstream fix changes on the
// test's path, in one file or several: the change covers one and no
// change nested in it does; the report gives its size, as a modified
// statement can span many lines), the
// versions tried and test runs, and the same for the three baselines the
// command runs beside AFTER: delta debugging over all changes, over the
// causes, and bisection over the changes in file order. -check stops
// after the premise; -baselines=false runs AFTER alone (minutes instead
// of most of an hour, the baselines' columns left empty). -keep leaves
// the copies, each with faultloc's JSON report and standard error, in
// DIR.
//
// The command also reads the fix sites the report gives when the root
// cause replaced code (the causes it brought into the failing run,
// ranked) and reports the rank of the first whose executed lines hold a
// reference line: the root cause answers which change broke the test,
// the fix sites where in a rewrite to fix it.
//
// The reference lines and the fix commits are in subjects.go; the report
// names its command, the regressions it ran, the machine's load at the
// start and at the end of each regression, and every figure it shows.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
)

func main() {
	only := flag.String("subjects", "", "comma-separated names of the regressions to run (default all)")
	deadline := flag.Duration("deadline", 10*time.Minute, "time bound of one faultloc regress run (its -deadline), baselines included")
	timeout := flag.Duration("timeout", time.Minute, "time bound of one test run (faultloc regress -timeout)")
	checkOnly := flag.Bool("check", false, "only check the premise of each regression: its test passes on good and fails on bad")
	keep := flag.String("keep", "", "make the copies in this directory and keep them, with faultloc's output beside them")
	out := flag.String("out", "", "also write the report to this file (rewritten after each regression)")
	baselines := flag.Bool("baselines", true, "also run faultloc regress's baselines (dd over all changes and over the causes, bisection); false gives AFTER's answers quickly, with the baselines' columns empty")
	flag.Parse()
	subjects := regressions
	if *only != "" {
		subjects = nil
		for _, n := range strings.Split(*only, ",") {
			found := false
			for _, r := range regressions {
				if r.name == strings.TrimSpace(n) {
					subjects, found = append(subjects, r), true
				}
			}
			if !found {
				fmt.Fprintf(os.Stderr, "regressions: no regression named %q\n", n)
				os.Exit(2)
			}
		}
	}
	cmdline := "go run ./bench/regressions " + strings.Join(os.Args[1:], " ")
	if err := run(context.Background(), cmdline, subjects, *deadline, *timeout, *checkOnly, *baselines, *keep, *out); err != nil {
		fmt.Fprintln(os.Stderr, "regressions:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, cmdline string, subjects []regression, deadline, timeout time.Duration, checkOnly, baselines bool, keep, out string) error {
	tmp := keep
	if tmp == "" {
		var err error
		if tmp, err = os.MkdirTemp("", "regressions"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
	}
	bin, err := filepath.Abs(filepath.Join(tmp, "faultloc"))
	if err != nil {
		return err
	}
	if o, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/faultloc/faultloc/cmd/faultloc").CombinedOutput(); err != nil {
		return fmt.Errorf("building faultloc: %v\n%s", err, o)
	}
	commit, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	load := loadavg.Now()
	var head strings.Builder
	fmt.Fprintf(&head, "# Real regressions between releases\n\nGenerated by\n\n\t%s\n\n", strings.TrimSpace(cmdline))
	subset := "all"
	if len(subjects) < len(regressions) {
		var names []string
		for _, r := range subjects {
			names = append(names, r.name)
		}
		subset = fmt.Sprintf("%d of the %d (%s)", len(subjects), len(regressions), strings.Join(names, ", "))
	}
	noBaselines := ""
	if !baselines {
		noBaselines = ", -baselines=false (no baseline ran)"
	}
	fmt.Fprintf(&head, "- date: %s\n- commit: %s\n- go: %s %s/%s, %d CPUs\n- regressions run: %s\n- load average at start: %s (each regression's at its end: below the table)\n- bounds: faultloc regress -deadline %v, -timeout %v%s\n\n",
		time.Now().UTC().Format(time.RFC3339), strings.TrimSpace(string(commit)), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), subset, load, deadline, timeout, noBaselines)
	var results []result
	for _, r := range subjects {
		res := one(ctx, r, bin, filepath.Join(tmp, strings.ReplaceAll(r.name, "/", "_")), deadline, timeout, checkOnly, baselines)
		res.load = loadavg.Now()
		fmt.Fprintf(os.Stderr, "regressions: %s: %s (load %s)\n", r.name, res.summary(), res.load)
		results = append(results, res)
		if out != "" {
			if err := os.WriteFile(out, []byte(head.String()+report(results, len(subjects), checkOnly)), 0o666); err != nil {
				return err
			}
		}
	}
	fmt.Print(head.String() + report(results, len(subjects), checkOnly))
	return nil
}
