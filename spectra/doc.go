// Package spectra is spectrum-based fault localization: it ranks program
// elements by how often failing and passing tests execute them.
//
// # The model
//
// A [Matrix] is a coverage matrix: one row per test case, one column per
// program element (a source line by default; also a coverage block, a
// function, or an SSA instruction — see [Kind]), one bit per cell, and the
// outcome of every test. Tests are added one at a time ([Matrix.Add]), as
// SAT-TAR's feedback loop needs, and the four counters of every element
// are kept current: ef and ep, the failing and passing tests that executed
// it, and nf and np, those that did not ([Counts]).
//
// # Formulas
//
// A formula is a plain function of (ef, ep, nf, np) ([Func]). The package
// has 23 of them — [Tarantula] (with [TarantulaConfidence]), [Ochiai],
// [Ochiai2], [DStar] (any exponent; "dstar" is D²), [Op2], [Naish1],
// [Jaccard], [Barinel], [Kulczynski2], [Anderberg], [SorensenDice], [Dice],
// [RussellRao], [RogersTanimoto], [SimpleMatching], [Hamann], [SBI],
// [Wong1], [Wong2], [Wong3], [Zoltar], [Ample] and [GP13] — each total:
// where a definition divides by zero the function returns a documented
// value. In particular D* returns +Inf for an element that every failing
// test and no passing test executed (ep + nf = 0), so that element ranks
// first rather than last. [Lookup] finds a formula by name; a [Formula]
// with a caller's own [Func] works everywhere a built-in one does.
//
// # Ranking
//
// [Matrix.Rank] orders the elements by decreasing score, then by
// decreasing confidence where the formula has one (SAT-TAR's secondary
// key), then in a fixed element order, and gives tied elements one rank by
// a named policy ([Ties]): Worst (the default; SAT-TAR's rank, the number
// of elements to examine, inclusive, when ties go against you), Best, or
// Average. [Ranking.Exam] is the EXAM score of a ranking for known faulty
// elements. [Options.Suspects] adds SAT-TAR's unsat-core boost: a bonus on
// the score of every element of a suspect set. [Matrix.Quality] measures
// the matrix itself (density, diversity, uniqueness: DDU) and
// [Matrix.AmbiguityGroups] lists the elements no formula can tell apart.
//
// Ranking costs O(E log E) for E elements whatever the number of tests;
// bench_test.go measures ranking and building the matrix on seeded
// synthetic suites, and native collection on an example subject.
//
// # Coverage sources
//
// A [Source] fills a [Sink] (a Matrix is one) with test cases and the
// elements they executed. [GoTest] runs the tests of any Go package
// natively: it builds the test binary once with coverage instrumentation,
// discovers the test cases (subtests and examples each their own case) and
// runs the binary once per case to record that case's coverage, in
// parallel for tests that call t.Parallel ([GoTest].Progress gives the
// cases done so far while it runs). Coverage blocks are mapped to
// the source lines of the statements they hold, so the elements are the
// package's executable lines, executed or not. [Runs] turns ready-made
// coverage into a source.
//
// [Traces] is the source over faultloc's interpreter ([trace]): one test
// case per interpreted test. Its line elements leave out package
// initializers and function headers, as go test -cover does, so that on
// every case of the example subjects the interpreted and the native run
// execute the same lines (TestTraceMatchesNative), and so do the cases of
// a real package's suite, github.com/agnivade/levenshtein, except for the
// lines of break, continue and goto statements, which traces never show:
// they are SSA jumps without a position (TestTraceMatchesNativeRealPackage).
// Instruction elements come only from the interpreter. Its runs record
// only what they cover ([trace.RunOptions].CoverOnly), not traces:
// [CoveredElements] gives the elements [TraceElements] would.
//
// # Outputs
//
// [Ranking.WriteText] prints "file:line: score rank" lines like go vet;
// [Ranking.WriteJSON] writes the whole ranking with counters; and
// [WriteGZoltar] writes GZoltar's matrix.txt, spectra.csv, tests.csv and
// <formula>.ranking.csv, so the Java tool's scripts read our results.
//
// The command `faultloc spectra` wraps all this for a package.
//
// # Limits
//
//   - Native collection starts one process per test case: milliseconds a
//     case on top of the test's own time, plus one build of the test
//     binary. A subtest's process runs its parent test too, all of it but
//     the other subtests: a table test whose parent does much work before
//     its t.Run calls (loads and checks a whole corpus, say) pays it once
//     per subtest. Only t.Parallel cases and fuzz seeds run concurrently.
//   - A case's coverage is lost (the case is named in [GoTestStats].Lost)
//     when its binary dies in a way no cleanup sees: os.Exit, a panic in a
//     goroutine the test started, a fatal error such as a stack overflow,
//     a timeout; or any crash in a package of the module cache, where the
//     go command forbids the overlay that adds the cleanups. A passing
//     case so lost is left out; a failing one is kept, failing and
//     covering nothing.
//   - Discovery finds the subtests after a crashing subtest one level deep
//     only; a subtest whose own name contains "/" cannot be selected alone.
//   - A line holds one element whatever it contains, so a line with two
//     statements (a switch case and its body on one line) counts as
//     executed if either ran. Lines are those of statements; package-level
//     variable initializers are not measured.
//   - Flaky tests make spectra flaky: leave them out with [GoTest].Skip.
//   - The Traces source runs tests given as data ([trace.Test]), not a
//     package's TestXxx functions (trace's Program.RunGoTest runs those,
//     and [CoveredCodeElements] turns a run's coverage into elements). Its
//     line coverage lacks break, continue and goto lines (see above), and
//     it fails where the interpreter does (an unsupported construct, a
//     function the bridge lacks).
//
// # Stability
//
// The exported API is stable (recorded in api/spectra.txt; changes only by
// addition), as are the formulas' definitions and the GZoltar file formats.
package spectra
