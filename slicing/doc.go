// Package slicing shrinks what a developer must look at when a test fails:
// dynamic slices and chops of a traced run, and delta debugging of inputs.
//
// # Dynamic slices
//
// [NewGraph] turns a [trace.Trace] into a dynamic dependence graph in one
// linear pass: every event (executed instruction instance) keeps the events
// it read (register operands and, for loads, the last store to the memory
// read), its dynamic control parent (the branch instance it is control
// dependent on, or the call that created its frame: interprocedural control
// dependence), and, for φ instructions, the branch that chose the incoming
// edge. Calls the interpreter runs natively (the standard library) get the
// dependences the trace cannot see: on the stores into the memory their
// arguments refer to, and on the state of the objects they take or
// return (an httptest.ResponseRecorder, a bytes.Buffer): such a call, and
// a field address into a standard-library struct, depends on the last
// native call that used the same object before it ([trace.Trace.ObjectID]),
// so that a test's read of a recorder's body depends on the handler's
// write into it. A call whose method name says it only reads (String,
// Len, Get…) does not become the object's last use. Because every
// dependence precedes its event, slices
// are single sweeps over arrays, linear in the trace and two bits of memory
// per event:
//
//   - [Graph.Backward]: what the criteria (an event; an output of the run,
//     see [Output]; a failed assertion's event) depend on;
//   - [Graph.Forward]: what marked inputs or events affect (see
//     [Graph.ElementReads] to mark single elements of a string or slice);
//   - [Graph.Chop]: the events on paths from sources to sinks, the
//     intersection of the two;
//   - [Graph.Relevant]: the backward slice plus potential dependences on
//     branches whose untaken side could have assigned a variable that was
//     read, which exposes omission faults and faults on paths not taken.
//
// A [Slice] is a set of events; [Slice.Lines] folds it to source lines, the
// unit the papers count, and [LineChop] intersects two slices at that level
// as the chops paper does. [Graph.Why] explains why an event is in a slice
// with a chain of [Edge]s back from the criterion; [Graph.Deps],
// [Graph.ControlParent] and [Graph.PotentialDeps] expose the graph itself.
//
// Calls are handled so that slices do not explode through them: a callee's
// events are control dependent on the call, but a static call reached only
// that way contributes its own control parent, not all of its arguments
// (arguments the callee uses arrive as data through its parameters); and a
// call affected only in its arguments does not make its whole callee
// affected in a forward slice.
//
// Limits: potential dependences (relevant slices) consider stores in the
// untaken branch of the same function only, and identify variables by the
// root of their address; elements of an input are found where they are
// indexed or ranged over ([Graph.ElementReads]), not through copies or
// conversions. Slices are as
// precise as the trace's dependences: a load depends on the last store to
// the exact memory it reads, but memory written by a natively run call (a
// slice sorted by sort.Ints) keeps its earlier stores as definitions.
//
// # Failure-inducing chops
//
// [FailureInducingChop] is the pipeline of Gupta, He, Zhang and Gupta
// ("Locating Faulty Code Using Failure-Inducing Chops", ASE 2005): delta
// debugging finds the failure-inducing part of the input (dd against a
// passing input, or ddmin without one), the failing input is run traced,
// and the forward slice of that part is intersected with the backward slice
// of the wrong output. The [ChopReport] gives the chop by events and lines
// with the sizes of every set, as the paper's tables do, and the paper's
// fallback for faults that depend on no input. The subject
// [github.com/faultloc/faultloc/examples/chops] shows it on a program with
// two outputs, one wrong.
//
// # Delta debugging
//
// Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating
// Failure-Inducing Input", TSE 2002) treats the program as a black box and
// its input, or the changes between two inputs, as a set. It needs only a
// [Probe] callback that runs the program on a subset and answers [Pass],
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
//
// # Stability
//
// The exported API is stable (recorded in api/slicing.txt; changes only by
// addition).
package slicing
