// Package locate finds in Go source the expression a repair replaces.
//
// [Find] finds a site's source: the expression, condition, right-hand
// side or result at the position of a site's instruction, given what
// the run tells of it (a [Site]: its kind, its text where go/ssa gives
// one, the variable a branch loads). The [Span] it returns is what a
// patch replaces, with what the syntax around it says: the statement a
// guard goes before, whether the site is evaluated each time that
// statement runs, and how tightly the operator around it binds, so
// that [Span.Text] parenthesizes a replacement where the context needs
// it. A compound assignment (x -= c) or an increment is rewritten as
// an assignment of the replacement (x = repl, or x = repl - c at the
// load of x's old value).
//
// [Mutant] finds the expression a mutant of mutation analysis replaces,
// placed as internal/mutate places it.
//
// The package reads syntax only, never a run or types.
package locate
