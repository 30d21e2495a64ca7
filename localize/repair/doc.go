// Package repair turns angelic debugging's repair candidates into
// patches: the step the angelic debugging paper (Chandra, Torlak,
// Barman, Bodik, ICSE 2011) leaves to the programmer, which SemFix and
// Angelix build on.
//
// [Collect] gathers the repair data of a candidate's site (the
// expression a verified angelic candidate names): its instances in every
// failing and passing run, each keyed as the trace keys it
// (trace.InstanceKey), the variables in scope there with their values,
// the angelic values that make each failing run pass (replay-verified),
// and for each passing run the values verified to keep it passing (and
// to break it), found by replays and, where the formula models the
// value, by the solver. A research user's own synthesizer reads it.
//
// This package is partial: it gives the repair data; synthesis,
// validation and the command come next.
//
// The exported API is recorded in api/localize/repair.txt; it is new and
// not yet stable: it may change, by addition, as the steps after the data
// land.
package repair
