package interp

import (
	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/internal/cfg"
)

// branchDeps returns, per block of fn, the distinct If blocks it is control
// dependent on (internal/cfg computes post-dominators and the dependence
// edges; the trace needs only the branch blocks).
func branchDeps(fn *ssa.Function) [][]int32 {
	deps := cfg.ControlDeps(fn)
	out := make([][]int32, len(deps))
	for b, ds := range deps {
		for _, d := range ds {
			if !containsInt32(out[b], int32(d.Block)) {
				out[b] = append(out[b], int32(d.Block))
			}
		}
	}
	return out
}

func containsInt32(xs []int32, x int32) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// setStaticDeps sets the sd, sdr and sdmin of c's instructions and the
// sd of their statics: an event's dependence on an operand defined by an
// earlier instruction of its block (not a call, whose result's event is
// the callee's Return) is implied when that instruction's event is in the
// event's segment (its static ID is at least the segment's first), so the
// recorder stores only the dependences on operands defined elsewhere.
// p.mu is held.
func (p *Program) setStaticDeps(c *fnCode) {
	type def struct {
		block, index int
		sid          StaticID
		call, alloc  bool
		ok           bool // an instruction of c defines the slot
	}
	defs := make([]def, len(c.tmpl)) // by slot
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			if in := &c.blocks[bi].instrs[ii]; in.dst >= 0 {
				defs[in.dst] = def{bi, ii, in.sid, in.op == opCall, in.op == opAlloc, true}
			}
		}
	}
	// The entry block runs once per frame, before any other: its
	// variables' Allocs have one event in the frame, which Deps finds
	// (entryEvent).
	entryOnce := len(c.fn.Blocks) > 0 && len(c.fn.Blocks[0].Preds) == 0
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			in := &c.blocks[bi].instrs[ii]
			in.sdmin, in.sdyn = -1, -1
			if in.op == opPhi { // recorded by phis, with its edge's value and gate
				continue
			}
			var sd, sdr []int32
			inBlock, inEntry := false, false
			sdmin := in.sid
			for _, s := range in.a {
				if s < 0 {
					continue
				}
				var d def
				if int(s) < len(defs) {
					d = defs[s]
				}
				ok := d.ok
				switch {
				case ok && d.block == bi && d.index < ii && !d.call:
					sd, sdr = append(sd, int32(in.sid-d.sid)), append(sdr, -1)
					inBlock = true
					sdmin = min(sdmin, d.sid)
				case ok && d.block == 0 && d.alloc && entryOnce:
					sd, sdr = append(sd, -int32(in.sid-d.sid)), append(sdr, -1)
					inEntry = true
				case ok || int(s) < c.np+c.nfv:
					// Defined elsewhere: a parameter, a free variable, a
					// call's result or another block's instruction.
					sd, sdr = append(sd, 0), append(sdr, s)
				}
				// Else a constant, global or function: no event.
			}
			if inBlock || inEntry {
				in.sd, in.sdr, in.sdmin = sd, sdr, sdmin
				if !inBlock {
					in.sdmin = entryOnly
				}
				p.statics[in.sid].sd = sd
				for _, r := range sdr {
					if r >= 0 {
						in.sdyn = r
					}
				}
			}
		}
	}
}

// entryOnly is the sdmin of an instruction whose implied dependences are
// all on Allocs of the entry block: above every static ID, so that they
// are implied in any segment, and below those offset by
// RunOptions.noStaticDeps (1<<30).
const entryOnly = 1<<30 - 1
