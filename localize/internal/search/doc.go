// Package search is the AgxFaults engine that localize's techniques
// share: encode a failing run, solve for correction sets, replay them,
// refine the formula with the runs that leave its paths.
//
//	name                     what it is
//	Options, Hooks, Engine   AgxFaults' options (localize/agx aliases them)
//	Localize, Technique      AgxFaults on one case, and as a stage
//	Search, Extension        Algorithm 1 over any Subject, with the changes
//	                         a technique built on the engine makes (the
//	                         extension point: which instances are blamable,
//	                         a value an instance must differ from, each
//	                         candidate as it is decoded)
//	FirstRun, CaseFormula    the failing run and its formula, for a
//	                         technique that searches its own way
//	                         (diagnosis across cases, SAT-TAR's cores)
//	Owner                    the solvers of a bounded call, and the steps
//	                         Z3 cannot interrupt (a run's encoding) that
//	                         the call gives up at its context's end
//	Subject, Verdict         a failing case run into its oracle's verdict
//	Checker, Singles         the choice of a model for a correction set
//	Forcer                   forced values that make a case pass
//
// It is internal: the techniques under localize/ build on it, and its
// names change with them. Callers outside reach AgxFaults through
// localize/agx.
package search
