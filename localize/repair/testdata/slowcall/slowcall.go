// Package slowcall is a subject of the repair tests: its failing test
// spends seconds in one call of native code (math/big's Exp), which an
// interpreted run cannot stop midway; a repair's deadline must not
// wait for it.
package slowcall

import "math/big"

// Bits returns the number of bits of 3 to the power n.
func Bits(n int64) int {
	return new(big.Int).Exp(big.NewInt(3), big.NewInt(n), nil).BitLen() + 1 //fault: + 1 is extra
}
