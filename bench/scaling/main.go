package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace"
)

func main() {
	def := defaultConfig()
	bounds := flag.String("bounds", joinInts(def.Bounds), "comma-separated loop bounds")
	timeout := flag.Duration("timeout", def.Timeout, "timeout of one localization run (subject, bound, mode)")
	maxSize := flag.Int("max-size", def.MaxSize, "candidate size bound for both modes (0: none)")
	maxPaths := flag.Int("max-paths", def.MaxPaths, "PF's bound on explored paths")
	arith := flag.String("arith", "bv", "integer encoding for both modes: bv (bit-vectors, exact) or int (unbounded)")
	noSkip := flag.Bool("no-skip", false, "run larger bounds of a mode even after it timed out")
	subj := flag.String("subjects", "", "comma-separated subjects (Sum, Isqrt, BinarySearch); default all")
	modes := flag.String("modes", "agx,pf", "comma-separated modes to run (agx, pf); a mode not run is reported as skipped")
	out := flag.String("out", "", "also write the report to this file")
	label := flag.String("label", "", "a line printed under the report's title (e.g. which patch the tree carries)")
	verbose := flag.Bool("v", false, "print every localization report to stderr")
	flag.Parse()

	cfg := def
	var err error
	if cfg.Bounds, err = parseInts(*bounds); err != nil {
		fail(err)
	}
	cfg.Timeout, cfg.MaxSize, cfg.MaxPaths = *timeout, *maxSize, *maxPaths
	cfg.NoSkip = *noSkip
	cfg.Label = *label
	switch *arith {
	case "bv":
		cfg.Arith = encode.BitVector
	case "int":
		cfg.Arith = encode.Integer
	default:
		fail(fmt.Errorf("bad -arith %q (want bv or int)", *arith))
	}
	if *verbose {
		cfg.Log = os.Stderr
	}
	if *subj != "" {
		cfg.Subjects = strings.Split(*subj, ",")
	}
	if cfg.Modes, err = parseModes(*modes); err != nil {
		fail(err)
	}
	ctx := context.Background()
	p, err := trace.Load(ctx, &trace.Config{}, loopsPkg)
	if err != nil {
		fail(err)
	}
	dir, err := loopsDir(p)
	if err != nil {
		fail(err)
	}
	faults, err := examples.FaultLines(dir)
	if err != nil {
		fail(err)
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fail(err)
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	cmd := "go run ./bench/scaling"
	for _, a := range os.Args[1:] {
		if strings.ContainsAny(a, " \t'\"*&;|<>()$`\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		cmd += " " + a
	}
	cfg.Progress = os.Stderr
	if err := run(ctx, w, cmd, environment(), p, faults, cfg); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "scaling:", err)
	os.Exit(1)
}

// loopsDir returns the directory of the loop subjects' sources.
func loopsDir(p *trace.Program) (string, error) {
	f := p.Func(loopsPkg, "Sum")
	if f == nil {
		return "", fmt.Errorf("no %s.Sum", loopsPkg)
	}
	return filepath.Dir(p.SSA.Fset.Position(f.Pos()).Filename), nil
}

func joinInts(xs []int) string {
	var ss []string
	for _, x := range xs {
		ss = append(ss, strconv.Itoa(x))
	}
	return strings.Join(ss, ",")
}

// parseModes parses -modes: "agx" (or "atf") and "pf".
func parseModes(s string) ([]encode.Mode, error) {
	var out []encode.Mode
	for _, f := range strings.Split(s, ",") {
		m, err := encode.ParseMode(strings.TrimSpace(f))
		if err != nil || m != encode.ATF && m != encode.PF {
			return nil, fmt.Errorf("bad mode %q (want agx or pf)", f)
		}
		out = append(out, m)
	}
	return out, nil
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 2 {
			return nil, fmt.Errorf("bad bound %q (want integers >= 2)", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// run runs the experiment and writes the report to w; progress goes to
// cfg.Log.
func run(ctx context.Context, w io.Writer, cmd string, env []string, p *trace.Program, faults []examples.Fault, cfg config) error {
	header(w, cmd, env, cfg)
	all := map[string][]row{}
	for _, s := range subjects {
		if len(cfg.Subjects) > 0 && !contains(cfg.Subjects, s.Name) {
			continue
		}
		if s.Fault >= len(faults) {
			return fmt.Errorf("%s: no fault marker %d in examples/loops", s.Name, s.Fault)
		}
		fault := faults[s.Fault]
		var rows []row
		timedOut := map[encode.Mode]int{}
		for _, b := range cfg.Bounds {
			r := row{Subject: s.Name, Bound: b}
			var err error
			if r.Steps, err = steps(ctx, p, s, b); err != nil {
				return err
			}
			for _, mode := range []encode.Mode{encode.ATF, encode.PF} {
				var m measurement
				if !slices.Contains(cfg.Modes, mode) {
					m = measurement{Mode: mode, NotRun: true}
				} else if tb := timedOut[mode]; tb > 0 && !cfg.NoSkip {
					m = measurement{Mode: mode, Skipped: tb}
				} else {
					m = measure(ctx, p, s, b, mode, cfg, fault)
					if m.TimedOut {
						timedOut[mode] = b
					}
				}
				if mode == encode.ATF {
					r.ATF = m
				} else {
					r.PF = m
				}
				if cfg.Progress != nil {
					fmt.Fprintf(cfg.Progress, "%s b=%d %s\n", s.Name, b, brief(m))
				}
			}
			rows = append(rows, r)
		}
		all[s.Name] = rows
		table(w, s, rows)
	}
	summary(w, all)
	return nil
}

func brief(m measurement) string {
	if m.NotRun {
		return fmt.Sprintf("%v not run", m.Mode)
	}
	if m.Skipped > 0 {
		return fmt.Sprintf("%v skipped", m.Mode)
	}
	if m.Err != nil {
		return "error: " + m.Err.Error()
	}
	st := m.Report.Stats
	return fmt.Sprintf("%v solve=%v total=%v runs=%d ref=%d mcs=%d cons=%d calls=%d cands=%d fault=%v/%d partial=%v(%s) timeout=%v lines=%v",
		m.Mode, st.Solve.Round(time.Millisecond), st.Total.Round(time.Millisecond), st.Runs, st.Refinements, st.MCSes, st.Constraints, st.SolverCalls,
		len(m.Report.Candidates), m.FaultHit, m.FaultSize, m.Report.Partial, m.Report.Reason, m.TimedOut, m.Lines)
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// commit, if set at link time (-ldflags "-X main.commit=..."), names the
// source the binary was built from; otherwise the report asks git.
var commit string

// environment describes where the report was made.
func environment() []string {
	var env []string
	now := time.Now().UTC().Format(time.RFC3339)
	env = append(env, "date: "+now)
	if commit != "" {
		env = append(env, "commit: "+commit)
	} else if out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		env = append(env, "commit: "+strings.TrimSpace(string(out))+" (plus any uncommitted changes of the checkout)")
	}
	env = append(env, fmt.Sprintf("go: %s %s/%s, %d CPUs", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU()))
	if load := loadavg.Now(); load != "" {
		env = append(env, "load average at start: "+load+" (the machine is shared: times are noisy)")
	}
	return env
}
