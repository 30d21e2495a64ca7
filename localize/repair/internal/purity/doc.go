// Package purity tells, by a conservative check of a function's SSA
// form, whether it has no side effects and which package-level
// variables it reads: the functions of a repair site's package that the
// synthesis of localize/repair may call as components, their values
// computed by running them in the interpreter with those variables
// preset.
//
// The check is syntactic on SSA: it reads no run and follows no call
// out of the package, so it rejects many functions that have no side
// effects (any method, closure, generic function, or call through an
// interface or a function value).
package purity
