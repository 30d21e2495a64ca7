// Package mutation is mutation analysis of fix candidates' lines: the
// program is loaded again from source as one mutant schema (every mutant
// of the lines in one overlay, chosen at run time), and the package's
// cases run on each mutant. The operators replace relational, logical
// and arithmetic operators, move integer constants by one, negate or fix
// conditions, and put a candidate's angelic values in place of the
// right-hand side; Options.Repair adds operators that look for fixes.
//
// The outcome ranks lines as Metallaxis (Papadakis and Le Traon) and MUSE
// (Moon et al.) do, from the cases each mutant makes fail and pass, and
// names plausible fixes: mutants under which the failing case passes and
// no passing case fails (which need not make them correct: they may
// overfit the tests).
//
//	name       what it is
//	Analyze    the cases run on the mutants of candidates' lines: an Analysis
//	Analysis   the outcome: Metallaxis and MUSE scores, plausible fixes
//	Scorer     Analyze as a localize.Scorer
//	FixProbe   a localize.Refiner: plausible fixes among the mutants of a
//	           ranking's first lines, those lines moved first
//	Merge      the analyses of shares of the mutants (Options.Share, one
//	           per machine of a sharded run) as the one Analyze makes
//
// Costs: one load of the package from source, then one run of each case
// on each mutant, in parallel with Options.Parallel; FixProbe bounds its
// runs by a timeout. A context's end stops Analyze soon after, with the
// mutants it had run every case on (Analysis.Partial). It needs no solver and builds without cgo.
// bench/realbugs/RANKERS.md (go run ./bench/realbugs -kinds rankers)
// holds the figures.
//
// The exported API is stable (api/localize/mutation.txt).
package mutation
