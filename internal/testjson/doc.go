// Package testjson reads a recorded `go test -json` run: the stream of
// test2json events that `go test -json` prints and that gotestsum saves
// with --jsonfile (the same events, one JSON object a line). [Parse]
// returns each test's final verdict by package; [Run.Failing] lists the
// failing cases to localize, the innermost ones: a test function fails
// when one of its subtests does, and the subtest is the case.
//
// Subtests are named as go test prints them, levels joined by "/" and
// each level rewritten as go test rewrites subtest names (a space as
// "_"), which is how faultloc names cases too.
//
// The package is internal: its API carries no promise of stability.
package testjson
