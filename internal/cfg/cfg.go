package cfg

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Exit is the index [PostDomTree.Ipdom] returns for the virtual exit node.
const Exit = -1

// Dep is a control-dependence edge: the branch of block Block (an index in
// [ssa.Function.Blocks], a block that ends in an [ssa.If]) towards its
// successor number Succ (0 for the then edge, 1 for the else edge).
type Dep struct{ Block, Succ int }

// graph is the abstract control-flow graph the algorithms work on: succs[b]
// are the successors of block b, exit[b] tells whether b has an edge to the
// virtual exit, and branch[b] whether b's outgoing edges are If edges (those
// that carry control dependences). Block 0 is the entry; roots lists further
// blocks entered from outside (the Recover block).
type graph struct {
	succs  [][]int
	exit   []bool
	branch []bool
	roots  []int
}

// fromSSA converts fn's blocks into a graph.
func fromSSA(fn *ssa.Function) *graph {
	n := len(fn.Blocks)
	g := &graph{succs: make([][]int, n), exit: make([]bool, n), branch: make([]bool, n)}
	for i, b := range fn.Blocks {
		for _, s := range b.Succs {
			g.succs[i] = append(g.succs[i], s.Index)
		}
		if len(b.Succs) == 0 {
			g.exit[i] = true
		}
		if len(b.Instrs) > 0 {
			switch b.Instrs[len(b.Instrs)-1].(type) {
			case *ssa.Return, *ssa.Panic:
				g.exit[i] = true
			case *ssa.If:
				g.branch[i] = len(b.Succs) == 2
			}
		}
	}
	if fn.Recover != nil {
		g.roots = append(g.roots, fn.Recover.Index)
	}
	return g
}

// joinInfiniteLoops adds exit edges (sets exit[b]) until every block can
// reach the virtual exit, as described in the package documentation. It
// returns the blocks it joined, in order.
func (g *graph) joinInfiniteLoops() []int {
	n := len(g.succs)
	preds := make([][]int, n)
	for b, ss := range g.succs {
		for _, s := range ss {
			preds[s] = append(preds[s], b)
		}
	}
	reach := make([]bool, n)
	var stack []int
	mark := func(b int) {
		if reach[b] {
			return
		}
		reach[b] = true
		stack = append(stack, b)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, p := range preds[x] {
				if !reach[p] {
					reach[p] = true
					stack = append(stack, p)
				}
			}
		}
	}
	all := true
	for b := range n {
		if g.exit[b] {
			mark(b)
		}
	}
	for b := range n {
		all = all && reach[b]
	}
	if all {
		return nil
	}

	// Depth-first search from the entry, then the other roots, then any
	// block left over, recording preorder numbers and back edges (edges to
	// a block still on the search stack).
	pre := make([]int, n)
	for i := range pre {
		pre[i] = -1
	}
	onStack := make([]bool, n)
	type backEdge struct{ from, to int }
	var back []backEdge
	type frame struct{ b, next int }
	counter := 0
	dfs := func(root int) {
		if pre[root] >= 0 {
			return
		}
		pre[root] = counter
		counter++
		onStack[root] = true
		fs := []frame{{root, 0}}
		for len(fs) > 0 {
			f := &fs[len(fs)-1]
			if f.next == len(g.succs[f.b]) {
				onStack[f.b] = false
				fs = fs[:len(fs)-1]
				continue
			}
			s := g.succs[f.b][f.next]
			f.next++
			switch {
			case pre[s] < 0:
				pre[s] = counter
				counter++
				onStack[s] = true
				fs = append(fs, frame{s, 0})
			case onStack[s]:
				back = append(back, backEdge{f.b, s})
			}
		}
	}
	if n > 0 {
		dfs(0)
	}
	for _, r := range g.roots {
		dfs(r)
	}
	for b := range n {
		dfs(b)
	}

	var joined []int
	for {
		// The outermost unreached loop header: the back-edge target among
		// unreached blocks with the smallest preorder number.
		header := -1
		for _, e := range back {
			if !reach[e.from] && !reach[e.to] && (header < 0 || pre[e.to] < pre[header]) {
				header = e.to
			}
		}
		if header < 0 {
			// Cannot happen: an unreached region is closed under
			// successors, every block in it has a successor, so it
			// holds a cycle and every cycle holds a back edge. Join the
			// remaining blocks directly rather than loop forever.
			for b := range n {
				if !reach[b] {
					g.exit[b] = true
					joined = append(joined, b)
					mark(b)
				}
			}
			return joined
		}
		var latches []int
		for _, e := range back {
			if e.to == header && !reach[e.from] {
				latches = append(latches, e.from)
			}
		}
		slices.Sort(latches)
		latches = slices.Compact(latches)
		for _, l := range latches {
			g.exit[l] = true
			joined = append(joined, l)
		}
		for _, l := range latches {
			mark(l)
		}
		all = true
		for b := range n {
			all = all && reach[b]
		}
		if all {
			return joined
		}
	}
}
