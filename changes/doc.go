// Package changes computes the changes between two versions of a Go
// module, at the granularity of its syntax, and reverts any subset of them
// as an overlay of the new version's files.
//
// [Dirs] walks two directory trees, [Patch] takes the new version's
// directory and a unified diff from the old version (undoing its hunks),
// and [Diff] takes two sets of sources in memory. Files are matched by
// path, and a file only the old version has with one only the new
// version has when it is the same file renamed (same directory and
// build constraints, at least half of the declarations of the smaller
// shared): its changes name the old path as [Change.OldFile]. Within a
// file, top-level declarations are matched by name (functions by
// receiver and name, declarations by the names they declare, each spec
// of a parenthesized declaration apart), function
// bodies are aligned statement by statement (longest common subsequence
// of their syntax printed without comments or layout), and corresponding
// compound statements of the same kind are compared part by part: an if
// whose condition alone changed is one "if header" change, its body's
// statements are compared one by one, and its else branch apart. Two
// versions of a statement that differ only inside the bodies of their
// function literals (a t.Run subtest, a deferred closure, a sort.Slice
// comparator) are compared body by body in the same way. So are two
// versions of a declaration whose one value is a composite literal (a
// table of entries) that differ only in its elements: aligned element by
// element (longest common subsequence, then entries paired by their key
// or first field), each modified, added or removed element is one
// "element" change. Two versions of a struct or interface type that
// differ only in their fields (methods), each on lines of its own, are
// aligned field by field the same way (unaligned fields paired by name):
// each modified field, and each run of added or removed ones, is one
// "field" change. A change therefore is a statement, a compound
// statement's header, a function's signature, a declaration, an element
// of a table, a field of a type, an import, the package clause, a moved
// function or a whole file, with its span in both versions ([Change]).
// Formatting and comments alone make no change.
//
// # Nested changes
//
// Added code is split down to its statements: an added compound
// statement (if, for, range, switch, select, block) is a header change
// whose span is the whole statement, and each statement inside it (and
// each else branch and case clause) is a change nested in it; so are the
// statements of an added function's body, of the function literals in
// added code, and the declarations and imports of an added file. A
// function that a file of a directory lost and another file of the same
// directory gained (same receiver and name, one of each) is one "moved
// func" change, with the differences of its two versions nested in it: a
// move alone makes no other change. [Change.Parent] names the change a
// change is nested in; its New span lies inside its parent's.
//
// [Set.Revert] applies the reversal of a subset of the changes to the new
// version's sources and returns the files it alters, keyed by absolute
// path: an overlay for golang.org/x/tools/go/packages or go build
// -overlay, so that a subset is tried without writing a file. Reverting a
// change reverts the changes nested in it with it: a reverted header
// deletes its whole statement, a reverted added function its body, a
// reverted added file leaves its package clause, a reverted move puts the
// old function back in its old file; a reverted nested change alone
// deletes (or restores) just its code. Every subset thus reverts to code
// that parses. A subset need not type-check: a reverted statement may use
// a declaration that another change removed. Finding the changes that
// complete a subset is the caller's (package localize/regress does it
// from the type checker's errors). [Set.At] and [Set.Locate] name the
// innermost change holding a position.
//
// Limits: removed code comes back as one change per run of statements
// (its insertion is atomic); a statement that differs outside its
// function literals as well as inside them is one change; a local
// variable or parameter renamed consistently makes one change per
// statement that names it; a file renamed to another directory, or
// sharing less than half its declarations with its new version, is a
// removed file and an added one; two versions of a statement list longer than
// a few thousand statements each differ as one change.
//
// # Stability
//
// The exported API is new and may still change; it is recorded in
// api/changes.txt.
package changes
