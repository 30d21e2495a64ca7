// Package faultloc is a fault-localization library for Go: from the failing
// (and passing) tests a program already has, it tells where the bug most
// likely is and why.
//
// faultloc brings together five published techniques, each a package or a
// pipeline that can be used alone:
//
//   - [github.com/faultloc/faultloc/trace] loads Go packages, builds SSA and
//     runs functions in a tracing interpreter that records every executed
//     instruction instance: its value, the instances it read, its dynamic
//     control parent and its source position. Hooks substitute values (angelic
//     values) and force branch decisions.
//   - github.com/faultloc/faultloc/maxsat is incremental partial MaxSMT on Z3:
//     Fu–Malik core-guided optimisation, minimal correction set enumeration,
//     MUS extraction, adding constraints between calls.
//   - github.com/faultloc/faultloc/encode turns a trace into a MaxSMT problem
//     with one fault predicate per statement (FI, FS, program-formula and
//     AgxFaults' angelic trace formula).
//   - github.com/faultloc/faultloc/spectra ranks program elements by spectrum
//     formulas (Tarantula, Ochiai, DStar, ...) over many test runs.
//   - github.com/faultloc/faultloc/slicing computes dynamic slices and chops
//     over a trace, and delta debugging over any []T.
//   - github.com/faultloc/faultloc/localize assembles them into pipelines
//     (AgxFaults, angelic debugging, SAT-TAR, failure-inducing chops,
//     regression explanation) with one report type.
//
// Packages trace, spectra and slicing are pure Go; maxsat, encode and
// localize need libz3 through cgo.
//
// A typical pipeline: trace.Load a package with its tests, run the failing
// test to get a trace, encode the trace with fault predicates, enumerate the
// minimal correction sets with maxsat, and re-run the test with each
// candidate's angelic values substituted to verify it. The command
// cmd/faultloc does exactly that for every failing test of a package.
//
// The subjects under [github.com/faultloc/faultloc/examples] are the papers'
// running examples, ported to Go, with their known faults marked.
//
// # Stability
//
// The API of the public packages (trace, maxsat, encode, localize, spectra,
// slicing, faultloctest, examples) is stable: it is recorded in api/*.txt
// and changes only by addition; internal/apicheck fails on anything else.
// Packages under internal/ are not API.
package faultloc
