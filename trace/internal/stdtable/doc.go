// Package stdtable is the generated part of the interpreter's
// standard-library bridge: the functions, methods, opaque types and
// package variables of the standard packages that internal/cmd/bridgegen
// covers, as native Go values the bridge calls, keeps or reads by
// reflection, and every exported function of those packages left out,
// with why. The bridge (trace's bridge_gen.go) converts arguments and
// results by the callee's signature; hand-written bridges take
// precedence over the table.
//
// table.go is written by go generate; TestTableUpToDate in bridgegen
// fails when it is stale.
package stdtable

//go:generate go run ../../../internal/cmd/bridgegen -o table.go
