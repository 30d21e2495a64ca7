package interp

import (
	"runtime"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// unwindSrc panics at the bottom of a recursion whose every frame
// defers a call, and recovers at its top.
const unwindSrc = `package unwind

func down(n int) int {
	defer func() {}()
	if n == 0 {
		panic("bottom")
	}
	return down(n-1) + 1
}

func Top(n int) (r int) {
	defer func() {
		recover()
		r = -1
	}()
	return down(n)
}
`

// TestUnwindReleasesHostStack checks that an interpreted panic leaves
// the host's stack of each frame it unwinds: when the recovering
// deferred call at the top runs, the host's stack is as shallow as at
// the start, not as deep as at the panic. A panic raised again inside
// the native deferred call that recovered it would keep every frame
// below on the host's stack, and the host's runtime walks them at each
// new panic: unwinding N frames that defer took time in N² (go-cmp's
// recursive Transformer check, 65,536 levels deep, never ended).
func TestUnwindReleasesHostStack(t *testing.T) {
	p := loadSource(t, "unwind", unwindSrc)
	fn := p.Func("unwind", "Top")
	pcs := make([]uintptr, 1<<16)
	for _, opts := range []RunOptions{{}, {NoTrace: true}} {
		deepest, recovering := 0, 0
		if !opts.NoTrace {
			opts.Hooks = &Hooks{Observe: func(tr *Trace, e EventID) {
				n := runtime.Callers(0, pcs)
				deepest = max(deepest, n)
				if c, ok := tr.Instr(e).(*ssa.Call); ok && c.Call.Value.Name() == "recover" {
					recovering = n
				}
			}}
		}
		res, err := p.Run(bgContext, fn, []Value{Int(300)}, &opts)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != Returned || res.Returns[0].Int() != -1 {
			t.Fatalf("NoTrace %v: %v, want it to return -1", opts.NoTrace, res)
		}
		if !opts.NoTrace && (recovering == 0 || recovering > deepest/4) {
			t.Errorf("the recovering deferred call runs %d host frames deep, the panic %d", recovering, deepest)
		}
	}
}
