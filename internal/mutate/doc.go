// Package mutate generates first-order mutants of chosen lines of Go
// source and compiles them into one mutant schema: a copy of the source
// in which every mutant is present and a package variable, the selector,
// chooses which one runs. Loading the schema once (as a go/packages
// overlay) and running each test once per mutant, with the selector's
// loads substituted, replaces one build per mutant by one build in all
// (mutant schemata, Untch, Offutt and Harrold, ISSTA 1993).
//
// The operators are the usual ones of mutation-based fault localization
// (Metallaxis, MUSE; Proteum's and Major's operators for C and Java),
// restricted to what type-checks in Go:
//
//   - ROR: a relational operator replaced by each other one (==, != only
//     on operands that are not ordered);
//   - LCR: && and || swapped;
//   - AOR: an arithmetic operator (+ - * / %) replaced by each other one,
//     on integers and floats (% on integers only), not in constant
//     expressions;
//   - CRP: an integer constant expression c replaced by c+1 and c-1 when
//     its type represents them;
//   - NEG: a condition (of an if or for statement) or a Boolean
//     right-hand side or result negated;
//   - CON: the same replaced by true and by false;
//   - ANG: the right-hand side of a one-value assignment, definition or
//     return replaced by a given constant (for fault localization: an
//     angelic value that made a failing test pass): a Boolean, an integer
//     its type represents, a string, or a float its type holds exactly
//     (not a NaN, an infinity or -0, which have no constant).
//
// With Config.Repair, three more operators look for fixes rather than
// suspicious lines:
//
//   - VRP: a read of a local variable (parameters and results included)
//     replaced by each other local variable of an identical type declared
//     before it and visible there; fields and package-level variables
//     are not replaced;
//   - OBO: a non-constant integer right-hand side of a one-value
//     assignment or definition, or a result, e replaced by e + 1 and
//     e - 1 (a definition whose right-hand side calls a function is not
//     mutated this way);
//   - ACR (angelic constant repair): in such a right-hand side or result
//     x op y with one constant operand, the constant replaced by the one
//     under which an instance of the line (Target.Instances: the value it
//     had in the failing run, the angelic value it needed) takes its
//     angelic value, the other operand keeping its run value. Integers
//     under + and - (x + 3 with run value 10 and angelic value 12 gives
//     x + 5) and under * when the divisions are exact (x * 3 with 30 and
//     50 gives x * 5); strings under + (singular + "s" with run value "buss" and
//     angelic value "buses" gives singular + "es"). Where CRP tries the
//     neighbours of a constant, ACR computes the one the evidence asks
//     for; the mutation run then checks it against every test.
//
// With Config.Delete, one more, kept apart from the repair operators
// because a deletion that passes a test suite is the commonest overfit
// fix of program repair:
//
//   - SDL: an assignment (not a definition), an increment or
//     decrement, an expression statement or a return deleted, where its
//     function type-checks without it (not a statement that ends a
//     function with results, nor the last of a branch of such an
//     ending if, switch or select). Its replacement is empty.
//
// A mutant belongs to a line: the line of its operator for ROR, LCR and
// AOR, of the expression's start for CRP, NEG and CON, of the statement
// for ANG, ACR and SDL. Mutants are made only on the lines asked for.
//
// Each mutated statement or condition (a host) becomes a selection among
// its variants, so that operands are evaluated only in the variant that
// runs:
//
//   - a condition e of an if or for statement becomes
//     (S == a && (e_a) || ... || (S < a || S > z) && (e)) for its mutants
//     a..z (numbered consecutively);
//   - an assignment, return, expression, send or increment statement s
//     becomes if S == a { s_a } else if ... else { s };
//   - a definition x := e (its variables must stay in scope) stays, and
//     is followed by if S == a { x = e_a } else if ...: e is evaluated
//     before e_a, so a definition whose right-hand side calls a function is
//     mutated only by ANG, whose constant evaluates nothing.
//
// Hosts that contain a function literal, statements that are the init or
// post statement of an if, for or switch, and case clauses are not
// mutated. The schema is type-checked before it is returned; a mutant
// that does not type-check (a case the rules above miss) is dropped with
// its variant, and the schema's mutant list says which remain. Mutant IDs
// start at 1; the selector's zero value (0) runs the original program.
//
// Everything is deterministic: mutants are numbered by file, then by
// position, then by operator and replacement, whatever the order of the
// request.
package mutate
