// Package apicheck guards faultloc's promise of a stable API. Its tests,
// run by every `go test ./...`, check the module as a whole:
//
//   - TestAPI writes the exported API of every non-internal, non-main
//     package ([API]: one line per exported constant, variable, function,
//     type, struct field, interface method and method, with signatures
//     from go/types) and compares it with the checked-in files under the
//     module's api/ directory, like Go's own api/*.txt. Any difference —
//     a removal, a changed signature, and also an addition — fails the
//     test with a diff until the files are deliberately rewritten (see
//     below), so that every API change shows up in review under api/.
//   - TestDocComments requires a doc comment on every exported
//     identifier of those packages ([Undocumented]).
//   - TestStability requires the doc.go of every library package to say
//     what of it is stable.
//   - TestDependencies enforces the design's package map: trace, spectra,
//     slicing and the examples depend on no cgo package; nothing imports
//     upward; only commands (and faultloctest, the go test helper,
//     and internal/frontend, the options both build) import localize
//     and its pipeline; the core (localize), its engine
//     and its techniques never import the pipeline, the core no
//     technique, a technique no other but those it builds on (diagnosis
//     on AgxFaults and mutation analysis, repair on angelic debugging
//     and mutation analysis).
//   - TestReportWriters requires every report of localize's packages
//     (every type with one of the writers) to have the same three:
//     WriteText, WriteJSON and WriteHTML, each (io.Writer) error.
//   - TestJSONKeys requires every key of the module's JSON reports to be
//     lowerCamelCase, and the key of every duration (written in
//     nanoseconds) to end in Nanos ([JSONKeys], from the report types).
//   - TestPackageSize keeps every package but the interpreter's internals
//     (trace/internal/...) at most 5000 lines of non-test Go, the most
//     the layout allows one job.
//
// To accept an API change, rewrite the files and commit them with it:
//
//	go test ./internal/apicheck -run TestAPI -update
//
// The package itself is a small library for those tests: [API] renders
// the API of a type-checked package, [Undocumented] finds exported
// declarations without doc comments, [JSONKeys] checks the keys a type
// is written with as JSON.
package apicheck
