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
// with the program's statics; the deterministic scheduler of goroutines,
// with the stand-ins of sync that wait and of the runtime that ask it
// (bridge_sync.go), and the run's virtual clock (bridge_state.go); and
// the core of the bridge to the standard library: its dispatch, the
// generated table's calls (the table is internal/stdtable), the
// conversion and formatting of values between interpreted and native,
// and the stand-ins built on them (fmt, errors, package reflect over
// interpreted types and values: reflect_*.go). They share
// unexported types (a run, its frames, values and memory cells), which is
// why they are one package.
//
// Two clients reach it only through what it exports for them: the
// emulation of go test, package internal/testrun (the go test methods of
// Program, such as RunGoTest, ListTests, TestFuncs and FuzzCase, call the
// GoTester it registers), and package internal/bridge, which holds the
// other stand-ins (testify, randomness, time, files, flag, sort, fmt's
// scanners, testing/quick, runtime.Callers,
// internal/reflectlite, sync where nothing waits). That surface is extcall.go (Call, RegisterBridge,
// RegisterGlobal, RegisterNativeType, RunWith), memory.go (operations on
// interpreted values and memory) and runstate.go (a stand-in's per-run
// state and end-of-run hooks, the run's clock, program, directory, seed and
// stack).
package interp
