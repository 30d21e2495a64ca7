// Package schema writes patch schemata for repair's validation. A patch
// schema compiles many candidate patches into one build of the
// package (mutant schemata: Untch, Offutt and Harrold, ISSTA 1993): each
// patch's code sits behind a switch on a package-level variable that the
// test binary reads from an environment variable when it starts, so that
// one build runs the suite on every patch in turn, where a build per
// patch costs seconds each.
//
// The switch is at the statement: the innermost statement of a block or
// case S around a patch's replaced source becomes
//
//	if faultlocRepairPatch != 1 && faultlocRepairPatch != 2 { S } else if faultlocRepairPatch == 1 { S1 } else { S2 }
//
// (a plain else last, so that the if terminates where S does)
//
// where S1 and S2 are S patched, laid out on one line (so that the lines
// of the code after keep their numbers); S itself, in the first branch,
// holds the switches of the statements inside it. An if statement, not a
// switch, so that break and continue keep their targets. A statement that
// declares (x := e, var x = e) takes with it the rest of its block, which
// then sees the declaration in each branch; a redeclaring :=, a label or
// a fallthrough in the statements copied leaves the patch out of the
// schema. An inserted guard becomes `if faultlocRepairPatch == k { guard
// }` before its statement. The schema is only a filter: a patch that
// passes the suite in it is validated again by its own build.
package schema
