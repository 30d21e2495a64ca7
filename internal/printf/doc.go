// Package printf reads calls of fmt's printing functions, as two parts of
// faultloc read them: encode, which models fmt.Sprintf of strings as their
// concatenation, and localize, which reads an Example's expected output
// back into the values its print calls must have.
//
// Both need the same two things from a call:
//
//   - its format, split into literal text and verbs ([Parse], [Verbs]):
//     a [Verb] keeps its flags, its width as written and its letter, so
//     that each caller decides which verbs it can read ("%s" only, or
//     "%-5d" too);
//   - the values it passes in its variadic ...any parameter ([Args]), as
//     the SSA builder passes them: an array allocated for the call
//     (an [ssa.Alloc] commented "varargs"), one [ssa.IndexAddr] and
//     [ssa.Store] per element (usually of an [ssa.MakeInterface]), and an
//     [ssa.Slice] of the whole array given to the call.
//
// [Method] says whether fmt formats a value through a method of its type
// (String, Error, Format, GoString) instead of by its kind: neither caller
// reads such a value.
//
// The format grammar is fmt's, read loosely: after the '%' come flags
// among "+-# 0", then any run of digits, '.', '*', '[' and ']' (a width,
// a precision, argument indexes), then the verb's letter. A verb whose
// letter is '%' prints a percent sign and takes no argument; "%%" is
// literal text.
package printf
