// Package store holds the trace of a run: the events, in chunked columns
// (a struct of arrays indexed by EventID), their dependences as 16-bit
// units, the segments of events that share a frame, control parent and
// occurrence, the frames, and the queries that read them back (Deps,
// ControlParent, Callee, Key...). Released traces hand their storage to
// pools that later recordings draw from (Trace.Release, SetReuseLimit).
//
// It knows nothing of what the events mean: a value is a kind, a word and
// a pointer; a static instruction is a StaticID, whose implied
// dependences an Implier supplies. Package interp records into it (its
// engines write the columns' tails directly, through the exported fields
// of Trace and Column) and wraps it in the Trace of package trace's API,
// which adds what needs the program: instructions, positions, values.
package store
