// Package angelic is angelic debugging (Chandra, Torlak, Barman, Bodik,
// ICSE 2011) and its flexibility test.
//
// [Localize] is the first step of angelic debugging: the repair candidates of a failing case are
// the expression instances whose value alone, replaced at that one
// instance, makes it pass, each with its alternate value and verified by
// a replay. It is AgxFaults with expression granularity and candidates of
// size 1, each instance the model changes then replayed alone, and the
// other instances of the expressions found searched one at a time.
// [FlexTest] is the second: on each passing case that executes a
// candidate, it replays the case with one instance changed to a few
// alternate values and, where none keeps the case passing, searches the
// case's formula (AgxFaults on the passing run, that one instance
// blamable and required to differ from its run value, the case's own
// checks the oracle) for a value, replayed to verify it. A case where
// neither finds one inhibits the candidate (in the paper's reading, a
// one-expression fix there would break it; a fix that changes the
// expression for the failing inputs only need not, so inhibited
// candidates are listed last by default, not removed: see
// [FlexOptions].Remove). A value found is verified; an inhibitor is proved
// (Flexibility.Proved) when the formula has no other value at any of the
// case's instances: inflexible within what the formula models. A value
// the formula cannot model keeps its run value there (a string with
// NoStrings, a load it does not link to a store), so a value that keeps
// the case passing only through one is not seen; the sides of branches
// no run took are free, so they cannot hide one. A search that runs out
// of its bounds, or whose models all fail their replays, leaves the case
// undecided (Untested). FlexOptions.NoSolver keeps the values tried
// alone, an approximate verdict; bench/results/tcas-flex.md (go run ./bench/tcas) compares the
// two. [Technique] chains both as a stage, [FlexFilter] applies the
// test to any technique's candidates, and [localize.Report.PruneInhibited]
// demotes or removes the inhibited ones.
//
//	name         what it is
//	Localize     the repair candidates of a failing case, alternate values
//	FlexTest     the flexibility test of candidates on the passing cases
//	Technique    both as a localize.Technique
//	FlexFilter   the flexibility test of any technique's candidates
//	ForceProbe   a localize.Refiner: forced values at a ranking's first lines
//
// Costs: Localize is AgxFaults with expression granularity and size 1
// (localize/agx), plus one replay per instance searched; FlexTest one run
// per alternate value per passing case that executes a candidate, and a
// formula per such case where no value tried keeps it passing.
//
// The exported API is stable (api/localize/angelic.txt).
package angelic
