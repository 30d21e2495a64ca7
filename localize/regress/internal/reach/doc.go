// Package reach says which changes between two versions of a module the
// failing test cases of the new version cannot execute, by a static and
// conservative call graph of the new version ([Unreachable]): the
// regression explanation (package regress) sets them aside before it
// tries any version.
package reach
