package interp

import (
	"go/token"
	"unsafe"
)

// budgetStop unwinds a run that exhausted its step or depth budget.
type budgetStop struct{ depth, mem bool }

// stopAt unwinds a run that reached Hooks.StopAt.
type stopAt struct{}

// cellBytes is what one cell of interpreted memory counts for
// RunOptions.MaxAlloc.
const cellBytes = int64(unsafe.Sizeof(cell{}))

// allocate charges n bytes to the run's allocation budget before they are
// allocated; a growing default budget doubles once if they exceed it
// (growAlloc, stepbudget.go).
func (r *run) allocate(n int64) {
	r.alloc += n
	if n < 0 || r.alloc > r.maxAlloc && !r.growAlloc() {
		r.alloc = r.maxAlloc
		r.outOfBudget(budgetStop{mem: true})
	}
}

// aggLen is the number of top-level cells of an aggregate value, else 0.
func (v Value) aggLen() int {
	if v.isAgg() {
		return int(v.n)
	}
	return 0
}

// allocCells charges n cells.
func (r *run) allocCells(n int) {
	if n > 0 {
		r.allocate(int64(n) * cellBytes)
	}
}

// ctxStop unwinds a cancelled run.
type ctxStop struct{ err error }

// tick counts one step, stopping the run at its budget; every 0x4000 steps
// it checks the context, and every quantum steps it lets other goroutines
// run. The loop of exec counts steps itself and calls tick only when the
// count reaches r.limit.
func (r *run) tick(fr *frame, in *ins) {
	r.steps++
	if r.steps > r.max && !r.grow() {
		r.steps = r.max
		fr.at = in
		r.outOfBudget(budgetStop{})
	}
	r.setLimit()
	if r.steps&0x3fff == 0 {
		if err := r.ctx.Err(); err != nil {
			panic(ctxStop{err})
		}
		if r.s != nil && r.steps&(quantum-1) == 0 {
			fr.at = in
			r.yield()
		}
	}
}

// work counts n steps of work a bridge does over interpreted memory
// outside the loop of exec (deepEqual's comparisons), so that it ends at
// the run's step budget, and soon after the end of its context, as
// interpreted instructions do (tick). Unlike tick it lets no other
// goroutine run: the bridge is midway. fr may be nil (no frame to note
// the stop in).
func (r *run) work(fr *frame, in *ins, n int64) {
	old := r.steps
	r.steps += n
	for r.steps > r.max {
		if !r.grow() {
			r.steps = r.max
			if fr != nil {
				fr.at = in
			}
			r.outOfBudget(budgetStop{})
		}
	}
	if r.steps>>14 != old>>14 {
		if err := r.ctx.Err(); err != nil {
			panic(ctxStop{err})
		}
	}
	r.setLimit()
}

// bulk checks the run's context before an instruction whose work grows
// with n, the cells it copies or clears (copy, append, clear), when n is
// large: the instruction counts one step, and a loop of such steps would
// otherwise see the context's end only after 0x4000 of them.
func (r *run) bulk(n int) {
	if n >= bulkCells {
		if err := r.ctx.Err(); err != nil {
			panic(ctxStop{err})
		}
	}
}

// bulkCells is the work, in cells, from which bulk checks the context.
const bulkCells = 1 << 12

// quantum is the number of steps (a power of two, a multiple of 0x4000)
// after which the running goroutine lets the others run, if it has not
// blocked before: about what Go's 10 ms time slice runs natively, so that
// a goroutine starting many others, as the go statement does not yield,
// goes on as far before they run.
const quantum = 1 << 20

// setLimit sets r.limit to the next step count at which tick has work:
// one past the budget, or the next multiple of 0x4000.
// (r.max+1 would overflow for a budget of math.MaxInt64; r.steps never
// exceeds r.max.)
func (r *run) setLimit() {
	r.limit = min(r.max, r.steps|0x3fff) + 1
}

// outOfBudget stops the run at budget b, noting where (stopPos).
func (r *run) outOfBudget(b budgetStop) {
	if !r.budgetPos.IsValid() {
		r.budgetPos = r.stopPos()
	}
	panic(b)
}

// stopPos returns where a run that ran out of a budget stopped, as well
// as the frames know it: the instruction or call the innermost frame
// that records one was at (a frame records its calls, not each step).
func (r *run) stopPos() token.Position {
	for fr := r.cur; fr != nil; fr = fr.caller {
		if fr.at == nil {
			continue
		}
		if pos := r.pos(fr.at); pos.IsValid() {
			return pos
		}
		if fr.at.instr != nil && fr.at.instr.Pos().IsValid() {
			return r.p.Fset.Position(fr.at.instr.Pos())
		}
	}
	return token.Position{}
}
