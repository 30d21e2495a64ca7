package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/interp"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
	"github.com/faultloc/faultloc/internal/workload"
	"github.com/faultloc/faultloc/trace"
)

const workPath = "github.com/faultloc/faultloc/internal/workload"

// A task is one workload, a function of package workload, run at one size.
type task struct {
	name   string // for the table
	fn     string // the function in package workload
	n      int    // its argument
	native func(int) int
}

// workloads returns the tasks at the sizes divided by div.
func workloads(div int) []task {
	return []task{
		{"sum of i*i, i < n", "SumSquares", 10_000_000 / div, workload.SumSquares},
		{"TCAS-like decision ×n", "TCAS", 100_000 / div, workload.TCAS},
		{"classify (slices, structs, closures) ×n", "Classify", 100_000 / div, workload.Classify},
	}
}

// An engine runs a workload and returns its result.
type engine int

const (
	native engine = iota
	xtools
	traceOff
	// traceCold is recording on in memory fresh from the kernel: the
	// first recorded run of the workload, after the process gave its free
	// memory back (as a process's first run would).
	traceCold
	// traceOn is recording on after an earlier recorded run released its
	// trace (trace.Trace.Release): its chunks are reused.
	traceOn
	numEngines
)

var engineNames = [numEngines]string{"native", "x/tools interp", "trace, recording off", "trace, recording on (cold)", "trace, recording on (warm)"}

// measurement is the fastest of several runs of a workload on an engine.
type measurement struct {
	d      time.Duration // wall-clock time
	cpu    time.Duration // CPU time of the process (all threads, GC included)
	result int
	events int // recorded events (recording on only)
	bytes  int // trace.Trace.Bytes of the recorded trace
	alloc  uint64
	read   time.Duration // one pass reading every recorded event (recording on only)
}

// bench holds what the engines need, loaded once.
type bench struct {
	prog *trace.Program // package workload, for trace
	src  string         // its source, which x/tools' interpreter runs as a main package
}

func newBench(ctx context.Context) (*bench, error) {
	p, err := trace.Load(ctx, nil, workPath)
	if err != nil {
		return nil, err
	}
	fn := p.Func(workPath, "SumSquares")
	if fn == nil {
		return nil, fmt.Errorf("no %s.SumSquares", workPath)
	}
	src, err := os.ReadFile(p.SSA.Fset.Position(fn.Pos()).Filename)
	if err != nil {
		return nil, err
	}
	return &bench{prog: p, src: string(src)}, nil
}

// keep folds run i of an engine into best: the fastest wall-clock time
// (with that run's other figures) and the least CPU time are kept; results
// must not change between runs.
func keep(best *measurement, m measurement, i int) error {
	if i > 0 && m.result != best.result {
		return fmt.Errorf("result %d, then %d", best.result, m.result)
	}
	cpu := m.cpu
	if i > 0 {
		cpu = min(cpu, best.cpu)
	}
	read := m.read
	if i > 0 {
		read = min(read, best.read)
	}
	if i == 0 || m.d < best.d {
		*best = m
	}
	best.cpu, best.read = cpu, read
	return nil
}

func (b *bench) once(ctx context.Context, w task, e engine) (measurement, error) {
	var m measurement
	switch e {
	case native:
		cpu0, start := cpuTime(), time.Now()
		m.result = w.native(w.n)
		m.d, m.cpu = time.Since(start), cpuTime()-cpu0
	case xtools:
		return runXTools(b.src, w)
	case traceOff, traceCold, traceOn:
		fn := b.prog.Func(workPath, w.fn)
		if fn == nil {
			return m, fmt.Errorf("no function %s", w.fn)
		}
		opts := &trace.RunOptions{MaxSteps: math.MaxInt64, NoTrace: e == traceOff}
		if e == traceCold {
			// Nothing to reuse: no released trace, and the heap's free
			// memory back to the kernel.
			trace.SetReuseLimit(0)
			debug.FreeOSMemory()
			trace.SetReuseLimit(reuseLimit)
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		cpu0, start := cpuTime(), time.Now()
		res, err := b.prog.Run(ctx, fn, []trace.Value{trace.Int(int64(w.n))}, opts)
		m.d, m.cpu = time.Since(start), cpuTime()-cpu0
		if err != nil {
			return m, err
		}
		if res.Outcome != trace.Returned {
			return m, fmt.Errorf("outcome %s", res)
		}
		runtime.ReadMemStats(&ms)
		m.alloc = ms.TotalAlloc - before
		m.result = int(res.Returns[0].Int())
		if res.Trace != nil {
			m.events, m.bytes = res.Trace.Len(), res.Trace.Bytes()
			m.read = readAll(res.Trace)
			res.Trace.Release() // for the next recorded run
		}
	}
	return m, nil
}

// readAll reads every event of t as a client walking the whole trace
// does (its static instruction, value, dependences and control parent)
// and returns the time it took. Everything is recorded during the run:
// nothing is derived at the first query, so the run's time is the cost of
// the complete trace.
func readAll(t *trace.Trace) time.Duration {
	start := time.Now()
	var deps []trace.EventID
	sum := 0
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		deps = t.Deps(e, deps[:0])
		sum += len(deps) + int(t.ControlParent(e)) + int(t.Static(e))
		if t.Value(e).IsValid() {
			sum++
		}
	}
	d := time.Since(start)
	readSink += sum
	return d
}

// readSink keeps readAll's reads from being optimised away.
var readSink int

// reuseLimit is what this command lets the trace package keep of released
// traces (trace.SetReuseLimit): all of the largest trace, so that a warm
// run reuses all its memory.
const reuseLimit = 1 << 40

// runXTools runs w in golang.org/x/tools/go/ssa/interp: package
// workload's source src becomes a main package whose main prints w's
// result, built with ssautil in x/tools' default (non-naive) form. The
// time covers interp.Interpret only.
func runXTools(src string, w task) (measurement, error) {
	var m measurement
	fset := token.NewFileSet()
	src = strings.Replace(src, "\npackage workload\n", "\npackage main\n", 1)
	f, err := parser.ParseFile(fset, "workload.go", src, 0)
	if err != nil {
		return m, err
	}
	mainSrc := fmt.Sprintf("package main\n\nfunc main() { println(%s(%d)) }\n", w.fn, w.n)
	mf, err := parser.ParseFile(fset, "main.go", mainSrc, 0)
	if err != nil {
		return m, err
	}
	pkg := types.NewPackage("main", "main")
	conf := &types.Config{Importer: noImports{}}
	ssaPkg, _, err := ssautil.BuildPackage(conf, fset, pkg, []*ast.File{f, mf}, ssa.InstantiateGenerics)
	if err != nil {
		return m, err
	}
	// The interpreted println writes to os.Stderr: capture it.
	r, pw, err := os.Pipe()
	if err != nil {
		return m, err
	}
	out := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		out <- string(b)
	}()
	saved := os.Stderr
	os.Stderr = pw
	runtime.GC() // as before trace's runs: no debt from building the SSA
	cpu0, start := cpuTime(), time.Now()
	code := interp.Interpret(ssaPkg, 0, types.SizesFor("gc", runtime.GOARCH), "workload", nil)
	m.d, m.cpu = time.Since(start), cpuTime()-cpu0
	os.Stderr = saved
	pw.Close()
	printed := strings.TrimSpace(<-out)
	r.Close()
	if code != 0 {
		return m, fmt.Errorf("exit code %d: %s", code, printed)
	}
	m.result, err = strconv.Atoi(printed)
	if err != nil {
		return m, fmt.Errorf("unexpected output %q", printed)
	}
	return m, nil
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type noImports struct{}

func (noImports) Import(path string) (*types.Package, error) {
	return nil, errors.New("workloads import nothing: " + path)
}

// row is one workload measured on every engine.
type row struct {
	w task
	m [numEngines]measurement
}

// measureAll measures every workload on every engine and checks that each
// engine's result equals native's.
func measureAll(ctx context.Context, ws []task, runs int, progress io.Writer) ([]row, error) {
	b, err := newBench(ctx)
	if err != nil {
		return nil, err
	}
	old := trace.SetReuseLimit(reuseLimit)
	defer trace.SetReuseLimit(old)
	var rows []row
	for _, w := range ws {
		rw := row{w: w}
		one := func(e engine, i int) error {
			fmt.Fprintf(progress, "%s(%d) on %s, run %d...\n", w.fn, w.n, engineNames[e], i+1)
			m, err := b.once(ctx, w, e)
			if err == nil {
				err = keep(&rw.m[e], m, i)
			}
			if err != nil {
				return fmt.Errorf("%s(%d) on %s: %w", w.fn, w.n, engineNames[e], err)
			}
			if e != native && m.result != rw.m[native].result {
				return fmt.Errorf("%s(%d): %s computes %d, native %d", w.fn, w.n, engineNames[e], m.result, rw.m[native].result)
			}
			return nil
		}
		// Rounds over the engines without trace, so that a change of
		// load on the machine falls on each alike; then the recorded
		// runs, one after the other: the cold one, then the warm ones,
		// each reusing the trace its predecessor released. (The pool of
		// released memory, gigabytes, would make the garbage collector
		// of x/tools' interpreter run less often.)
		for i := 0; i < runs; i++ {
			for e := native; e <= traceOff; e++ {
				if err := one(e, i); err != nil {
					return nil, err
				}
			}
		}
		if err := one(traceCold, 0); err != nil {
			return nil, err
		}
		for i := 0; i < runs; i++ {
			if err := one(traceOn, i); err != nil {
				return nil, err
			}
		}
		trace.SetReuseLimit(0)
		trace.SetReuseLimit(reuseLimit)
		rows = append(rows, rw)
	}
	return rows, nil
}

// report writes the table of rows.
func report(out io.Writer, rows []row, runs int) {
	fmt.Fprintf(out, "bench/interp: %s/%s, %d CPUs, %s; fastest of %d runs per cell", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version(), runs)
	if load := loadavg.Now(); load != "" {
		// The machine may be shared: its load says how far to trust times.
		fmt.Fprintf(out, "; load average at the end: %s", load)
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\tn\tnative\tx/tools interp\ttrace off\ttrace on, cold\ttrace on, warm\tevents\tbytes/event\talloc/event cold\talloc/event warm\t")
	for _, r := range rows {
		nat := r.m[native].d
		cell := func(e engine) string {
			return fmt.Sprintf("%s (%s)", dur(r.m[e].d), ratio(r.m[e].d, nat))
		}
		on, cold := r.m[traceOn], r.m[traceCold]
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s\t%s\t%d\t%.1f\t%.1f\t%.1f\t\n", r.w.name, r.w.n, dur(nat), cell(xtools), cell(traceOff), cell(traceCold), cell(traceOn),
			on.events, float64(on.bytes)/float64(on.events), float64(cold.alloc)/float64(cold.events), float64(on.alloc)/float64(on.events))
	}
	tw.Flush()
	fmt.Fprintln(out, "\n(wall-clock time (slowdown vs native); bytes/event: trace.Trace.Bytes; alloc/event: bytes the recorded run allocated;")
	fmt.Fprintln(out, "cold: the first recorded run, its memory fresh from the kernel (free memory returned first, nothing to reuse); warm: fastest of the runs after it, each reusing the chunks of the trace the run before released (trace.Trace.Release))")
	fmt.Fprintln(out)
	tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "workload\ttrace off vs x/tools\ton, cold vs x/tools\ton, warm vs x/tools\tCPU ns/event cold\tCPU ns/event warm\tread ns/event\tCPU: trace off vs x/tools\tCPU: on, cold vs x/tools\tCPU: on, warm vs x/tools\t")
	for _, r := range rows {
		x, xc := r.m[xtools].d, r.m[xtools].cpu
		on, cold := r.m[traceOn], r.m[traceCold]
		perEvent := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(on.events) }
		fmt.Fprintf(tw, "%s\t%s faster\t%s faster\t%s faster\t%.1f\t%.1f\t%.1f\t%s faster\t%s faster\t%s faster\t\n", r.w.name, ratio(x, r.m[traceOff].d), ratio(x, cold.d), ratio(x, on.d),
			perEvent(cold.cpu), perEvent(on.cpu), perEvent(on.read), ratio(xc, r.m[traceOff].cpu), ratio(xc, cold.cpu), ratio(xc, on.cpu))
	}
	tw.Flush()
	var evs, bytes int
	for _, r := range rows {
		evs += r.m[traceOn].events
		bytes += r.m[traceOn].bytes
	}
	fmt.Fprintln(out, "\n(speedups in wall-clock time, then in CPU time of the process, which counts the garbage collector's threads and is less disturbed by other load on the machine;")
	fmt.Fprintln(out, "recording on includes the complete trace: every event's value, dependences, control parent and position are stored during the run, nothing is derived at the first query;")
	fmt.Fprintln(out, "CPU ns/event: recording on's CPU time per event; read ns/event: one pass over the recorded trace reading every event's static instruction, value, dependences and control parent, not included in the speedups;")
	fmt.Fprintln(out, "the engines without trace run in rounds, then the recorded runs one after the other, cold first;")
	fmt.Fprintln(out, "the lines \"(recording on)\" below, the last one included, use the warm runs; the lines \"(recording on, cold)\" the first run)")
	cpu := func(m measurement) time.Duration { return m.cpu }
	fmt.Fprintf(out, "\ntrace bytes/event over all workloads: %.1f\n", float64(bytes)/float64(evs))
	fmt.Fprintf(out, "speedup vs x/tools interp in CPU time (recording off): %s\n", speedupBy(rows, traceOff, cpu))
	fmt.Fprintf(out, "speedup vs x/tools interp in CPU time (recording on, cold): %s\n", speedupBy(rows, traceCold, cpu))
	fmt.Fprintf(out, "speedup vs x/tools interp in CPU time (recording on): %s\n", speedupBy(rows, traceOn, cpu))
	fmt.Fprintf(out, "speedup vs x/tools interp (recording off): %s\n", speedup(rows, traceOff))
	fmt.Fprintf(out, "speedup vs x/tools interp (recording on, cold): %s\n", speedup(rows, traceCold))
	fmt.Fprintf(out, "speedup vs x/tools interp (recording on): %s\n", speedup(rows, traceOn))
}

// speedup returns the geometric mean over rows of x/tools' wall-clock time
// over e's.
func speedup(rows []row, e engine) string {
	return speedupBy(rows, e, func(m measurement) time.Duration { return m.d })
}

// speedupBy returns the geometric mean over rows of x/tools' time over
// e's, as measured by t.
func speedupBy(rows []row, e engine, t func(measurement) time.Duration) string {
	s := 0.0
	for _, r := range rows {
		s += math.Log(float64(max(t(r.m[xtools]), 1)) / float64(max(t(r.m[e]), 1)))
	}
	return fmt.Sprintf("%.1f× (geometric mean)", math.Exp(s/float64(len(rows))))
}

func ratio(a, b time.Duration) string {
	if b <= 0 {
		b = 1
	}
	r := float64(a) / float64(b)
	if r >= 10 {
		return fmt.Sprintf("%.0f×", r)
	}
	return fmt.Sprintf("%.1f×", r)
}

func dur(d time.Duration) string {
	switch {
	case d >= time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d >= time.Millisecond:
		return fmt.Sprintf("%.1fms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1fµs", float64(d)/float64(time.Microsecond))
}

func main() {
	div := flag.Int("div", 1, "divide every workload's size by this (1: the issue's sizes)")
	runs := flag.Int("runs", 3, "runs per workload and engine; the fastest counts")
	out := flag.String("out", "", "also write the report to this file")
	prof := flag.String("cpuprofile", "", "write a CPU profile of all the runs to this file")
	flag.Parse()
	if *div < 1 || *runs < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(1)
	}
	if *prof != "" {
		f, err := os.Create(*prof)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench/interp:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	rows, err := measureAll(context.Background(), workloads(*div), *runs, os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/interp:", err)
		os.Exit(1)
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench/interp:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	report(w, rows, *runs)
}
