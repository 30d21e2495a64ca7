package localize

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// NativeEvidence is what one native go test run of a package says about
// its cases ([CollectNative]): their coverage, how the failing ones
// failed, and how far each line of the package is from those failures
// in its static call graph. pipeline.Run collects it for every package it
// localizes, whether or not the interpreter runs the failing cases, so
// that a case the interpreter cannot run is still ranked.
type NativeEvidence struct {
	// Spectrum is the line coverage of each case of the package
	// (spectra.GoTest: one build, one process per case), with each
	// failing case's go test output as its Message.
	Spectrum *spectra.Matrix
	// Stats are the native run's.
	Stats spectra.GoTestStats

	// graph is the package's static call graph, over the functions of
	// the loaded program's target packages.
	graph *callGraph
	// files maps the base name of each file of the target packages to
	// its absolute path: go test names the files of a failed assertion
	// by base name.
	files map[string]string
}

// FailureLines returns the places of case name's failure in the
// package's files that its go test output names: the frames of its
// panic's stack and the lines of its failed assertions (test files
// included), in the order the output names them, each once. It returns
// nil when the native run has no failing case of that name.
func (n *NativeEvidence) FailureLines(name string) []trace.Line {
	if n == nil || n.Spectrum == nil {
		return nil
	}
	t, ok := n.Spectrum.TestIndex(name)
	if !ok || !n.Spectrum.Test(t).Failed {
		return nil
	}
	return failureLines(n.Spectrum.Test(t).Message, n.files)
}

// Failed reports whether case name failed in the native run.
func (n *NativeEvidence) Failed(name string) bool {
	if n == nil || n.Spectrum == nil {
		return false
	}
	t, ok := n.Spectrum.TestIndex(name)
	return ok && n.Spectrum.Test(t).Failed
}

// Message returns the go test output of case name ("" if it passed or
// did not run natively).
func (n *NativeEvidence) Message(name string) string {
	if n == nil || n.Spectrum == nil {
		return ""
	}
	if t, ok := n.Spectrum.TestIndex(name); ok {
		return n.Spectrum.Test(t).Message
	}
	return ""
}

// frameRE matches a file:line of go test's output: an assertion's
// "    x_test.go:12: message" and a stack frame's "\t/abs/x.go:12 +0x1d".
var frameRE = regexp.MustCompile(`([^\s:()]+\.go):(\d+)`)

// failureLines returns the file:line places in msg whose file is one of
// files (by base name, or absolute path), each once, in order.
func failureLines(msg string, files map[string]string) []trace.Line {
	var out []trace.Line
	for _, m := range frameRE.FindAllStringSubmatch(msg, -1) {
		abs, ok := files[filepath.Base(m[1])]
		if !ok || (filepath.IsAbs(m[1]) && !sameFile(m[1], abs)) {
			continue
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		if l := (trace.Line{File: abs, Line: n}); !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// sameFile reports whether a and b name the same file, through symbolic
// links (a temporary directory's /tmp may be one).
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}

// DefaultNativeBound is the default bound of the native evidence stage
// (pipeline.Options.NativeBound): the build of the test binary and the
// runs of every case.
const DefaultNativeBound = 2 * time.Minute

// NativeOptions configure [CollectNative]. The zero value is the default.
type NativeOptions struct {
	// Run, if not empty, is a regular expression over case names
	// ("TestX/sub"): only the cases it matches run. Default "": every
	// case of the package.
	Run string
	// Bound bounds the build and the runs: the cases not run by then are
	// left out, and CollectNative returns what it has with an error.
	// Default 0: DefaultNativeBound; negative: no bound.
	Bound time.Duration
	// Timeout bounds each run of the test binary (go test's -timeout):
	// the run of the whole suite that lists the cases, then each case's.
	// A case that runs longer (a loop that does not end) fails, its
	// coverage lost. Default 0: DefaultNativeTimeout.
	Timeout time.Duration
}

// DefaultNativeTimeout is the default bound of one run of the test
// binary in the native evidence stage ([NativeOptions.Timeout]).
const DefaultNativeTimeout = 30 * time.Second

// CollectNative runs the tests of package pkgPath of prog natively, as go
// test does (where prog was loaded: its directory, build tags and
// environment), recording each case's coverage, and builds the static
// call graph of prog's target packages, against which [NativeEvidence]
// measures the distance of a line from a failure. The tests run as the
// user's own go test would run them: a test that writes files or opens
// connections does so. A program loaded with an overlay is refused (its
// files are not those on disk that go test would build). On an error
// after some cases ran, the evidence holds them.
func CollectNative(ctx context.Context, prog *trace.Program, pkgPath string, opts *NativeOptions) (*NativeEvidence, error) {
	if opts == nil {
		opts = &NativeOptions{}
	}
	cfg, _ := prog.LoadedWith()
	if len(cfg.Overlay) > 0 {
		return nil, errors.New("localize: native evidence: the program was loaded with an overlay, which go test would not build")
	}
	g := &spectra.GoTest{Patterns: []string{pkgPath}, Dir: cfg.Dir, Env: cfg.Env, Run: opts.Run, Tags: buildTags(cfg.BuildFlags), Timeout: cmp.Or(opts.Timeout, DefaultNativeTimeout)}
	bound := opts.Bound
	if bound == 0 {
		bound = DefaultNativeBound
	}
	nctx := ctx
	if bound > 0 {
		var cancel context.CancelFunc
		nctx, cancel = context.WithTimeoutCause(ctx, bound, fmt.Errorf("localize: the native evidence stage ran longer than %v (pipeline.Options.NativeBound)", bound))
		defer cancel()
	}
	n := &NativeEvidence{files: map[string]string{}}
	n.graph = newCallGraph(prog, n.files)
	m := spectra.NewMatrix()
	err := g.Collect(nctx, m)
	n.Stats = g.Stats
	if m.NumTests() > 0 || err == nil {
		n.Spectrum = m
	}
	if err != nil {
		return n, fmt.Errorf("localize: native evidence: %w", err)
	}
	return n, nil
}

// buildTags returns the tags of a -tags build flag.
func buildTags(flags []string) []string {
	var tags []string
	for i, f := range flags {
		v, ok := strings.CutPrefix(f, "-tags=")
		if !ok && f == "-tags" && i+1 < len(flags) {
			v, ok = flags[i+1], true
		}
		if ok {
			tags = append(tags, strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })...)
		}
	}
	return tags
}

// callGraph is the static call graph of a program's target packages:
// an edge between a function and each function it calls statically, each
// method of the packages an interface call of the same name may reach,
// and each function literal it holds.
type callGraph struct {
	fset  *token.FileSet
	funcs []*ssa.Function
	index map[*ssa.Function]int
	adj   [][]int // undirected
	// spans are the functions' source ranges, by file, for the function
	// of a line; inits are the package-level variables' declarations.
	spans map[string][]funcSpan
	reads map[trace.Line][]*ssa.Global // lines of function bodies that read a package variable
	inits map[*ssa.Global][]trace.Line // the lines of each package variable's initializer
}

// funcSpan is the lines of one function's source.
type funcSpan struct {
	from, to int
	fn       int
}

// newCallGraph builds the call graph of prog's targets, filling files
// with their files.
func newCallGraph(prog *trace.Program, files map[string]string) *callGraph {
	g := &callGraph{fset: prog.SSA.Fset, index: map[*ssa.Function]int{}, spans: map[string][]funcSpan{}, reads: map[trace.Line][]*ssa.Global{}, inits: map[*ssa.Global][]trace.Line{}}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		if _, ok := g.index[fn]; ok {
			return
		}
		g.index[fn] = len(g.funcs)
		g.funcs = append(g.funcs, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	byName := map[string][]int{} // methods by name, for interface calls
	for _, pkg := range prog.Targets {
		for _, mem := range pkg.Members {
			switch mem := mem.(type) {
			case *ssa.Function:
				add(mem)
			case *ssa.Type:
				for _, t := range []types.Type{mem.Type(), types.NewPointer(mem.Type())} {
					ms := prog.SSA.MethodSets.MethodSet(t)
					for i := range ms.Len() {
						if f := prog.SSA.MethodValue(ms.At(i)); f != nil && f.Pkg == pkg {
							add(f)
						}
					}
				}
			}
		}
	}
	g.adj = make([][]int, len(g.funcs))
	edge := func(a, b int) {
		if a != b && !slices.Contains(g.adj[a], b) {
			g.adj[a] = append(g.adj[a], b)
			g.adj[b] = append(g.adj[b], a)
		}
	}
	for i, fn := range g.funcs {
		if fn.Signature.Recv() != nil {
			byName[fn.Name()] = append(byName[fn.Name()], i)
		}
		if pos := fn.Pos(); pos.IsValid() {
			name := g.fset.Position(pos).Filename
			files[filepath.Base(name)] = name
		}
	}
	for i, fn := range g.funcs {
		if syn := fn.Syntax(); syn != nil && fn.Synthetic == "" {
			from, to := g.fset.Position(syn.Pos()), g.fset.Position(syn.End())
			g.spans[from.Filename] = append(g.spans[from.Filename], funcSpan{from.Line, to.Line, i})
		}
		if p := fn.Parent(); p != nil {
			if j, ok := g.index[p]; ok {
				edge(i, j)
			}
		}
		initFn := fn.Synthetic == "package initializer"
		for _, b := range fn.Blocks {
			for _, ins := range b.Instrs {
				if c, ok := ins.(ssa.CallInstruction); ok {
					cc := c.Common()
					if callee := cc.StaticCallee(); callee != nil {
						if j, ok := g.index[callee]; ok {
							edge(i, j)
						}
					} else if cc.IsInvoke() {
						for _, j := range byName[cc.Method.Name()] {
							edge(i, j)
						}
					}
				}
				g.globals(fn, ins, initFn)
			}
		}
	}
	for _, ss := range g.spans {
		// Innermost first: the narrowest span that holds a line.
		slices.SortFunc(ss, func(a, b funcSpan) int { return (a.to - a.from) - (b.to - b.from) })
	}
	return g
}

// globals records what instruction ins of fn does with package
// variables of the targets: in a package initializer, a store into one
// (through its fields and elements) is a line of its initializer; in a
// function body, an operand that is one is a read.
func (g *callGraph) globals(fn *ssa.Function, ins ssa.Instruction, initFn bool) {
	pos := ins.Pos()
	if !pos.IsValid() {
		return
	}
	p := g.fset.Position(pos)
	line := trace.Line{File: p.Filename, Line: p.Line}
	if initFn {
		var addr ssa.Value
		switch ins := ins.(type) {
		case *ssa.Store:
			addr = ins.Addr
		case *ssa.MapUpdate:
			addr = ins.Map
		default:
			return
		}
		if gl := rootGlobal(addr); gl != nil && gl.Pkg == fn.Pkg && !slices.Contains(g.inits[gl], line) {
			g.inits[gl] = append(g.inits[gl], line)
		}
		return
	}
	for _, op := range ins.Operands(nil) {
		if op == nil {
			continue
		}
		if gl, ok := (*op).(*ssa.Global); ok && !slices.Contains(g.reads[line], gl) {
			g.reads[line] = append(g.reads[line], gl)
		}
	}
}

// rootGlobal returns the package variable an address is a part of
// (through field and element addresses, and a composite literal built in
// a temporary and then stored into the variable), or nil.
func rootGlobal(v ssa.Value) *ssa.Global {
	return rootGlobalDepth(v, 0)
}

func rootGlobalDepth(v ssa.Value, depth int) *ssa.Global {
	if v == nil || depth > 16 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Global:
		return x
	case *ssa.FieldAddr:
		return rootGlobalDepth(x.X, depth+1)
	case *ssa.IndexAddr:
		return rootGlobalDepth(x.X, depth+1)
	}
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	// A value built in a temporary: where it goes.
	for _, r := range *refs {
		var next ssa.Value
		switch r := r.(type) {
		case *ssa.Store:
			if r.Val == v {
				next = r.Addr
			}
		case *ssa.UnOp:
			if r.Op == token.MUL && r.X == v {
				next = r // the temporary's value, loaded
			}
		case *ssa.Slice:
			if r.X == v {
				next = r
			}
		}
		if g := rootGlobalDepth(next, depth+1); g != nil {
			return g
		}
	}
	return nil
}

// funcOf returns the index of the innermost function whose source holds
// line, or -1.
func (g *callGraph) funcOf(l trace.Line) int {
	for _, s := range g.spans[l.File] {
		if s.from <= l.Line && l.Line <= s.to {
			return s.fn
		}
	}
	return -1
}

// distances returns the fewest call-graph edges from a function holding
// one of lines to each function (-1: unreachable).
func (g *callGraph) distances(lines []trace.Line) []int {
	d := make([]int, len(g.funcs))
	for i := range d {
		d[i] = -1
	}
	var queue []int
	for _, l := range lines {
		if f := g.funcOf(l); f >= 0 && d[f] < 0 {
			d[f] = 0
			queue = append(queue, f)
		}
	}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, h := range g.adj[f] {
			if d[h] < 0 {
				d[h] = d[f] + 1
				queue = append(queue, h)
			}
		}
	}
	return d
}

// Distance returns, for each line of the package's functions that case
// name's failure may depend on, its static distance from the failure:
// 0 for a line its output names (a panic's frame, a failed assertion),
// else 1 plus the fewest calls between its function and a function of
// those lines in the static call graph (a call either way: callers on
// the stack and callees alike). The lines scored are all lines of the
// reachable functions, the caller filters by coverage. It returns nil
// when the case did not fail natively or its output names no line of the
// package.
func (n *NativeEvidence) Distance(name string) map[trace.Line]int {
	lines := n.FailureLines(name)
	if len(lines) == 0 || n.graph == nil {
		return nil
	}
	d := n.graph.distances(lines)
	out := map[trace.Line]int{}
	for file, ss := range n.graph.spans {
		for _, s := range ss {
			if d[s.fn] < 0 {
				continue
			}
			for ln := s.from; ln <= s.to; ln++ {
				l := trace.Line{File: file, Line: ln}
				if x, ok := out[l]; !ok || 1+d[s.fn] < x {
					out[l] = 1 + d[s.fn]
				}
			}
		}
	}
	for _, l := range lines {
		out[l] = 0
	}
	return out
}

// proximity is 1/sqrt(1+d), the weight of a line d dependences (here:
// calls) from the failure, as [ProximityScorer] weighs the slice's lines.
func proximity(d int) float64 { return 1 / math.Sqrt(1+float64(d)) }
