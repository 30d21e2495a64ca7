package encode

import (
	"fmt"
	"strconv"
)

// Mode names an encoding.
type Mode int

// The encodings.
const (
	// ATF is AgxFaults' angelic trace formula, refined on demand (default).
	ATF Mode = iota
	// FS is the flow-sensitive single-path trace formula.
	FS
	// FI is the flow-insensitive single-path trace formula.
	FI
	// PF approximates the program formula: all paths up to an unwinding
	// bound, encoded before solving.
	PF
)

var modeNames = [...]string{ATF: "agx", FS: "fs", FI: "fi", PF: "pf"}

// String returns the mode's name as the command line spells it: "agx",
// "fs", "fi" or "pf".
func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// ParseMode returns the mode named s (see [Mode.String]; "atf" is accepted
// for "agx").
func ParseMode(s string) (Mode, error) {
	if s == "atf" {
		return ATF, nil
	}
	for m, n := range modeNames {
		if n == s {
			return Mode(m), nil
		}
	}
	return 0, fmt.Errorf("encode: unknown mode %q (want agx, pf, fs or fi)", s)
}

// Granularity says what a fault predicate stands for.
type Granularity int

// The granularities.
const (
	// ByLine gives one fault predicate per source line (default).
	ByLine Granularity = iota
	// ByExpression gives one per SSA instruction (expression), named by its
	// line and column.
	ByExpression
)

// Arith says how integers are encoded.
type Arith int

// The arithmetic encodings.
const (
	// BitVector encodes each integer as a bit-vector of its type's width:
	// exact Go semantics (default).
	BitVector Arith = iota
	// Integer encodes integers as unbounded mathematical integers: often
	// faster for nonlinear arithmetic (a*a), but inexact: no wrap-around,
	// and bitwise operators, shifts and narrowing or sign-changing
	// conversions are not modelled (their instances keep their concrete
	// values). Division and remainder are Go's (truncated toward zero,
	// the divisor nonzero unless the statement is changed).
	Integer
)
