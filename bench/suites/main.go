package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
)

// workerEnv names the environment variable that makes the command a
// worker process: its value is the job file.
const workerEnv = "FAULTLOC_SUITES_JOB"

func main() {
	if job := os.Getenv(workerEnv); job != "" {
		if err := workerMain(job); err != nil {
			fmt.Fprintln(os.Stderr, "suites:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "suites:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("suites", flag.ContinueOnError)
	out := fs.String("out", "", "write the report to `file` (default: standard output)")
	libsFlag := fs.String("libs", "", "measure only the libraries whose name contains one of these comma-separated `words`")
	famFlag := fs.String("families", "", "measure only these comma-separated `families`")
	caseCPU := fs.Duration("case-cpu", 30*time.Second, "bound one interpreted case by the CPU time its worker process spends on it")
	caseTimeout := fs.Duration("case-timeout", 0, "bound one interpreted case's wall time, a backstop for a case that waits (0: 5 times -case-cpu)")
	libTimeout := fs.Duration("lib-timeout", 10*time.Minute, "bound one library: fetch, native run and interpreted cases")
	deadline := fs.Duration("deadline", 0, "start no library after this long; the report is then partial (0: no deadline)")
	par := fs.Int("p", 1, "libraries measured at once")
	jsonOut := fs.String("json", "", "also write the results as JSON to `file`")
	from := fs.String("from", "", "start from the results in JSON `file` (from -json): write their report, or with -libs or -families measure those libraries again in them")
	seeded := fs.Int("seeded", 0, "put back `n` bugs into each library and localize them with faultloc (SEEDED.md); -faultloc, -run-timeout")
	faultlocCmd := fs.String("faultloc", "faultloc", "the faultloc `command` the seeded mode runs")
	runTimeout := fs.Duration("run-timeout", 20*time.Second, "faultloc localize's -timeout (one case) in the seeded mode")
	runDeadline := fs.Duration("run-deadline", 3*time.Minute, "faultloc localize's -deadline (one run) in the seeded mode")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if *par < 1 || *libTimeout <= 0 {
		return fmt.Errorf("-p and -lib-timeout must be positive")
	}
	bounds, err := newCaseBounds(*caseCPU, *caseTimeout)
	if err != nil {
		return err
	}
	if *seeded > 0 {
		selected, err := selectLibraries(*libsFlag, *famFlag)
		if err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		opts := seededOptions{n: *seeded, faultloc: *faultlocCmd, runTimeout: *runTimeout, runDeadline: *runDeadline, libTimeout: *libTimeout}
		return runSeeded(ctx, selected, opts, *deadline, *out, "go run ./bench/suites "+strings.Join(args, " "))
	}
	var prior *report
	if *from != "" {
		b, err := os.ReadFile(*from)
		if err != nil {
			return err
		}
		prior = &report{}
		if err := json.Unmarshal(b, prior); err != nil {
			return fmt.Errorf("%s: %v", *from, err)
		}
		if *libsFlag == "" && *famFlag == "" {
			return writeOut(prior, *out, "")
		}
	}
	selected, err := selectLibraries(*libsFlag, *famFlag)
	if err != nil {
		return err
	}
	startLoad, watch := loadavg.One(), loadavg.Watch(10*time.Second)
	defer watch.Stop()
	env := fmt.Sprintf("%s, %s/%s, %d cores", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	rep := &report{
		Command: "go run ./bench/suites " + strings.Join(args, " "),
		Bounds:  fmt.Sprintf("%v, %v a library, %d at once", bounds, *libTimeout, *par),
	}
	// envNow is the report's environment with the load seen so far.
	envNow := func() string {
		e := env + loadAverage(startLoad, watch)
		if prior != nil {
			e = prior.Env + "; measured again: " + e
		}
		return e
	}
	rep.Env = envNow()
	if prior != nil {
		rep.Command = prior.Command + " && " + rep.Command
		rep.Bounds = prior.Bounds + "; measured again: " + rep.Bounds
	}
	tmp, err := os.MkdirTemp("", "suites")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	opts := options{caseBounds: bounds, libTimeout: *libTimeout, restarts: 3}
	results := make([]*libResult, len(selected))
	var mu sync.Mutex
	var werr error
	// save rewrites the report with the libraries done so far, so that a
	// run stopped midway leaves a report marked partial.
	save := func(final bool) {
		if *out == "" && !final {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		rep.Env = envNow()
		rep.Libs, rep.Missing = merge(prior, selected, results)
		if err := writeOut(rep, *out, *jsonOut); err != nil {
			werr = err
		}
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range *par {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				lib := selected[i]
				fmt.Fprintf(os.Stderr, "suites: %s ...\n", lib.name())
				t0 := time.Now()
				r := measure(ctx, lib, tmp, opts)
				var t tally
				t.add(r)
				fmt.Fprintf(os.Stderr, "suites: %s: %d cases, %d run, %d with go test's verdict, %d false failures (%v) %s %s\n",
					lib.name(), t.cases, t.ran, t.verdict, t.falseFail, time.Since(t0).Round(time.Second), r.Err, r.Partial)
				mu.Lock()
				results[i] = r
				mu.Unlock()
				save(false)
			}
		}()
	}
	for i := range selected {
		if ctx.Err() != nil || (*deadline > 0 && time.Since(start) > *deadline) {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	save(true)
	return werr
}

// merge returns the libraries measured and those missing: the results of
// the selected libraries (nil: not measured yet), in place of prior's
// results for the same libraries, if prior is not nil.
func merge(prior *report, selected []library, results []*libResult) (libs []libResult, missing []string) {
	done := map[string]*libResult{}
	for i, r := range results {
		if r != nil {
			done[selected[i].name()] = r
		}
	}
	if prior != nil {
		for _, r := range prior.Libs {
			if d := done[r.Name]; d != nil {
				r = *d
				delete(done, r.Name)
			}
			libs = append(libs, r)
		}
		for _, name := range prior.Missing {
			if done[name] == nil {
				missing = append(missing, name)
			}
		}
	}
	have := func(name string) bool {
		return slices.ContainsFunc(libs, func(r libResult) bool { return r.Name == name })
	}
	for _, l := range selected {
		switch r := done[l.name()]; {
		case r != nil:
			libs = append(libs, *r)
		case !have(l.name()) && !slices.Contains(missing, l.name()):
			missing = append(missing, l.name())
		}
	}
	return libs, missing
}

// loadAverage is ", load average L at the start" with the machine's
// one-minute load average when the run started, and ", H at most while
// it ran" with the highest one sampled since, where known: a loaded
// machine slows every wall-time figure, and the wall-time bounds (a
// case's backstop, a library's) turn that into cases not run.
func loadAverage(start string, w *loadavg.Watcher) string {
	s := ""
	if start != "" {
		s = ", load average " + start + " at the start"
	}
	if w != nil {
		if m := w.Max(); m != "" {
			s += ", " + m + " at most while it ran"
		}
	}
	return s
}

// selectLibraries returns the libraries whose name contains one of the
// words of libs and whose family is one of fams (empty: all).
func selectLibraries(libs, fams string) ([]library, error) {
	var out []library
	words := splitList(libs)
	famWords := splitList(fams)
	for _, f := range famWords {
		known := false
		for _, g := range families {
			known = known || string(g) == f
		}
		if !known {
			return nil, fmt.Errorf("-families: no family %q (families: %v)", f, families)
		}
	}
	for _, l := range libraries {
		if len(famWords) > 0 && !contains(famWords, string(l.family)) {
			continue
		}
		if len(words) > 0 && !containsAny(l.name(), words) {
			continue
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no library matches -libs %q -families %q", libs, fams)
	}
	return out, nil
}

func splitList(s string) []string {
	var out []string
	for _, w := range strings.Split(s, ",") {
		if w = strings.TrimSpace(w); w != "" {
			out = append(out, w)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, w := range list {
		if w == s {
			return true
		}
	}
	return false
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// writeOut writes rep to the file out (standard output if empty) and,
// if jsonOut is set, its results as JSON there.
func writeOut(rep *report, out, jsonOut string) error {
	if jsonOut != "" {
		b, err := json.MarshalIndent(rep, "", "\t")
		if err != nil {
			return err
		}
		if err := os.WriteFile(jsonOut, b, 0o666); err != nil {
			return err
		}
	}
	if out == "" {
		return rep.write(os.Stdout)
	}
	return writeFile(out, rep.write)
}

// writeFile writes out whole with write, through a temporary file
// renamed into place, so a reader never sees half a report.
func writeFile(out string, write func(io.Writer) error) error {
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(out+".tmp", out)
}
