package loader

import (
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// BenchmarkSinkChainsLarge reorders the largest block of x/tools'
// internal/stdlib initializer (about 2·10^5 instructions): sinkChains
// must stay linear in the block's size, where the oracle of
// TestGCOrderOracle is quadratic.
func BenchmarkSinkChainsLarge(b *testing.B) {
	pcfg := &packages.Config{Mode: packages.LoadSyntax, Dir: modRoot, Fset: token.NewFileSet()}
	pkgs, err := packages.Load(pcfg, "golang.org/x/tools/internal/stdlib")
	if err != nil {
		b.Fatal(err)
	}
	prog, _ := ssautil.Packages(pkgs, ssa.NaiveForm|ssa.InstantiateGenerics)
	prog.Build()
	var big *ssa.BasicBlock
	for fn := range ssautil.AllFunctions(prog) {
		for _, blk := range fn.Blocks {
			if big == nil || len(blk.Instrs) > len(big.Instrs) {
				big = blk
			}
		}
	}
	if big == nil || len(big.Instrs) < 100000 {
		b.Fatalf("no block of 10^5 instructions in internal/stdlib (largest: %v)", big)
	}
	orig := slices.Clone(big.Instrs)
	b.ReportMetric(float64(len(orig)), "instrs")
	b.ResetTimer()
	for b.Loop() {
		copy(big.Instrs, orig)
		sinkChains(big)
	}
}
