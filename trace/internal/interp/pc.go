package interp

import "golang.org/x/tools/go/ssa"

// Program counters. Interpreted code has no machine code, yet it asks for
// program counters (runtime.Callers, runtime.Caller, reflect.Value's
// Pointer of a func, runtime.FuncForPC) and maps them back to functions,
// files and lines. The interpreter makes them up from static
// instructions: PC(s) for static instruction s, the call in progress in
// a frame, such that pc-1 and pc+1 (which callers use to land inside the
// call) name the same instruction; a function's entry is PC(s)-2 for its
// first static instruction s, which maps back to s too. Package bridge's
// runtime functions and reflect's Pointer use these, and nothing else.

// PC returns the program counter of static instruction s (never 0).
func PC(s StaticID) uint64 { return 4*uint64(s) + 6 }

// StaticOfPC returns the static instruction of program counter pc of a
// run of p, or false if pc is not one PC or FuncEntryPC makes.
func StaticOfPC(p *Program, pc uint64) (StaticID, bool) {
	if pc < 4 || pc/4-1 >= uint64(p.NumStatics()) {
		return 0, false
	}
	return StaticID(pc/4 - 1), true
}

// FuncEntryPC returns the entry program counter of interpreted function
// fn (compiling it if need be), or 0 if fn has no body.
func FuncEntryPC(p *Program, fn *ssa.Function) uint64 {
	if fn == nil || len(fn.Blocks) == 0 {
		return 0
	}
	return p.entryPC(p.code(fn))
}

// entryPC is FuncEntryPC of compiled function c.
func (p *Program) entryPC(c *fnCode) uint64 {
	c.ensure(p)
	if len(c.psid) > 0 {
		return PC(c.psid[0]) - 2
	}
	if len(c.blocks) > 0 && len(c.blocks[0].instrs) > 0 {
		return PC(c.blocks[0].instrs[0].sid) - 2
	}
	return 0
}
