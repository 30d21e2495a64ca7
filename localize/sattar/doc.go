// Package sattar is SAT-TAR (Gopinath, Zaeem and Khurshid, ASE 2012)
// over a fuzz target, Go's parametrized test: its checks are the
// specification's constraints (one per call site of t.Error or t.Fatal),
// its seed corpus the initial suite, and [trace.Program.FuzzCase] runs a
// new input.
//
// The statements of a minimal unsat core of each violated check
// ([Cores], a MUS of the trace formula's fault predicates) are
// the suspects, with the statements the formula does not model (pointer
// assignments: a core can neither hold nor clear them); Tarantula's
// ranking of the lines under test is raised by one for each suspect.
// Test generation is concolic: the fuzz function's arguments are left
// free in the formula (encode.Options.Inputs), the failing run's
// decisions are negated one at a time with the prefix kept, and each
// round adds the generated test that covers the most suspects with
// coverage no test has, leaving out failing tests that violate checks
// the initial case does not (another fault). The paper's heuristics
// refine the suspects after a failing test and switch to coverage of the
// suspects when rounds stop moving their ratings; a callback can stop a
// session.
//
//	type       what it is
//	Options    the formulas' options, the functions under test, rounds
//	Run        one session from an initial failing seed: a Result
//	Result     the ranking, the cores, the tests added, each Round
//	Technique  a session as a [localize.Technique] and [localize.Scorer]
//
// Costs: one unsat core per violated check, then per round one solver
// call per negated decision of the run and one run per generated test.
// bench/satar/REPORT.md (go run ./bench/satar) compares it with Tarantula
// on random tests and with the core alone on the paper's linked list and
// binary search tree (examples/linkedlist, examples/bst).
//
// The exported API is stable (api/localize/sattar.txt); the reports'
// JSON field names are those of [localize.Report].
package sattar
