// Package overfit reads the overfitting signs of a patch: the shapes
// of patch that pass a weak test suite without being the fix.
//
// The signs come from the studies of program repair's plausible
// patches. Qi et al. (ISSTA 2015) found that most plausible
// patches of GenProg and RSRepair delete functionality; Tan et al.
// ("Anti-patterns in search-based program repair", FSE 2016) forbid
// such transformations outright, among them deleting a control
// statement or an exit of the control-flow graph (a return, a break).
// A condition made true or false, or one that no value (or every
// value) satisfies, has the same effect on its branch. Prophet (Long
// and Rinard, POPL 2016) and ssFix (Xin and Reiss, ASE 2017) prefer
// candidates close to the code they replace (learned features of the
// change and its context; syntactic similarity), which a replacement
// by a bare literal or by an unrelated expression is not. localize/repair
// does not forbid them (a weak suite may leave no other plausible
// patch, and a sign may be wrong: a deleted early return is sometimes
// the fix): it ranks the plausible patches that show one after those
// that show none, and validates them later.
//
// [Signs] reads each sign from the patch's text alone (the source
// replaced and its replacement, and the comparison around a replaced
// operand in the patched file), so it holds for any library: none
// names a subject or a benchmark. The package reads syntax only,
// never a run or types.
package overfit
