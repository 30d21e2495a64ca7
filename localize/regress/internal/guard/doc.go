// Package guard says which changed conditions a root cause's statements
// run under ([Guards]): the headers of the innermost if, loop or case
// clause around them that the release changed too, which the regression
// explanation (package regress) reports with the root cause.
package guard
