// Package interp is the machine behind package trace: it compiles the SSA
// that internal/loader builds, runs it under faultloc's tracing
// interpreter and records the trace into internal/store. Package trace is
// its door: the exported types here are trace's under the same names
// (aliases, some of store's), and trace's functions call the ones here,
// so the user documentation is trace's (doc.go there) and this package's
// exported names are trace's API.
//
// What it holds, by job (trace/README.md names the files): the Program
// and its compiled form; the interpreter core, the definition of what
// each SSA instruction does; the engines that run faster forms of it
// (plain runs, recorded runs, hot blocks), which write the columns of
// internal/store's trace; the Trace of the API, which wraps that store
// with the program's statics; the deterministic scheduler of goroutines;
// and the bridge to the standard library (whose generated table is
// internal/stdtable; the stand-ins that need only the exported surface
// are package internal/bridge's). They share unexported types (a run, its
// frames, values and memory cells), which is why they are one package.
//
// The emulation of go test is package internal/testrun, a client of this
// one: the go test methods of Program (RunGoTest, ListTests, TestFuncs,
// FuzzCase...) call the GoTester it registers, and it reaches the
// interpreter only through what extcall.go exports for it (Call,
// RegisterBridge, RunWith and a few operations on interpreted memory).
// Package internal/bridge, another client, registers its stand-ins
// (testify's assertions, math/rand/v2's generators, faultloctest's
// helper) through the same surface.
package interp
