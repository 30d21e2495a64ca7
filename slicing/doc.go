// Package slicing shrinks what a developer must look at when a test fails.
//
// # Delta debugging
//
// Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input", TSE 2002) treats the program as a black box and
// its input, or the changes between two inputs, as a set. It needs only a
// [Test] callback that runs the program on a subset and answers [Pass],
// [Fail] or [Unresolved].
//
//   - [DDMin] simplifies a failing input to a 1-minimal failing subset:
//     removing any single element makes the failure disappear.
//   - [DD] isolates, between a passing subset (initially empty) and a
//     failing one (initially everything), a pair whose difference is
//     1-minimal: it is usually much smaller than what DDMin keeps, and
//     costs fewer tests.
//   - [DDInputs] applies DD to two concrete inputs (strings, token lists):
//     it aligns them into element-level [Edits] and isolates the edits that
//     matter, returning two inputs that differ only by them and the
//     positions of the failure-inducing elements in the failing one.
//
// The functions are generic over the element type and usable alone. No
// configuration is tested twice (outcomes are cached, keyed by the set of
// positions), probes may run in parallel ([DDOptions.Parallel]) without
// changing the result, a context cancels the search between tests, and
// [Stats] counts the tests run. Partitions of a length that does not divide
// evenly keep every element (parts differ in size by at most one).
//
// Bad callbacks are reported, never hung on: a panic in the callback is
// recovered and returned as a [*PanicError]; because the cache means no
// configuration is ever tested twice, a non-deterministic callback cannot
// make the search loop, and the final recheck of the result (on by default)
// reports it as a [*FlakyError] when it flips there. Flips elsewhere are not
// detected; their only effect is a result that may not be minimal.
package slicing
