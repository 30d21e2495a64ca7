// Package faultloc is a fault-localization library for Go: from the failing
// (and passing) tests a program already has, it tells where the bug most
// likely is and why.
//
// faultloc implements formula-based fix localization (AgxFaults) and,
// beside it, spectrum-based, mutation-based and slice-based techniques, as
// packages that can be used alone or composed:
//
//   - [github.com/faultloc/faultloc/trace] loads Go packages, builds SSA and
//     runs functions and go test cases in a tracing interpreter that records
//     every executed instruction instance: its value, the instances it read,
//     its dynamic control parent and its source position. Hooks substitute
//     values (angelic values) and force branch decisions.
//   - [github.com/faultloc/faultloc/maxsat] is incremental partial MaxSMT on
//     Z3: Fu–Malik core-guided optimisation, minimal correction set
//     enumeration, MUS extraction, adding constraints between calls.
//   - [github.com/faultloc/faultloc/encode] turns a trace into a MaxSMT
//     problem with one fault predicate per statement (AgxFaults' angelic
//     trace formula, the program formula, and flow-sensitive and
//     flow-insensitive single-path formulas).
//   - [github.com/faultloc/faultloc/localize] is the core of the
//     techniques: the failing case, the stage interfaces (Technique,
//     Scorer, Refiner, CaseSetRefiner, Diagnoser), the report and the
//     ranking. Each technique is a package of its own under localize/:
//     agx (AgxFaults: minimal fix candidates, each verified by re-running
//     the test with its angelic values), angelic (angelic debugging with
//     the flexibility test), mutation (Metallaxis, MUSE, plausible
//     fixes), diagnose (diagnosis across failing cases), sattar (SAT-TAR
//     over fuzz targets), regress (regression explanation, AFTER),
//     repair (patches from angelic values, validated by the tests) and
//     native (a native go test run's evidence); htmlreport and cireport
//     write reports as a page, SARIF or annotations, and pipeline
//     assembles the stages for a whole package.
//   - [github.com/faultloc/faultloc/spectra] ranks program elements by
//     spectrum formulas (Tarantula, Ochiai, DStar, ...) over many test
//     runs, interpreted or native.
//   - [github.com/faultloc/faultloc/slicing] computes dynamic slices and
//     chops over a trace, delta debugging over any []T, and failure-inducing
//     chops.
//   - [github.com/faultloc/faultloc/faultloctest] explains a failing go test
//     in its own log.
//   - [github.com/faultloc/faultloc/changes] computes the syntax-level
//     changes between two versions of a module and reverts any subset of
//     them as an overlay; localize/regress explains a regression with them
//     (AFTER).
//
// Packages trace, spectra, slicing, changes and the core localize are pure
// Go; maxsat's solver is libz3 through cgo. Built without cgo
// (CGO_ENABLED=0), everything still builds: maxsat.NewSolver returns a
// *maxsat.NoSolverError, the stages that need the solver report it, and
// the others (forcing, mutation, slices, spectra) run.
//
// AgxFaults, the default technique, works in steps: trace.Load a
// package with its tests, run the failing test to get a trace, encode the
// trace with fault predicates, enumerate the minimal correction sets with
// maxsat, and re-run the test with each candidate's angelic values
// substituted to verify it. The command cmd/faultloc runs
// localize/pipeline, which does this for every failing test of a package
// and completes each report's ranking with the spectrum, slices and
// probes of the other stages.
//
// The subjects under [github.com/faultloc/faultloc/examples] are the papers'
// running examples, ported to Go, with their known faults marked.
//
// # Stability
//
// The API of the public packages (trace, maxsat, encode, localize and its
// packages, spectra, slicing, changes, faultloctest, examples) is stable,
// localize/repair's aside, which is new: it is recorded in api/*.txt and
// changes only by addition; internal/apicheck fails on anything else.
// Packages under internal/ are not API.
package faultloc
