// Package stmtline finds the statement a source line belongs to, for
// rankings, which name a statement written over several lines by its
// first line (as coverage does): localize.FailureFirst names the failing
// statement so, and package native names the lines of a failing case's
// frames so.
package stmtline
