// Package term is the expression algebra of repair's synthesis: a
// [Term] is an expression as Go source with its value at every instance
// of the repair data, and [Binary] and [Unary] build larger terms by
// computing their operators on those values as Go does ([Apply]:
// integers wrap at their type's width, a division by zero fails). The
// values are trace values of basic types: [Convert] gives an untyped
// constant a type, [Const] reads a constant of the code and [Constants]
// those of a function, [Parse] an angelic value as localize formats
// it, [Zero] a type's zero value, [FromExpr] the term of an expression
// of the source. [Combinations] gives the argument lists of a call
// term. [Tokens] and [Distance] measure an expression's text.
package term
