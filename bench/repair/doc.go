// Command repair evaluates repair.Repair (package localize/repair,
// `faultloc repair`) on TCAS, the Siemens suite's benchmark ported in
// examples/tcas, and on the historical bugs of bench/realbugs, and
// writes a Markdown report that names the command that made it.
//
// Usage, from the module root:
//
//	go run ./bench/repair [-kinds tcas,historical] [-versions 1-41]
//		[-bugs name,...] [-failing N] [-passing N] [-inputs N] [-seed S]
//		[-timeout D] [-max-sites N] [-max-patches N] [-no-schema] [-arith int|bv]
//		[-out FILE] [-keep DIR] [-results DIR] [-v] [-show]
//
// Each subject is a package with a fault and its whole test suite:
//
//   - a TCAS version is a package generated in a temporary module: the
//     version's tcas.go and a test file with one test per test of the
//     universe (TestT1 to TestT1608), each wanting the fault-free port's
//     outcome (its output, the usage error, or the index panic of the
//     eight out-of-bounds tests where the port calls ALIM). The
//     reference fix is the fault-free tcas.go;
//   - a historical bug is its library's release, fetched into a
//     temporary directory, with the bug put back (bench/internal/
//     historical); the reference fix is the release's file, the tests
//     the package's own.
//
// Repair takes as evidence, run in the interpreter, a seeded sample of
// the version's failing tests (-failing) and of its passing tests
// (-passing) for TCAS, and the bug's test functions (all their
// subtests) for a historical bug. It validates the patches it ranks
// first on the package's whole test suite, natively: ten times
// -max-patches screened in one build (a patch schema), and up to
// -max-patches by builds of their own, those that pass in the schema
// first (-no-schema: the first -max-patches, each by its own build).
//
// A patch is plausible when the whole suite passes on it (repair's
// Validation.Plausible). A plausible patch is correct when it is the
// reference fix: the same syntax tree as the reference file (comments and
// layout aside); or the same bound: the trees differ only in integer
// comparisons with a constant, each holding for the same integers in
// both (`len(v) > 1` for `len(v) >= 2`: the same operand's tree, of an
// integer type, and the same constant once `a > k` is read `a >= k+1`
// and `a < k` `a <= k-1`, as the type checker sees both files; since the
// patch is plausible, the upstream fix's own tests pass on it); or, for
// TCAS, the same outcome as the fault-free port
// on -inputs generated inputs (each of the twelve inputs drawn from the
// values the universe gives it or uniformly between their least and
// greatest, and in one input of three one input set to another's value
// or one off, seeded), run natively as one more test laid over the package
// with the patch. The historical bugs have no input generator: a
// plausible patch that is neither the release's file's syntax tree nor
// the same bound is listed (its line, the source replaced, the replacement), not counted
// correct. The check of every subject begins with the reference fix
// itself laid over the package: the report says whether the whole suite
// passes on it (when it does not, no patch can be plausible).
//
// Mutation-only repair is the same run's patches that mutation analysis
// proposed (localize/mutation's plausible fixes on the repair sites'
// lines, with its repair operators), ranked among themselves in the
// run's order: the baseline the issue asks for.
//
// The report gives a row per subject (the evidence, the sites, the
// patches validated, the rank of the first plausible and of the first
// correct patch, mutation-only's, the time of the repair), the totals
// against the goals (TCAS: a plausible patch for 60% of the
// versions, a correct one for 40%; historical bugs: a correct patch in
// the top 3 for 30%), and the patches found correct or plausible. It
// holds no date and no commit: the command line and the Go version say
// how it was made.
//
// -results DIR keeps each subject's row in DIR (one JSON file a
// subject, written when the subject ends, with the command line and
// the one-minute load of its run) and takes the rows DIR holds instead
// of repairing those subjects again: a run stopped part way resumes
// where it stopped, runs of subsets (-bugs, -versions) merge, and the
// report of them all is one more run over every subject. The report
// says which rows were read and how they were made. A historical bug's
// release is fetched and checked when its turn comes, so a kept row
// costs no fetch. Delete a row's file to repair its subject again.
//
// The historical mode's bound is -timeout 45s, chosen so that the 60
// bugs take about an hour on two cores: each bug costs, besides its
// repair, its release's fetch and checks (the bug's test passes as
// released and fails with the bug put back) and the reference fix's
// run of the whole suite; the -v line of each subject gives both
// times. Measured on every fourth bug at nice 19 under a one-minute
// load of 10 to 21 with -timeout 60s: the three correct patches in the
// top 3 came from repairs of 34 s and 60 s (cut), and a subject's
// fetch and checks took 9 to 46 s. A quiet machine gives a repair of
// 45 s more CPU than those loaded repairs of 60 s had; the fetch and
// checks were not measured quietly. So, with -results to resume:
//
//	go run ./bench/repair -kinds historical -timeout 45s -results /tmp/repair-hist -v
//
// A full run is slow (minutes per subject): it is a command, not a
// test. Its test runs one TCAS version, skipped under -short.
package main
