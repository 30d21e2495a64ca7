package trace

import "golang.org/x/tools/go/ssa"

// controlDeps returns, for each block of fn, the indexes of the blocks ending
// in an If on which it is control dependent (Ferrante et al.): B is control
// dependent on A if some successor edge of A leads to B along a path that B
// post-dominates, while A itself is not post-dominated by B.
// Post-dominators are computed on the reverse CFG with a virtual exit joined
// to blocks without successors (Return, Panic) and to blocks that cannot
// reach one (endless loops), by the Cooper–Harvey–Kennedy algorithm.
//
// The shared implementation in internal/cfg was not yet available when this
// was written; this small one is local to trace.
func controlDeps(fn *ssa.Function) [][]int32 {
	n := len(fn.Blocks)
	cd := make([][]int32, n)
	if n == 0 {
		return cd
	}
	exit := n
	sink := make([]bool, n)
	for i, b := range fn.Blocks {
		if len(b.Succs) == 0 {
			sink[i] = true
		}
	}
	// rsucc(v): edges of the reverse CFG.
	var order []int // postorder of the reverse DFS from exit
	var visited []bool
	dfs := func() {
		visited = make([]bool, n+1)
		order = order[:0]
		type item struct{ v, i int }
		stack := []item{{exit, 0}}
		visited[exit] = true
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			var next = -1
			if top.v == exit {
				for top.i < n {
					j := top.i
					top.i++
					if sink[j] && !visited[j] {
						next = j
						break
					}
				}
			} else {
				preds := fn.Blocks[top.v].Preds
				for top.i < len(preds) {
					j := preds[top.i].Index
					top.i++
					if !visited[j] {
						next = j
						break
					}
				}
			}
			if next < 0 {
				order = append(order, top.v)
				stack = stack[:len(stack)-1]
				continue
			}
			visited[next] = true
			stack = append(stack, item{next, 0})
		}
	}
	dfs()
	for {
		added := false
		for i := 0; i < n; i++ {
			if !visited[i] && !sink[i] {
				sink[i] = true // cannot reach an exit: join it to the virtual exit
				added = true
				break
			}
		}
		if !added {
			break
		}
		dfs()
	}
	po := make([]int, n+1)
	for i, v := range order {
		po[v] = i
	}
	ipdom := make([]int, n+1)
	for i := range ipdom {
		ipdom[i] = -1
	}
	ipdom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for po[a] < po[b] {
				a = ipdom[a]
			}
			for po[b] < po[a] {
				b = ipdom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for k := len(order) - 2; k >= 0; k-- { // reverse postorder, exit first (skipped)
			v := order[k]
			newIdom := -1
			// predecessors in the reverse CFG: forward successors, and exit for sinks
			consider := func(p int) {
				if ipdom[p] == -1 {
					return
				}
				if newIdom == -1 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if sink[v] {
				consider(exit)
			}
			for _, s := range fn.Blocks[v].Succs {
				consider(s.Index)
			}
			if newIdom != -1 && ipdom[v] != newIdom {
				ipdom[v] = newIdom
				changed = true
			}
		}
	}
	for a, b := range fn.Blocks {
		if len(b.Succs) != 2 {
			continue
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok {
			continue
		}
		for _, s := range b.Succs {
			for runner := s.Index; runner != ipdom[a] && runner != exit && runner >= 0; runner = ipdom[runner] {
				if !containsInt32(cd[runner], int32(a)) {
					cd[runner] = append(cd[runner], int32(a))
				}
			}
		}
	}
	return cd
}

func containsInt32(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
