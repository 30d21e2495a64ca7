// Package maxsat is faultloc's incremental partial MaxSMT solver: hard
// constraints that must hold, soft constraints that may be dropped at a
// cost, and the questions formula-based fault localization asks of them —
// which minimal sets of softs must be dropped (minimal correction subsets,
// MCSes), in order of cost, with a model for each; which minimal sets of
// softs conflict (minimal unsatisfiable subsets, MUSes); and what the
// optimum cost is. Z3 (libz3, through faultloc's own binding
// internal/z3) decides satisfiability.
//
// # Terms
//
// Formulas are [Term] values built by the functions of this package over
// five sorts: Bool, bit-vectors of any width from 1 to [MaxWidth] (Go's
// integers: [Add], [Sub], [Mul] wrap around; [SDiv] and [SRem] truncate like
// Go; [SLT]/[ULT] and friends compare signed or unsigned; [Shl], [LShr],
// [AShr]; [ZeroExt], [SignExt], [Extract], [Concat]), unbounded Int
// ([Add], [Lt], [Div], ...) and String, finite sequences of bytes as Go's
// strings are ([Str], [StrConcat], [StrLen], [Substr], [StrAt],
// [IntToStr], [StrPrefixOf], [StrSuffixOf], [StrContains], [StrIndexOf];
// Z3's sequence theory, whose characters go up to 0x2FFFF: a byte is the
// character of its value, and [StrBytes], at a cost, keeps a variable's
// characters bytes. The lexicographic order of strings is left out: with characters
// made bytes by Z3 4.8.12's unicode=false it answered unsat under
// assumptions for satisfiable formulas with str.<, and that mode crashed
// its sequence solver; a check of a formula with strings that ends
// unfinished, interrupted or out of time, can leave that solver broken,
// so the next check is made on a new Z3 solver given the same assertions,
// at the cost of what Z3 had learnt), and IEEE 754 floats of 32 and 64 bits as Go's float32 and
// float64 ([Float64], [FAdd]... rounding to nearest even, [FEq] and
// [FLt]... compare as Go does, [FToSBV] truncates as Go converts, [FSqrt],
// [FFloor], [FCeil], [FTrunc]; Z3 bit-blasts them, so a chain of 64-bit
// multiplications or divisions is costly). Terms are independent of Z3 and of any Solver:
// one term may be added to several solvers. Sorts are checked in Go when a
// term is built. An ill-sorted application does not panic: it yields a term
// that carries a *[SortError], propagates it to every term built on it, and
// is rejected by [Solver.AddHard], [Solver.AddSoft] and [Model.Eval]. So an
// encoder can build a whole expression and check once.
//
// Bit-vector division by zero follows SMT-LIB (a/0 is all ones, a%0 is a),
// not Go's panic: an encoder must test the divisor (Eq(b, BV(0, w))) to
// model the panic.
//
// # The solver
//
// A [Solver] holds hard constraints ([Solver.AddHard]) and soft constraints
// with a positive weight and a group ([Solver.AddSoft]). A group is relaxed
// as a unit, at the sum of its softs' weights: in fault localization a group
// is a statement, whose instances all share one fault predicate. Each group
// g gets a selector literal sel_g and the hard constraint sel_g ⇒ soft for
// each of its softs; checks assume the selectors, cores name them, and an
// MCS is the set of groups whose selector a model makes false.
//
//   - [Solver.Check] checks hard and all softs together; [Solver.Core] is
//     then the groups of Z3's unsat core and [Solver.Model] the model.
//   - [Solver.NextMCS] returns a minimum-cost MCS among those not yet
//     blocked, within [Bounds] on size and cost, with its [Model]: the
//     angelic values of the program variables. [Solver.Block] excludes an
//     MCS and its supersets. Enumerating and blocking yields every MCS
//     within the bounds, each minimal, in non-decreasing cost
//     ([Solver.AllMCS] does the loop).
//   - [Solver.MUS] extracts a minimal unsatisfiable subset of groups, by
//     [DeletionMUS] (the default, with core trimming) or [QuickXplain].
//   - [Solver.Optimum] computes a minimum-cost correction set with
//     Fu–Malik's core-guided algorithm (WPM1 splitting for weights).
//
// # Incremental solving
//
// Hard and soft constraints may be added at any time, also between NextMCS
// calls, which is what AgxFaults' refinement loop does (the angelic trace
// formula grows as unexplored branches are executed): one Z3 solver lives
// as long as the Solver, so selectors, blocking clauses, learned clauses and
// the enumeration's proven cost level are kept rather than rebuilt. The
// enumeration method, [LevelSearch], rests on an invariant that added
// constraints cannot break: "no unblocked correction set costs at most k".
// Adding hard constraints only removes correction sets; adding softs turns
// a correction set R of the new problem into a correction set R minus the
// new groups of the old one, no more expensive. So the search resumes at
// level k+1. The baseline [OptimizeBlocking] asks Z3's Optimize instead and
// starts over at every call (Z3's MaxSMT is not incremental).
//
// # Performance
//
// Z3 pays most of its work on the first check of a formula: bit-blasting and
// internalizing the terms; later checks of the same solver reuse it and are
// several times cheaper. This is why one Solver should live through a whole
// localization: adding constraints to it is far cheaper than solving the
// grown problem again. The benchmark command bench/maxsat
// measures both this and the enumeration against Z3 Optimize.
//
// What a check assumes, Z3 propagates again at every check: assuming the
// selectors of all the groups of a large trace formula makes every check
// slow, however simple the question. [LevelSearch] therefore asserts the
// groups it enforces for a while in a solver scope that stays open across
// checks and NextMCS calls (popped, and what was added meanwhile asserted
// again, before any check that must not enforce them), and assumes only a
// few literals, so that its checks stay cheap.
//
// The engine ([Solver.SetEngine]) chooses which Z3 solver answers: the
// SMT core ([SMTEngine], the default), the bit-vector SAT solver
// ([BVEngine]; Booleans and bit-vectors only: not Int, String or floats), or both ([HybridEngine]):
// the SMT core for the checks that look for a model, the SAT solver, a
// second solver in the same context that catches up with the hard
// constraints before each of its checks, for level search's probes, which
// on trace formulas are mostly proofs that no correction set is left at a
// cost. Each engine answers the same questions; which is faster depends on
// the formula (see the constants).
//
// The translation to Z3 lifts an if-then-else operand out of a predicate,
// p(ite(c, a, b), y) into ite(c, p(a, y), p(b, y)), because Z3's SMT core
// (used without pre-processing tactics, which would not be incremental)
// handles long chains of bit-vector ite terms poorly: a chain of phis
// v_i = ite(g_i, v_i-1, k) takes several times longer to refute than its
// lifted form. An encoder can also write a phi as the two implications
// g ⇒ v = a and ¬g ⇒ v = b, as AgxFaults does, which is faster still.
//
// # Errors and limits
//
// Exhaustion is [ErrExhausted]; hard constraints that contradict each other
// are [ErrHardUnsat]; a timeout ([Options].Timeout) is an *[UnknownError];
// cancelling the context.Context interrupts Z3 and returns an error that
// wraps ctx.Err(), keeping what was proven so far so that a later call
// resumes. Weights and their total must stay below 2^31 (Z3's
// pseudo-Boolean coefficients are C ints).
//
// [ReadWCNF] and [WCNF.WriteTo] read and write the MaxSAT Evaluation's WCNF
// format (both the classic "p wcnf" header form and the 2022 form with "h"
// for hard clauses), so standard benchmark instances can be run and
// clausal problems exported. A Solver's own problem, which may contain
// bit-vectors and integers, is exported in SMT-LIB 2 by [Solver.SMTLIB];
// there is no conversion of such problems to WCNF (that would need
// bit-blasting).
//
// A Solver belongs to one goroutine; separate Solvers are independent and
// may run in parallel. Close releases Z3's memory (there are no
// finalizers); a Model is valid until its Solver is reset or closed.
//
// # Stability
//
// The exported API is stable (recorded in api/maxsat.txt; changes only by
// addition). Which MCS of equal cost comes first, and which model a
// check returns, are not: they follow Z3.
package maxsat
