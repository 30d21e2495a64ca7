// Package loader finds, type-checks and builds in SSA the packages that
// trace's interpreter runs; trace.Load calls [Load] and builds its
// Program on the result.
//
// One go list run (through go/packages, with export data) finds the
// packages; only what the interpreter runs is type-checked from source:
// the targets, the packages in scope, and the libraries, the packages
// interpreted from source out of scope because the standard-library
// bridge cannot call them (non-standard dependencies, and the few
// standard packages whose functions are generic or hold interpreted
// values, listed in sourceStd). Every other package is read from export
// data into the same types universe (check.go).
//
// The SSA is built in naive form with generics instantiated, then each
// function loaded from source is reordered to gc's evaluation order where
// the specification leaves the order open (gcorder.go). The facts SSA
// does not keep are collected from the syntax: which type assertions are
// explicit, the contents of //go:embed variables (embed.go), and the
// types whose pointers of unknown origin the source converts to
// unsafe.Pointer, which may be array elements' (elemaddr.go).
//
// The package knows nothing of the interpreter: which non-standard
// packages the bridge stands in for is asked through [Config].StandIn.
package loader
