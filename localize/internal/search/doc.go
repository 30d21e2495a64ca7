// Package search is the AgxFaults engine that localize's techniques
// share: a failing case as a Subject run into Verdicts (the run, its
// oracle, the events that show its failure), the oracle of a failing
// Example read back from its printed output, the choice of a model for
// a correction set (Checker, Singles), and the forcing of values into a
// run to find the ones that make a case pass (Forcer).
//
// It is internal: the techniques under localize/ build on it, and its
// names change with them.
package search
