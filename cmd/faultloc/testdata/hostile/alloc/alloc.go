//go:build faultloc

// Package alloc allocates without bound (see package hostile): its own
// package, as every run of it takes the interpreter's whole allocation
// budget.
package alloc
