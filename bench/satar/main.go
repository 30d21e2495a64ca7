package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
	"github.com/faultloc/faultloc/examples/bst"
	"github.com/faultloc/faultloc/examples/linkedlist"
	"github.com/faultloc/faultloc/internal/gomod"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/sattar"
	"github.com/faultloc/faultloc/trace"
)

// subject is a program of the evaluation.
type subject struct {
	name, dir, target, under string
	faults                   [][]string
	version                  func(dir string, names ...string) (map[string][]byte, []int, error)
	file                     string
}

func subjects(root string) []subject {
	pairs := func(names []string) [][]string {
		var out [][]string
		for _, n := range names {
			out = append(out, []string{n})
		}
		for i := range names {
			for j := i + 1; j < len(names); j++ {
				out = append(out, []string{names[i], names[j]})
			}
		}
		return out
	}
	names := func(n int, name func(i int) string) []string {
		var out []string
		for i := range n {
			out = append(out, name(i))
		}
		return out
	}
	return []subject{
		{name: "linkedlist", dir: filepath.Join(root, "examples/linkedlist"), target: "FuzzDelete", under: "(*List).Delete", file: linkedlist.SourceFile,
			faults: pairs(names(len(linkedlist.Faults), func(i int) string { return linkedlist.Faults[i].Name })), version: linkedlist.Version},
		{name: "bst", dir: filepath.Join(root, "examples/bst"), target: "FuzzAdd", under: "(*Tree).Add", file: bst.SourceFile,
			faults: pairs(names(len(bst.Faults), func(i int) string { return bst.Faults[i].Name })), version: bst.Version},
	}
}

// row is one version's results.
type row struct {
	subject, faults string
	lines           []int
	initial         string
	tests, gen      int
	satar, core     []string // rank per faulty line
	tarantula       []string
	suspects        int
	elapsed         time.Duration
	err             error
}

func main() {
	rounds := flag.Int("rounds", 10, "most tests SAT-TAR adds")
	draws := flag.Int("draws", 5, "draws of random tests for the Tarantula baseline")
	seed := flag.Uint64("seed", 1, "seed of the random tests")
	out := flag.String("out", "", "also write the report to this file")
	flag.Parse()
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "satar:", err)
		os.Exit(1)
	}
	ctx := context.Background()
	startLoad, watch := loadavg.One(), loadavg.Watch(10*time.Second)
	var rows []row
	for _, s := range subjects(root) {
		for _, f := range s.faults {
			r := evaluate(ctx, s, f, *rounds, *draws, *seed)
			fmt.Fprintf(os.Stderr, "%s %s: SAT-TAR %v, core %v, Tarantula %v (%v)\n", s.name, r.faults, r.satar, r.core, r.tarantula, r.err)
			rows = append(rows, r)
		}
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "satar:", err)
			os.Exit(1)
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	watch.Stop()
	load := ""
	if startLoad != "" {
		load = startLoad + " at the start, at most " + watch.Max() + " while it ran"
	}
	report(w, rows, os.Args[1:], *rounds, *draws, load)
}

// evaluate runs the three rankings on one version.
func evaluate(ctx context.Context, s subject, faults []string, rounds, draws int, seed uint64) row {
	r := row{subject: s.name, faults: strings.Join(faults, "+")}
	ov, lines, err := s.version(s.dir, faults...)
	if err != nil {
		r.err = err
		return r
	}
	r.lines = lines
	prog, err := trace.Load(ctx, &trace.Config{Dir: s.dir, Tests: true, Overlay: ov}, ".")
	if err != nil {
		r.err = err
		return r
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		r.err = err
		return r
	}
	file := filepath.Join(s.dir, s.file)
	start := time.Now()
	res, err := sattar.Run(ctx, prog, pkg, s.target, "", &sattar.Options{InitialOnly: true, Under: []string{s.under}, Rounds: rounds})
	r.elapsed = time.Since(start)
	if err != nil {
		r.err = err
		return r
	}
	r.initial = res.Report.Test
	r.gen = res.Generated
	r.tests = 1 + res.Rounds
	r.suspects = len(res.Suspects)
	for _, l := range lines {
		r.satar = append(r.satar, rankOf(res.Report, file, l))
		if slices.Contains(res.Suspects, localize.Position{File: file, Line: l}) {
			r.core = append(r.core, fmt.Sprint(len(res.Suspects)))
		} else {
			r.core = append(r.core, "-")
		}
	}
	// Tarantula over as many random tests as SAT-TAR added.
	rng := rand.New(rand.NewPCG(seed, uint64(len(r.faults))))
	ranks := make([][]int, len(lines))
	for range draws {
		var inputs [][]trace.Value
		for range r.tests - 1 {
			in := []trace.Value{trace.Int(int64(rng.IntN(5)))}
			for range 5 {
				in = append(in, trace.Int(int64(rng.IntN(10))))
			}
			inputs = append(inputs, in)
		}
		base, err := sattar.Run(ctx, prog, pkg, s.target, r.initial, &sattar.Options{InitialOnly: true, Under: []string{s.under}, Rounds: -1, SpectrumOnly: true, Inputs: inputs})
		if err != nil {
			r.err = err
			return r
		}
		for i, l := range lines {
			ranks[i] = append(ranks[i], rankNum(base.Report, file, l))
		}
	}
	for i := range lines {
		slices.Sort(ranks[i])
		if m := ranks[i][len(ranks[i])/2]; m > 0 {
			r.tarantula = append(r.tarantula, fmt.Sprint(m))
		} else {
			r.tarantula = append(r.tarantula, "-")
		}
	}
	return r
}

// rankOf is the rank of file:line in rep, "-" if not ranked.
func rankOf(rep *localize.Report, file string, line int) string {
	if n := rankNum(rep, file, line); n > 0 {
		return fmt.Sprint(n)
	}
	return "-"
}

// rankNum is the rank of file:line in rep, 0 if not ranked.
func rankNum(rep *localize.Report, file string, line int) int {
	for _, r := range rep.Ranking {
		if r.Line == line && (r.File == file || filepath.Base(r.File) == filepath.Base(file)) {
			return r.Rank
		}
	}
	return 0
}

func report(w io.Writer, rows []row, args []string, rounds, draws int, load string) {
	fmt.Fprintf(w, "# SAT-TAR on its paper's subjects\n\nGenerated by\n\n\tgo run ./bench/satar %s\n\n", strings.Join(args, " "))
	fmt.Fprintf(w, "- go: %s %s/%s, %d CPUs\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	if load != "" {
		fmt.Fprintf(w, "- one-minute load average: %s (other work on the machine stretches the times)\n", load)
	}
	fmt.Fprintf(w, "- rounds: at most %d generated tests added; Tarantula's random tests: median of %d draws\n\n", rounds, draws)
	fmt.Fprintln(w, "Ranks are of the faulty lines among the executed lines of the method under test (Delete: 12 lines, Add: 18), ties at their worst; `-` is not ranked (the initial failing run does not execute the line: another fault's). Core alone: the size of the suspect list when the faulty line is in it.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| subject | faults | faulty lines | initial failing test | tests | generated | suspects | SAT-TAR | core alone | Tarantula (random) | time |")
	fmt.Fprintln(w, "|---|---|---|---|---:|---:|---:|---|---|---|---:|")
	better, worse, ties, n := 0, 0, 0, 0
	singles, asTar, asCore := 0, 0, 0 // single faults: SAT-TAR at least as good as each baseline
	for _, r := range rows {
		if r.err != nil {
			fmt.Fprintf(w, "| %s | %s | | error: %v | | | | | | | |\n", r.subject, r.faults, r.err)
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %v | %s | %d | %d | %d | %s | %s | %s | %.1fs |\n", r.subject, r.faults, r.lines, r.initial, r.tests, r.gen, r.suspects,
			strings.Join(r.satar, ", "), strings.Join(r.core, ", "), strings.Join(r.tarantula, ", "), r.elapsed.Seconds())
		if len(r.lines) == 1 {
			singles++
			a, b, c := num(r.satar[0]), num(r.tarantula[0]), num(r.core[0])
			if a > 0 && (b == 0 || a <= b) {
				asTar++
			}
			if a > 0 && (c == 0 || a <= c) {
				asCore++
			}
		}
		for i := range r.lines {
			a, b := num(r.satar[i]), num(r.tarantula[i])
			if a == 0 {
				continue
			}
			n++
			switch {
			case b == 0 || a < b:
				better++
			case a > b:
				worse++
			default:
				ties++
			}
		}
	}
	fmt.Fprintf(w, "\nSingle faults: SAT-TAR ranks the faulty line at least as well as Tarantula on random tests in %d of %d, and as the core alone in %d of %d.\n", asTar, singles, asCore, singles)
	fmt.Fprintf(w, "All versions: of %d faulty lines SAT-TAR ranks, it ranks %d better than Tarantula on random tests (or Tarantula does not rank them), %d the same and %d worse.\n", n, better, ties, worse)
}

func num(s string) int {
	var n int
	fmt.Sscan(s, &n)
	return n
}

// moduleRoot finds the directory of go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	root, ok := gomod.Root(dir)
	if !ok {
		return "", fmt.Errorf("no go.mod above the working directory %s", dir)
	}
	return root, nil
}
