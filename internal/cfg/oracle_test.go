package cfg

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGraph returns a seeded random CFG of n blocks: each block returns
// (about one in five), jumps, or branches two ways; block 0 is the entry and
// sometimes a further block plays the Recover block.
func randomGraph(r *rand.Rand, n int) *graph {
	g := &graph{succs: make([][]int, n), exit: make([]bool, n), branch: make([]bool, n)}
	for b := range n {
		switch k := r.IntN(10); {
		case k < 2:
			g.exit[b] = true
		case k < 5:
			g.succs[b] = []int{r.IntN(n)}
		default:
			g.succs[b] = []int{r.IntN(n), r.IntN(n)}
			g.branch[b] = true
		}
	}
	if n > 1 && r.IntN(4) == 0 {
		g.roots = []int{1 + r.IntN(n-1)}
	}
	return g
}

// reaches reports whether from can reach a block with an exit edge without
// passing through avoid (-1 for none), by brute-force search.
func reaches(g *graph, exit []bool, from, avoid int) bool {
	if from == avoid {
		return false
	}
	seen := make([]bool, len(g.succs))
	stack := []int{from}
	seen[from] = true
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if exit[b] {
			return true
		}
		for _, s := range g.succs[b] {
			if s != avoid && !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

// onCycle reports whether b can reach itself.
func onCycle(g *graph, b int) bool {
	seen := make([]bool, len(g.succs))
	stack := slices.Clone(g.succs[b])
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, g.succs[x]...)
		}
	}
	return false
}

// TestRandomAgainstOracle checks post-dominance, immediate post-dominators
// and control dependence on seeded random graphs against brute-force
// definitions: a post-dominates b iff b cannot reach the exit once a is
// removed; Y is control dependent on edge (X, i) iff Y post-dominates X's
// successor i and does not strictly post-dominate X.
func TestRandomAgainstOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	joinedGraphs := 0
	for iter := range 4000 {
		n := 1 + r.IntN(12)
		g := randomGraph(r, n)
		orig := slices.Clone(g.exit)
		tree := postDominators(g) // joins infinite loops into g.exit
		deps := controlDeps(g, tree)

		if len(tree.Joined()) > 0 {
			joinedGraphs++
		}
		for _, j := range tree.Joined() {
			if reaches(g, orig, j, -1) {
				t.Fatalf("graph %d: joined block %d could already reach an exit", iter, j)
			}
			if !onCycle(g, j) {
				t.Fatalf("graph %d: joined block %d is not on a cycle", iter, j)
			}
		}
		for b := range n {
			if !reaches(g, g.exit, b, -1) {
				t.Fatalf("graph %d: block %d cannot reach the exit after joining", iter, b)
			}
			if !orig[b] && g.exit[b] && !slices.Contains(tree.Joined(), b) {
				t.Fatalf("graph %d: block %d joined but not reported", iter, b)
			}
		}

		pdom := func(a, b int) bool { return a == b || !reaches(g, g.exit, b, a) }
		for a := range n {
			for b := range n {
				if got, want := tree.PostDominates(a, b), pdom(a, b); got != want {
					t.Fatalf("graph %d %v exit=%v: PostDominates(%d, %d) = %v, want %v", iter, g.succs, g.exit, a, b, got, want)
				}
			}
		}
		for b := range n {
			want := Exit
			for d := range n {
				if d == b || !pdom(d, b) {
					continue
				}
				closest := true
				for d2 := range n {
					if d2 != b && d2 != d && pdom(d2, b) && !pdom(d2, d) {
						closest = false
					}
				}
				if closest {
					want = d
				}
			}
			if got := tree.Ipdom(b); got != want {
				t.Fatalf("graph %d %v exit=%v: Ipdom(%d) = %d, want %d", iter, g.succs, g.exit, b, got, want)
			}
		}
		for y := range n {
			var want []Dep
			for x := range n {
				if !g.branch[x] {
					continue
				}
				for i, s := range g.succs[x] {
					if pdom(y, s) && !(y != x && pdom(y, x)) {
						want = append(want, Dep{x, i})
					}
				}
			}
			if !slices.Equal(deps[y], want) {
				t.Fatalf("graph %d %v exit=%v: deps[%d] = %v, want %v", iter, g.succs, g.exit, y, deps[y], want)
			}
		}
	}
	if joinedGraphs < 100 {
		t.Errorf("only %d random graphs had infinite loops; the generator needs tuning", joinedGraphs)
	}
}
