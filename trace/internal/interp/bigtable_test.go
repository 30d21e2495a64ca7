package interp

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace/testdata/bigtable"
)

const bigtablePkg = "github.com/faultloc/faultloc/trace/testdata/bigtable"

// TestBigTable: a package initialized by a table of 8192 constants
// (testdata/bigtable) reads back as natively, entry by entry, though
// its initializer's constants share a slot per distinct value
// (compiler.constSlot), and its frame holds a few hundred of them, not
// one per entry.
func TestBigTable(t *testing.T) {
	p := load(t, "./trace/testdata/bigtable")
	fn := p.Func(bigtablePkg, "Lookup")
	for _, tt := range []struct{ i, j int }{{0, 0}, {0, 255}, {1, 1}, {7, 100}, {31, 0}, {31, 255}, {16, 128}} {
		res, err := p.Run(bgContext, fn, []Value{Int(int64(tt.i)), Int(int64(tt.j))}, &RunOptions{NoTrace: true})
		if err != nil || res.Outcome != Returned {
			t.Fatalf("Lookup(%d, %d): %v, %v", tt.i, tt.j, res, err)
		}
		if got, want := res.Returns[0].Int(), int64(bigtable.Lookup(tt.i, tt.j)); got != want {
			t.Errorf("Lookup(%d, %d) = %d interpreted, %d natively", tt.i, tt.j, got, want)
		}
	}
	init := p.Package(bigtablePkg).Func("init")
	values := 0
	for _, b := range init.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(ssa.Value); ok {
				values++
			}
		}
	}
	// The distinct constants: 251 entries' values and 256 indices at
	// most; and a few globals (a slot per constant would be 16,384 more).
	if c, most := p.code(init), 251+256+16; c.nregs > values+most {
		t.Errorf("the initializer's frame has %d slots for %d values of its instructions; want at most %d more, its distinct constants and globals", c.nregs, values, most)
	}
}

// BenchmarkCompileTable compiles the initializer of testdata/bigtable,
// tens of thousands of instructions that store 8192 constants: the
// first run of a package with a lookup table pays it once.
func BenchmarkCompileTable(b *testing.B) {
	p := load(b, "./trace/testdata/bigtable")
	init := p.Package(bigtablePkg).Func("init")
	b.ReportAllocs()
	for b.Loop() {
		p.mu.Lock()
		n := len(p.statics)
		p.mu.Unlock()
		p.compile(&fnCode{fn: init})
		p.mu.Lock()
		p.statics = p.statics[:n] // the next compilation adds them again
		p.mu.Unlock()
	}
}
