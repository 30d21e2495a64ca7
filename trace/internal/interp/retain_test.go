package interp

import (
	"runtime"
	"testing"
)

// retainSrc fills a slice of a megabyte (32 MiB of cells) and uses it
// through a variable's address, in functions whose frames the run hands
// to their pools when it ends.
const retainSrc = `package keep

func grab(n int) *[]byte {
	b := make([]byte, n)
	b[n-1] = 1
	return &b
}

func use(n int) int {
	p := grab(n)
	return len(*p) + int((*p)[n-1])
}

func Run(n int) int { return use(n) }
`

// TestFinishedRunNotRetained checks that a finished run's memory is not
// kept alive by the frames it handed to its functions' pools: their
// registers held the run's values (the slice's array here), for as long
// as the pool kept the frame.
func TestFinishedRunNotRetained(t *testing.T) {
	p := loadSource(t, "keep", retainSrc)
	fn := p.Func("keep", "Run")
	const n = 1 << 20
	heap := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	for _, opts := range []RunOptions{{NoTrace: true}, {CoverOnly: true}} {
		before := heap()
		res, err := p.Run(bgContext, fn, []Value{Int(n)}, &opts)
		if err != nil || res.Returns[0].Int() != n+1 {
			t.Fatalf("Run = %v, %v", res, err)
		}
		res = nil
		if after := heap(); after > before+n*uint64(cellBytes)/2 {
			t.Errorf("NoTrace %v, CoverOnly %v: %d MiB live after the run, %d MiB before: the run's slice is kept",
				opts.NoTrace, opts.CoverOnly, after>>20, before>>20)
		}
	}
}
