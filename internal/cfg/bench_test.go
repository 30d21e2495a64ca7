package cfg

import (
	"math/rand/v2"
	"testing"
)

// benchGraph builds a seeded random reducible-ish CFG of n blocks: a chain of
// branches with forward edges and some back edges, as large functions have.
func benchGraph(n int) *graph {
	r := rand.New(rand.NewPCG(7, uint64(n)))
	g := &graph{succs: make([][]int, n), exit: make([]bool, n), branch: make([]bool, n)}
	for b := range n - 1 {
		switch k := r.IntN(10); {
		case k < 4:
			g.succs[b] = []int{b + 1}
		case k < 8:
			g.succs[b] = []int{b + 1, b + 1 + r.IntN(min(8, n-1-b))}
			g.branch[b] = true
		default:
			g.succs[b] = []int{b + 1, max(0, b-r.IntN(16))}
			g.branch[b] = true
		}
	}
	g.exit[n-1] = true
	return g
}

func BenchmarkControlDeps(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(map[int]string{100: "blocks=100", 10000: "blocks=10000"}[n], func(b *testing.B) {
			total := 0
			for b.Loop() {
				g := benchGraph(n)
				deps := controlDeps(g, postDominators(g))
				total += len(deps)
			}
			if total == 0 {
				b.Fatal("no result")
			}
		})
	}
}
