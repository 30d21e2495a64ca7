// Command tcas evaluates agx.Localize on TCAS, the Siemens suite's
// benchmark ported in examples/tcas, and compares it with the
// AgxFaults paper's results (issue 8, "The evaluation").
//
// Usage, from the module root:
//
//	go run ./bench/tcas [-versions 1,5-9] [-modes agx,pf,fs,fi]
//		[-sample N | -all] [-seed S] [-oob] [-timeout D] [-maxsize K]
//		[-arith bv|int] [-j N] [-o bench/results/tcas.md] [-csv bench/results/tcas.csv]
//		[-tiebreak ochiai,tarantula,...] [-flex N] [-v] [-show] [-cpuprofile FILE]
//
// For each faulty version (by default 1–41 without v33 and v38, which the
// paper drops too: array-bound faults, undefined behaviour in C and a panic
// in every Go run), the command loads the version through its go/packages
// overlay (tcas.FaultyVersion), selects its eligible failing tests (all of
// them with -all, or a seeded sample of -sample per version), and runs
// AgxFaults on each in every mode (agx: the angelic trace formula; pf: the
// program formula; fs, fi: the flow-sensitive and flow-insensitive
// single-path formulas) with a per-run timeout. The test's function is
// tcas.Advisory, an entry with twelve int inputs and an int result (the
// oracle of localize must be integer or Boolean results); only the port's
// functions in tcas.go can be blamed.
//
// Each run is scored against the version's ground truth (its faulty lines):
// whether some fix candidate lies on faulty lines only (the paper's
// "correct fault location"), whether such a candidate is verified ("correct
// fix localization"), whether a verified candidate contains a faulty line,
// the EXAM score (rank of the best-ranked faulty line over the executable
// lines of tcas.go; and its expectation when candidates that tie on
// localize's ranking keys are read in a random order rather than by
// position, see tieRank), the numbers of candidates and suspicious lines, and
// the solving and total times. With -tiebreak, the same reports are also
// scored with their tied candidates reordered by other evidence
// (localize.Report.Rerank; see tiePolicy): Ochiai or Tarantula over the
// whole universe, the version's other failing tests, mutation analysis of
// the candidates' lines over the universe (Metallaxis, MUSE:
// mutation.Analyze, once per version; see mutationScores), or signals of
// the failing test alone; each is labelled in the report with the
// information it uses. With -flex N, angelic debugging's flexibility test
// (angelic.FlexTest) runs on every run's candidates with N passing tests
// of the universe per version (a seeded sample), and the report counts
// the candidates it inhibits, those holding a faulty line, and the EXAM
// with the inhibited ones demoted or removed, with its solver search (the
// default) and with the values tried alone (see flexScores). The report
// (default bench/results/tcas.md)
// gives the totals per mode beside the paper's figures, a row per version,
// the runs that miss, the failing tests left out and why, and exactly how
// it was made; the CSV has one row per run. Both are generated: rerun the
// command rather than editing them. The report's Definitions section states
// every criterion.
//
// The defaults are -sample 3, -maxsize 1, -timeout 1m and all four modes;
// each committed report names the exact command that made it (see
// bench/tcas/README.md). -v prints each run's score as it ends and -show
// each report's candidates, on stderr. -arith int encodes integers as
// unbounded integers (agx.Options.Arith): about three times less
// solver time on TCAS, whose arithmetic never wraps, and every candidate is
// still verified by re-running the test in Go's semantics.
//
// The default size bound is 1 because larger candidates are costly: on
// this 2-core machine, shared, agx with -maxsize 3 reached a
// 2-minute timeout on 4 of 25 versions tried (one test each) while
// enumerating size-2 candidates, most of which fail verification and
// refine the formula; candidates are enumerated by increasing size, so a
// larger bound only adds to what -maxsize 1 reports, and a timeout then
// dominates the times compared between modes.
//
// With -diagnose the command instead diagnoses each version's failing
// tests together (diagnose.Run) and writes
// bench/results/tcas-diagnosis.md, comparing with the single-test runs
// of bench/results/tcas.csv and CFaults' figures (see README.md and
// diagnose.go); with -consistent as well, whether each diagnosis is one
// fix (bench/results/tcas-diagnosis-consistent.md).
//
// The evaluation is slow (seconds per run and mode), so it is a command,
// not a test; the package's tests run it in miniature on two versions.
package main
