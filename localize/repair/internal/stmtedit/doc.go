// Package stmtedit finds repair's statement edits in Go source: the
// patches of a statement that no repair data checks, after the
// templates of program repair, which the validation then runs.
//
// [Line] gives the edits of the statements at a line as [Edit]s (bytes
// replaced by others): a statement deleted or swapped with its
// neighbour (GenProg), a call statement of the package inserted, an
// index clamped to its slice's length, a length test added to a
// condition that indexes, a condition strengthened by a conjunct (a
// nil or length check, another condition negated), a statement run
// only when a term it reads holds something, a return inserted at the end of a branch
// that falls through (Kali), and an early return `if cond { return
// results }` (PAR's null and range checks) whose conditions and results
// type-check ([Types] gives the file's types). [Insertions] gives the
// statements of a site's function to insert before the site's
// statement (a missing statement copied from nearby code). [Unused]
// finds the local variables a replacement leaves unused, which Go does
// not build, and [Indent] a line's indentation. [DefinitionLines]
// finds the lines of a package that store the fields a line reads,
// where a missing condition or statement of an initialization belongs.
//
// The package reads syntax and types only, never a run.
package stmtedit
