package native

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// tableSource returns a package whose table literal has n entries of
// seeded values: the shape of a package of generated tables (Unicode
// properties, say), whose initializer stores every entry into one
// temporary.
func tableSource(n int) string {
	r := rand.New(rand.NewPCG(1, uint64(n)))
	var b strings.Builder
	b.WriteString("package table\n\ntype entry struct{ lo, hi, class int }\n\nvar entries = []entry{\n")
	for i := range n {
		fmt.Fprintf(&b, "\t{%d, %d, %d},\n", 2*i, 2*i+1, r.IntN(40))
	}
	b.WriteString("}\n\n// Class returns the class of c.\nfunc Class(c int) int {\n\tfor _, e := range entries {\n\t\tif e.lo <= c && c <= e.hi {\n\t\t\treturn e.class\n\t\t}\n\t}\n\treturn -1\n}\n")
	return b.String()
}

// BenchmarkCallGraph measures the call graph of a package with one
// table literal of a named size: the work of the native stage besides
// go test's, which the stage does while go test builds and runs.
func BenchmarkCallGraph(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			files := map[string]string{"go.mod": "module example.com/table\n\ngo 1.22\n", "table.go": tableSource(n)}
			for name, src := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
					b.Fatal(err)
				}
			}
			prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir}, ".")
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				g := newCallGraph(prog, map[string][]string{})
				if lines := len(g.inits); lines != 1 {
					b.Fatalf("%d tables with initializer lines, want 1", lines)
				}
			}
		})
	}
}

// BenchmarkCollect measures the native stage on testdata/table: the
// build of its test binary, the runs of its cases and the call graph.
func BenchmarkCollect(b *testing.B) {
	if testing.Short() {
		b.Skip("runs go test natively")
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/table", Tests: true}, ".")
	if err != nil {
		b.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		n, err := Collect(context.Background(), prog, pkg, nil)
		if err != nil {
			b.Fatal(err)
		}
		if n.Stats.Cases == 0 {
			b.Fatal("no case ran")
		}
	}
}
