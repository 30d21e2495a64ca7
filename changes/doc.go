// Package changes computes the changes between two versions of a Go
// module, at the granularity of its syntax, and reverts any subset of them
// as an overlay of the new version's files.
//
// [Dirs] walks two directory trees, [Patch] takes the new version's
// directory and a unified diff from the old version (undoing its hunks),
// and [Diff] takes two sets of sources in memory. Files are matched by path; within a file, top-level
// declarations are matched by name (functions by receiver and name,
// declarations by the names they declare, each spec of a parenthesized
// declaration apart), function bodies are aligned statement by statement
// (longest common subsequence of their syntax printed without comments or
// layout), and corresponding compound statements of the same kind are
// compared part by part: an if whose condition alone changed is one "if
// header" change, its body's statements are compared one by one, and its
// else branch apart. A change therefore is a statement, a compound
// statement's header, a function's signature, a declaration, an import,
// the package clause or a whole file, with its span in both versions
// ([Change]). Formatting and comments alone make no change.
//
// [Set.Revert] applies the reversal of a subset of the changes to the new
// version's sources and returns the files it alters, keyed by absolute
// path: an overlay for golang.org/x/tools/go/packages or go build
// -overlay, so that a subset is tried without writing a file. A subset
// need not type-check: a reverted statement may use a declaration that
// another change removed. Finding the changes that complete a subset is
// the caller's (package localize's regression explanation does it from
// the type checker's errors).
//
// The changes of a closure's body are not separated from those of the
// statement holding the closure, and two versions of a statement list
// longer than a few thousand statements each differ as one change.
//
// # Stability
//
// The exported API is new and may still change; it is recorded in
// api/changes.txt.
package changes
