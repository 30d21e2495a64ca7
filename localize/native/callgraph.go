package native

import (
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/internal/stmtline"
	"github.com/faultloc/faultloc/trace"
)

// callGraph is the static call graph of a program's code under test
// ([codePackages]): an edge between a function and each function it calls
// statically, each method of the packages an interface call of the same
// name may reach, and each function literal it holds.
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

	// roots and initSeen serve the construction: rootGlobal's answers
	// for the temporaries of composite literals, and the lines of inits.
	roots    map[rootKey]*ssa.Global
	initSeen map[*ssa.Global]map[trace.Line]bool
}

// rootKey is a question rootGlobal answers: the root of v reached at depth.
type rootKey struct {
	v     ssa.Value
	depth int
}

// funcSpan is the lines of one function's source.
type funcSpan struct {
	from, to int
	fn       int
}

// codePackages returns the packages of prog's code under test: its
// targets (the package tested, with its test packages), then the other
// packages it has in scope, in load order.
func codePackages(prog *trace.Program) []*ssa.Package {
	out := slices.Clone(prog.Targets)
	for _, p := range prog.Packages {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// newCallGraph builds the call graph of prog's code under test, adding
// its files to files by base name, the targets' first.
func newCallGraph(prog *trace.Program, files map[string][]string) *callGraph {
	g := &callGraph{fset: prog.SSA.Fset, index: map[*ssa.Function]int{}, spans: map[string][]funcSpan{}, reads: map[trace.Line][]*ssa.Global{}, inits: map[*ssa.Global][]trace.Line{}, roots: map[rootKey]*ssa.Global{}, initSeen: map[*ssa.Global]map[trace.Line]bool{}}
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
	for _, pkg := range codePackages(prog) {
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
			if base := filepath.Base(name); !slices.Contains(files[base], name) {
				files[base] = append(files[base], name)
			}
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
	g.roots, g.initSeen = nil, nil
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
		addr := storedInto(ins)
		if addr == nil {
			return
		}
		if gl := g.rootGlobal(addr, 0); gl != nil && gl.Pkg == fn.Pkg && !g.initSeen[gl][line] {
			if g.initSeen[gl] == nil {
				g.initSeen[gl] = map[trace.Line]bool{}
			}
			g.initSeen[gl][line] = true
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

// storedInto returns the address that ins stores into (a store, a map
// update), or nil.
func storedInto(ins ssa.Instruction) ssa.Value {
	switch ins := ins.(type) {
	case *ssa.Store:
		return ins.Addr
	case *ssa.MapUpdate:
		return ins.Map
	}
	return nil
}

// rootGlobal returns the package variable an address is a part of
// (through field and element addresses, and a composite literal built in
// a temporary and then stored into the variable), or nil; depth is how
// many steps led to v (at most 16 are followed). The answers for
// temporaries are kept in g.roots when it is not nil: a table literal of
// n entries stores each into the same temporary, whose n referrers would
// otherwise be walked n times.
func (g *callGraph) rootGlobal(v ssa.Value, depth int) *ssa.Global {
	if v == nil || depth > 16 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.Global:
		return x
	case *ssa.FieldAddr:
		return g.rootGlobal(x.X, depth+1)
	case *ssa.IndexAddr:
		return g.rootGlobal(x.X, depth+1)
	}
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	key := rootKey{v, depth}
	if gl, ok := g.roots[key]; ok {
		return gl
	}
	var root *ssa.Global
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
		if root = g.rootGlobal(next, depth+1); root != nil {
			break
		}
	}
	if g.roots != nil {
		g.roots[key] = root
	}
	return root
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

// statementOf returns the line where the innermost statement holding l
// starts, when l is a later line of it (a statement written over
// several lines: a panic's frame inside a composite literal, say),
// since coverage and rankings name a statement by its first line.
func (g *callGraph) statementOf(l trace.Line) (trace.Line, bool) {
	f := g.funcOf(l)
	if f < 0 {
		return trace.Line{}, false
	}
	syn := g.funcs[f].Syntax()
	if syn == nil {
		return trace.Line{}, false
	}
	start := stmtline.Start(g.fset, syn, l.Line)
	if start == 0 || start == l.Line {
		return trace.Line{}, false
	}
	return trace.Line{File: l.File, Line: start}, true
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
