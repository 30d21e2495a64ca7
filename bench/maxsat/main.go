// Command maxsat measures faultloc's maxsat solver on generated
// trace-like formulas (package internal/tracegen) and prints a report that ends with
// two speedup lines:
//
//	mcs enumeration vs z3 optimize: X
//	incremental vs rebuild: Y
//
// The first experiment enumerates every MCS of at most 3 statements of one
// failing trace with maxsat's LevelSearch and with Z3's Optimize plus
// blocking clauses (maxsat's OptimizeBlocking), checks that both find the
// same MCSes, and reports the ratio of their times. The second grows a
// formula in stages, one run (trace) of the same program per stage, as
// AgxFaults' refinement loop does; after each stage it asks for up to two
// more MCSes (blocking each). It does so incrementally on one Solver, and
// by rebuilding a fresh Solver with everything so far (constraints and
// blocks) at each stage, and reports the ratio of total times; an untimed
// cross-check solves the final problem from scratch with the incremental
// run's blocks and compares the next answer. Sizes are
// statement instances in the final formula, from 100 up to -size by
// factors of ten; X and Y are measured at the largest size.
//
// Usage:
//
//	go run ./bench/maxsat [-size 3000] [-stages 10] [-seed 1] [-exp both] [-enum-size 0] [-peer-timeout 0] [-out bench/maxsat/REPORT.txt]
//
// The Z3 Optimize peer of the first experiment gets a CPU-time limit per
// size (-peer-timeout; by default three times the CPU time level search
// took there, at least a minute). CPU time, not wall time, because the
// machine is shared: the limit then gives the peer a known multiple of
// our work whatever the load. A peer stopped by it shows "> t" for its
// time; its CPU time so far bounds what it needs from below, so the
// speedup is reported as a lower bound, ">= X (lower bound: ...)", and the
// MCSes it found are checked to be among level search's.
//
// The default size finishes in a few minutes on a 2-core machine; -exp
// enum or -exp inc runs one experiment only (the other's line then says
// "not run"), and -enum-size gives the enumeration experiment a smaller
// largest size than the incremental one (X then names the size it was
// measured at). Progress goes to stderr.
//
// bench/maxsat/REPORT.txt holds the report of a run with -size 10000: its figures
// are there, not here. At that size the generated program's MCSes of up
// to 3 statements are all found and blocked by the second stage of the
// incremental experiment, so the later stages only add constraints and
// prove exhaustion, which the incremental solver does without a check.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/faultloc/faultloc/internal/tracegen"
	"github.com/faultloc/faultloc/internal/z3"
	"github.com/faultloc/faultloc/maxsat"
)

func main() {
	size := flag.Int("size", 3000, "largest formula, in statement instances (>= 100); 10000 takes tens of minutes")
	stages := flag.Int("stages", 10, "stages (runs) of the incremental experiment")
	seed := flag.Int64("seed", 1, "generator seed")
	out := flag.String("out", "", "also write the report to this file")
	exp := flag.String("exp", "both", "experiments to run: enum, inc or both")
	enumSize := flag.Int("enum-size", 0, "largest formula of the enumeration experiment (0: -size); X is then measured there")
	peer := flag.Duration("peer-timeout", 0, "stop the z3 optimize peer after this CPU time per size (0: 3x level search's CPU time, at least 1m); X is then a lower bound")
	flag.Parse()
	if *enumSize == 0 {
		*enumSize = *size
	}
	if *size < 100 || *enumSize < 100 || *stages < 2 || *peer < 0 || *exp != "enum" && *exp != "inc" && *exp != "both" {
		fmt.Fprintln(os.Stderr, "bench/maxsat: need -size and -enum-size >= 100, -stages >= 2, -peer-timeout >= 0, -exp enum, inc or both")
		os.Exit(2)
	}
	var w io.Writer = os.Stdout
	var f *os.File
	if *out != "" {
		var err error
		if f, err = os.Create(*out); err != nil {
			fmt.Fprintln(os.Stderr, "bench/maxsat:", err)
			os.Exit(1)
		}
		w = io.MultiWriter(os.Stdout, f)
	}
	if err := run(context.Background(), w, config{size: *size, enumSize: *enumSize, stages: *stages, seed: *seed, exp: *exp, peer: *peer}); err != nil {
		fmt.Fprintln(os.Stderr, "bench/maxsat:", err)
		os.Exit(1)
	}
	if f != nil {
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "bench/maxsat:", err)
			os.Exit(1)
		}
	}
}

func sizes(max int) []int {
	var ns []int
	for n := 100; n < max; n *= 10 {
		ns = append(ns, n)
	}
	return append(ns, max)
}

// config holds the command's flags.
type config struct {
	size, stages int
	enumSize     int // largest size of the enumeration experiment
	seed         int64
	exp          string
	peer         time.Duration // z3 optimize's CPU-time limit per size; 0: automatic
}

func run(ctx context.Context, w io.Writer, c config) error {
	fmt.Fprintf(w, "maxsat benchmark: libz3 %s, %s/%s, %d CPUs, seed %d, %s\n",
		z3.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), c.seed, time.Now().UTC().Format(time.RFC3339))
	fmt.Fprintf(w, "command: go run ./bench/maxsat %s\n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "formulas: 32-bit assignment chains with guards and phis; one fault predicate per statement (unit-weight soft groups)\n")
	fmt.Fprintf(w, "times: process CPU time (wall time in parentheses); speedups are ratios of CPU times\n\n")

	x, y := "not run", "not run"
	if c.exp != "inc" {
		v, err := enumExperiment(ctx, w, c)
		if err != nil {
			return err
		}
		x = xLine(v, c.enumSize, c.size)
	}
	if c.exp != "enum" {
		v, err := incExperiment(ctx, w, c.size, c.stages, c.seed)
		if err != nil {
			return err
		}
		y = fmt.Sprintf("%.1f", v)
	}
	fmt.Fprintf(w, "\nmcs enumeration vs z3 optimize: %s\n", x)
	fmt.Fprintf(w, "incremental vs rebuild: %s\n", y)
	return nil
}

// peerLimit is the CPU time the z3 optimize peer gets at one size: the
// -peer-timeout flag, or by default three times the CPU time level search
// took there (at least a minute), so that a peer stopped by it is known to
// be at least three times slower.
func peerLimit(flag, ours time.Duration) time.Duration {
	if flag > 0 {
		return flag
	}
	return max(3*ours, time.Minute)
}

// speedup is the ratio of the peer's CPU time to ours; when the peer was
// stopped before it finished, its CPU time so far only bounds its need from
// below, and so does the ratio.
type speedup struct {
	x     float64
	lower bool // the peer did not finish: x is a lower bound
}

func ratio(ours, peer result) speedup {
	return speedup{x: peer.time.Seconds() / ours.time.Seconds(), lower: peer.partial}
}

func (s speedup) String() string {
	if s.lower {
		return fmt.Sprintf(">= %.1f (lower bound: z3 optimize was stopped before it finished)", s.x)
	}
	return fmt.Sprintf("%.1f", s.x)
}

// xLine formats X, naming the size it was measured at when the
// enumeration experiment stopped short of the largest size.
func xLine(v speedup, enumSize, size int) string {
	if enumSize != size {
		return fmt.Sprintf("%s (at %d statements, not %d)", v, enumSize, size)
	}
	return v.String()
}

// column formats the speedup for the table.
func (s speedup) column() string {
	if s.lower {
		return fmt.Sprintf(">=%.1fx", s.x)
	}
	return fmt.Sprintf("%.1fx", s.x)
}

// timeColumn formats a measured time, "> t" when the run was stopped.
func timeColumn(d time.Duration, stopped bool) string {
	if stopped {
		return "> " + round(d)
	}
	return round(d)
}

// agree checks that both enumerations found the same MCSes, or, when the
// peer was stopped, that what it found is among ours.
func agree(ours, peer result) error {
	if !peer.partial {
		if !slices.Equal(ours.mcs, peer.mcs) {
			return fmt.Errorf("LevelSearch found %v, Optimize %v", ours.mcs, peer.mcs)
		}
		return nil
	}
	for _, m := range peer.mcs {
		if _, found := slices.BinarySearch(ours.mcs, m); !found {
			return fmt.Errorf("Optimize found %s, which LevelSearch did not (%v)", m, ours.mcs)
		}
	}
	return nil
}

func enumExperiment(ctx context.Context, w io.Writer, c config) (speedup, error) {
	fmt.Fprintf(w, "1. all MCSes of size <= 3 of one failing trace; \"> t\": z3 optimize stopped after CPU time t (-peer-timeout), with the MCSes it found so far\n")
	fmt.Fprintf(w, "%8s %6s %12s %12s %7s %13s %13s %7s %9s\n", "stmts", "mcs", "levelsearch", "(wall)", "checks", "z3optimize", "(wall)", "checks", "speedup")
	var x speedup
	for _, n := range sizes(c.enumSize) {
		p := tracegen.NewProgram(c.seed, n)
		st := p.Failing()
		a, err := enumerate(ctx, st, maxsat.LevelSearch, 0)
		if err != nil {
			return x, err
		}
		b, err := enumerate(ctx, st, maxsat.OptimizeBlocking, peerLimit(c.peer, a.time))
		if err != nil {
			return x, err
		}
		if err := agree(a, b); err != nil {
			return x, fmt.Errorf("size %d: %w", n, err)
		}
		x = ratio(a, b)
		mcs := fmt.Sprint(len(b.mcs))
		if b.partial {
			mcs = fmt.Sprintf("%d of %d", len(b.mcs), len(a.mcs))
		}
		fmt.Fprintf(w, "%8d %6d %12s %12s %7d %13s %13s %7d %9s\n", n, len(a.mcs), round(a.time), round(a.wall), a.checks,
			timeColumn(b.time, b.partial), timeColumn(b.wall, b.partial), b.checks, x.column())
		if b.partial {
			fmt.Fprintf(w, "%8s z3 optimize was stopped after %s of CPU time, having found %s MCSes\n", "", round(b.time), mcs)
		}
	}
	return x, nil
}

func incExperiment(ctx context.Context, w io.Writer, size, stages int, seed int64) (float64, error) {
	fmt.Fprintf(w, "\n2. %d stages, one more run of the program per stage, up to 2 MCSes of size <= 3 per stage\n", stages)
	fmt.Fprintf(w, "%8s %8s %6s %12s %12s %7s %12s %12s %7s %8s\n", "stmts", "program", "mcs", "incremental", "(wall)", "checks", "rebuild", "(wall)", "checks", "speedup")
	var y float64
	for _, n := range sizes(size) {
		p := tracegen.NewProgram(seed, max(n/stages, 1))
		var runs []tracegen.Stage
		for k := 0; k < stages; k++ {
			st, _ := p.Trace(k, seed+int64(k), k == 0)
			runs = append(runs, st)
		}
		inc, err := incremental(ctx, runs)
		if err != nil {
			return 0, err
		}
		reb, err := rebuild(ctx, runs)
		if err != nil {
			return 0, err
		}
		if err := crossCheck(ctx, runs, inc); err != nil {
			return 0, fmt.Errorf("size %d: %w", n, err)
		}
		y = reb.time.Seconds() / inc.time.Seconds()
		fmt.Fprintf(w, "%8d %8d %6d %12s %12s %7d %12s %12s %7d %7.1fx\n", p.Statements()*stages, p.Statements(), len(inc.mcs), round(inc.time), round(inc.wall), inc.checks, round(reb.time), round(reb.wall), reb.checks, y)
	}
	return y, nil
}

// cpuTime returns the CPU time (user and system) the process has used. Z3
// runs on the calling thread, so on a machine shared with other work CPU
// time measures the solver more steadily than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func round(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	default:
		return d.Round(10 * time.Millisecond).String()
	}
}

type result struct {
	mcs     []string      // each MCS's groups joined by "+"
	partial bool          // stopped by its time limit before it finished
	time    time.Duration // CPU time
	wall    time.Duration
	checks  int
	next    string // the next answer after the run, for crossCheck
}

func key(m *maxsat.MCS) string { return strings.Join(m.Groups, "+") }

// progress reports to stderr as the experiments go, since large sizes take
// minutes.
func progress(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench/maxsat: "+format+"\n", args...)
}

// enumerate finds all MCSes of at most 3 groups with alg. A positive limit
// bounds the enumeration's CPU time: when it runs out, the result is
// partial, with the MCSes found so far and the time used.
func enumerate(ctx context.Context, st tracegen.Stage, alg maxsat.MCSAlgorithm, limit time.Duration) (result, error) {
	start, cpu := time.Now(), cpuTime()
	defer func() {
		progress("%v on %d constraints: %v", alg, len(st.Hard), time.Since(start).Round(time.Millisecond))
	}()
	s, err := maxsat.NewSolver(&maxsat.Options{MCS: alg})
	if err != nil {
		return result{}, err
	}
	defer s.Close()
	if err := tracegen.Load(s, st); err != nil {
		return result{}, err
	}
	actx := ctx
	if limit > 0 {
		var stop func()
		actx, stop = withCPULimit(ctx, cpu, limit)
		defer stop()
	}
	ms, err := s.AllMCS(actx, maxsat.Bounds{MaxSize: 3}, func(m *maxsat.MCS) bool {
		progress("  %v: MCS %v after %d checks, %v", alg, m.Groups, s.Stats().Checks, time.Since(start).Round(time.Millisecond))
		return true
	})
	partial := false
	if err != nil {
		if limit == 0 || ctx.Err() != nil || !errors.Is(context.Cause(actx), errCPULimit) {
			return result{}, err
		}
		partial = true
		progress("  %v: stopped after %v with %d MCSes", alg, limit, len(ms))
	}
	r := result{time: cpuTime() - cpu, wall: time.Since(start), checks: s.Stats().Checks, partial: partial}
	for _, m := range ms {
		r.mcs = append(r.mcs, key(m))
	}
	slices.Sort(r.mcs)
	return r, nil
}

// errCPULimit is the cause of a context cancelled by withCPULimit.
var errCPULimit = errors.New("CPU-time limit reached")

// withCPULimit returns a context that is cancelled, with cause errCPULimit,
// once the process has used limit of CPU time since it had used cpu0. Z3
// runs on the goroutine that checks, so the process's CPU time is the
// solver's. stop releases the watcher.
func withCPULimit(ctx context.Context, cpu0, limit time.Duration) (context.Context, func()) {
	actx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			if cpuTime()-cpu0 >= limit {
				cancel(errCPULimit)
				return
			}
			select {
			case <-done:
				return
			case <-actx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return actx, func() { close(done); cancel(nil) }
}

const perStage = 2

// step asks for up to perStage more MCSes, blocking each.
func step(ctx context.Context, s *maxsat.Solver, r *result) error {
	for i := 0; i < perStage; i++ {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 3})
		if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
			return nil
		}
		if err != nil {
			return err
		}
		if len(m.Groups) == 0 {
			return nil // this run passes: nothing to localize yet
		}
		r.mcs = append(r.mcs, key(m))
		if err := s.Block(m.Groups); err != nil {
			return err
		}
	}
	return nil
}

// crossCheck solves the final problem from scratch with the incremental
// run's blocks (untimed) and compares the cost of the next MCS with the
// one the incremental solver gives: adding constraints between calls must
// not change the answer.
func crossCheck(ctx context.Context, runs []tracegen.Stage, inc result) error {
	next := func(s *maxsat.Solver) (string, error) {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 3})
		if errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat) {
			return "exhausted", nil
		}
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("cost %d", m.Cost), nil
	}
	fresh, err := maxsat.NewSolver(nil)
	if err != nil {
		return err
	}
	defer fresh.Close()
	for _, st := range runs {
		if err := tracegen.Load(fresh, st); err != nil {
			return err
		}
	}
	for _, m := range inc.mcs {
		if err := fresh.Block(strings.Split(m, "+")); err != nil {
			return err
		}
	}
	a, err := next(fresh)
	if err != nil {
		return err
	}
	if a != inc.next {
		return fmt.Errorf("cross-check: incremental solver's next MCS: %s, from scratch: %s", inc.next, a)
	}
	progress("  cross-check: next MCS %s both incrementally and from scratch", a)
	return nil
}

func incremental(ctx context.Context, runs []tracegen.Stage) (result, error) {
	start, cpu := time.Now(), cpuTime()
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		return result{}, err
	}
	defer s.Close()
	var r result
	for k, st := range runs {
		if err := tracegen.Load(s, st); err != nil {
			return result{}, err
		}
		if err := step(ctx, s, &r); err != nil {
			return result{}, err
		}
		progress("  incremental: stage %d, %d MCSes, %v", k, len(r.mcs), time.Since(start).Round(time.Millisecond))
	}
	r.time, r.wall = cpuTime()-cpu, time.Since(start)
	r.checks = s.Stats().Checks
	// One more answer, untimed, for crossCheck.
	m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 3})
	switch {
	case errors.Is(err, maxsat.ErrExhausted) || errors.Is(err, maxsat.ErrHardUnsat):
		r.next = "exhausted"
	case err != nil:
		return result{}, err
	default:
		r.next = fmt.Sprintf("cost %d", m.Cost)
	}
	return r, nil
}

func rebuild(ctx context.Context, runs []tracegen.Stage) (result, error) {
	start, cpu := time.Now(), cpuTime()
	var r result
	for k := range runs {
		s, err := maxsat.NewSolver(nil)
		if err != nil {
			return result{}, err
		}
		for _, st := range runs[:k+1] {
			if err := tracegen.Load(s, st); err != nil {
				s.Close()
				return result{}, err
			}
		}
		for _, m := range r.mcs {
			if err := s.Block(strings.Split(m, "+")); err != nil {
				s.Close()
				return result{}, err
			}
		}
		err = step(ctx, s, &r)
		r.checks += s.Stats().Checks
		s.Close()
		progress("  rebuild: stage %d, %d MCSes, %v", k, len(r.mcs), time.Since(start).Round(time.Millisecond))
		if err != nil {
			return result{}, err
		}
	}
	r.time, r.wall = cpuTime()-cpu, time.Since(start)
	return r, nil
}
