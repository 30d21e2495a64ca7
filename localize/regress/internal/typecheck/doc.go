// Package typecheck type-checks versions of a source tree in this process,
// for regression explanation's trials: a version is the tree with an
// overlay of files (some changes reverted), and [Checker.Check] reports
// whether it builds, with the type checker's errors, at the cost of a
// parse and a check of what the version changed instead of a run of the
// go command. The go command lists the packages once per shape of the
// versions (package clauses, build constraints and imports); a version
// it cannot describe is reported as such, and the caller asks the go
// command.
package typecheck
