package cfg

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// PostDomTree is the post-dominator tree of a function's blocks, rooted at
// the virtual exit. Block a post-dominates block b when every path from b to
// the exit passes through a. The zero value is an empty tree.
type PostDomTree struct {
	ipdom    []int // immediate post-dominator per block; Exit for the root's children
	pre, end []int // preorder interval of each block in the tree
	joined   []int // blocks joined to the exit because they could not reach it
}

// PostDominators returns the post-dominator tree of fn's blocks. Blocks that
// end in a Return or a Panic lead to the virtual exit, and so do the latches
// of infinite loops (see the package documentation). A function without
// blocks (an external function) yields an empty tree.
func PostDominators(fn *ssa.Function) *PostDomTree {
	if fn == nil || len(fn.Blocks) == 0 {
		return &PostDomTree{}
	}
	return postDominators(fromSSA(fn))
}

// Len returns the number of blocks in the tree (not counting the exit).
func (t *PostDomTree) Len() int { return len(t.ipdom) }

// Ipdom returns the immediate post-dominator of block b (an index in
// fn.Blocks), or [Exit] when b's immediate post-dominator is the virtual exit
// or b is out of range.
func (t *PostDomTree) Ipdom(b int) int {
	if b < 0 || b >= len(t.ipdom) {
		return Exit
	}
	return t.ipdom[b]
}

// PostDominates reports whether block a post-dominates block b. The relation
// is reflexive: every block post-dominates itself. a may be [Exit], which
// post-dominates every block. Indices out of range yield false.
func (t *PostDomTree) PostDominates(a, b int) bool {
	if b < 0 || b >= len(t.ipdom) {
		return false
	}
	if a == Exit {
		return true
	}
	if a < 0 || a >= len(t.ipdom) {
		return false
	}
	return t.pre[a] <= t.pre[b] && t.end[b] <= t.end[a]
}

// Joined returns the blocks that could not reach a Return or Panic and were
// joined to the virtual exit (the latches of infinite loops), in increasing
// order. The caller must not modify the result.
func (t *PostDomTree) Joined() []int { return t.joined }

// postDominators computes the tree of g, after joining infinite loops.
func postDominators(g *graph) *PostDomTree {
	n := len(g.succs)
	joined := g.joinInfiniteLoops()
	slices.Sort(joined)
	exit := n // the virtual exit's node number

	// Reverse-graph successors of x are x's forward predecessors; those of
	// the exit are the blocks with an exit edge.
	rsucc := make([][]int, n+1)
	for b, ss := range g.succs {
		for _, s := range ss {
			rsucc[s] = append(rsucc[s], b)
		}
		if g.exit[b] {
			rsucc[exit] = append(rsucc[exit], b)
		}
	}
	// Reverse-graph predecessors of b are its forward successors, plus the
	// exit if b has an exit edge.
	rpred := func(b int, f func(int)) {
		for _, s := range g.succs[b] {
			f(s)
		}
		if g.exit[b] {
			f(exit)
		}
	}

	// Postorder numbering of the reverse graph from the exit.
	po := make([]int, n+1)
	for i := range po {
		po[i] = -1
	}
	order := make([]int, 0, n+1) // nodes in postorder
	seen := make([]bool, n+1)
	type frame struct{ x, next int }
	seen[exit] = true
	fs := []frame{{exit, 0}}
	for len(fs) > 0 {
		f := &fs[len(fs)-1]
		if f.next == len(rsucc[f.x]) {
			po[f.x] = len(order)
			order = append(order, f.x)
			fs = fs[:len(fs)-1]
			continue
		}
		y := rsucc[f.x][f.next]
		f.next++
		if !seen[y] {
			seen[y] = true
			fs = append(fs, frame{y, 0})
		}
	}

	// Cooper–Harvey–Kennedy on the reverse graph.
	idom := make([]int, n+1)
	for i := range idom {
		idom[i] = -1
	}
	idom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for po[a] < po[b] {
				a = idom[a]
			}
			for po[b] < po[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 2; i >= 0; i-- { // reverse postorder, skipping the exit
			b := order[i]
			nd := -1
			rpred(b, func(p int) {
				if idom[p] < 0 {
					return
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			})
			if nd >= 0 && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}

	t := &PostDomTree{
		ipdom:  make([]int, n),
		pre:    make([]int, n+1),
		end:    make([]int, n+1),
		joined: joined,
	}
	children := make([][]int, n+1)
	for b := range n {
		p := idom[b]
		if p < 0 || p == exit {
			// Every block reaches the exit after joinInfiniteLoops, so
			// p < 0 does not occur; treat it as a child of the exit.
			t.ipdom[b] = Exit
			p = exit
		} else {
			t.ipdom[b] = p
		}
		children[p] = append(children[p], b)
	}
	// Preorder intervals of the tree.
	clock := 0
	t.pre[exit] = clock
	clock++
	ts := []frame{{exit, 0}}
	for len(ts) > 0 {
		f := &ts[len(ts)-1]
		if f.next == len(children[f.x]) {
			t.end[f.x] = clock
			ts = ts[:len(ts)-1]
			continue
		}
		c := children[f.x][f.next]
		f.next++
		t.pre[c] = clock
		clock++
		ts = append(ts, frame{c, 0})
	}
	return t
}

// ControlDeps returns, for every block of fn (indexed like fn.Blocks), the
// branch edges that block is control dependent on, sorted by block and then
// successor, without duplicates. A block on which nothing decides (the entry,
// blocks after the last branch) has an empty list. A loop header is
// control dependent on its own loop condition's back edge. A function without
// blocks yields nil.
func ControlDeps(fn *ssa.Function) [][]Dep {
	if fn == nil || len(fn.Blocks) == 0 {
		return nil
	}
	g := fromSSA(fn)
	return controlDeps(g, postDominators(g))
}

func controlDeps(g *graph, t *PostDomTree) [][]Dep {
	n := len(g.succs)
	deps := make([][]Dep, n)
	for x := range n {
		if !g.branch[x] {
			continue
		}
		stop := t.ipdom[x]
		for i, s := range g.succs[x] {
			for y := s; y != stop && y != Exit; y = t.ipdom[y] {
				deps[y] = append(deps[y], Dep{x, i})
			}
		}
	}
	for y := range deps {
		slices.SortFunc(deps[y], func(a, b Dep) int {
			if a.Block != b.Block {
				return a.Block - b.Block
			}
			return a.Succ - b.Succ
		})
		deps[y] = slices.Compact(deps[y])
	}
	return deps
}
