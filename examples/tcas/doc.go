// Package tcas is the TCAS program of the Siemens suite (SIR), ported to Go
// line for line, with its 41 faulty versions and its universe of 1608 tests:
// the field's shared yardstick for fault localization (AgxFaults, BugAssist,
// SNIPER, LocFaults and CFaults all report results on it).
//
// TCAS, the Traffic Collision Avoidance System, advises a pilot to climb or
// to descend when another aircraft comes too close. The program reads
// twelve integers (separations, altitudes, rates, the other aircraft's
// intent and equipment) and prints 0 (UNRESOLVED), 1 (UPWARD_RA) or 2
// (DOWNWARD_RA). The C original was read from the public repository
// meysamkhazaee/seimens_benchmark at its first commit (3073e8a9,
// tcas/source.alt/source.orig/tcas.c and versions.alt/versions.orig/vN);
// no C is part of this package.
//
// # The port
//
// tcas.go keeps tcas.c's functions, globals, constants and layout: every
// statement of tcas.c is on the same line number in tcas.go, so line-level
// results on the port compare with published ones ([CLine] is the map and
// lists its few exceptions). Where Go differs from C:
//
//   - C's "typedef int bool" flags are Go bools; main sets
//     High_Confidence, Two_of_Three_Reports_Valid and Climb_Inhibit to
//     whether their argument is non-zero, which is how C tests them.
//   - Every #define is a package-level variable, assigned by the function
//     defines on the #define's own line (10–13, 34–36, 39–40, 44–46), and
//     main calls defines at the start of every run. A fault in a #define
//     (v13, v14, v15, v36) is thus an executed, traced assignment that a
//     tool can report as a fix location, as the AgxFaults Java port does
//     with static fields. C's global declarations become comments in
//     defines and the variables are declared after line 173.
//   - Positive_RA_Alt_Thresh is a slice that defines allocates with length
//     4 on line 27, the line of C's declaration "int
//     Positive_RA_Alt_Thresh[4]". A Go array would reject the constant
//     out-of-range indices of v33 and v38 at compile time; with the slice
//     they compile and panic at run time, the Go counterpart of C's
//     undefined behaviour.
//   - C's conditional expression on line 63 is an if statement on lines
//     62–65; the unused local upward_crossing_situation is dropped (Go
//     rejects unused variables); argv is a []int (C's atoi is not ported);
//     fprintf and exit become the results of main: the advisory, or a
//     *[UsageError] carrying the usage message.
//   - C ints are 32 bits, Go's here 64: no input of the universe comes near
//     an overflow (the largest is under 10^4).
//
// The exported functions of tcas.c have doc comments on lines that hold
// braces or blanks in C (gofmt wants a blank line before a doc comment), so
// statements keep their lines: ALIM is a one-line function on line 58, its
// return statement's line in C, and the signatures of four functions sit one
// line below C's (see [CLine]). The functions read the globals, which [Main]
// sets.
//
// An Alt_Layer_Value outside 0..3 makes ALIM index the threshold array out
// of bounds. C reads past the array; the port panics with Go's runtime
// error, and that panic is the expected outcome of such a test, in the
// fault-free program too. 33 tests of the universe have such a layer; the
// fault-free program calls ALIM, and so panics, in 8 of them.
//
// [Main] runs the program on one test. [Universe] lists the tests,
// [Expected] their expected outcomes, and [Run] classifies a run as an
// [Outcome], recovering a panic.
//
// # The faulty versions
//
// The 41 versions are written once, as [Edit]s of the fault-free tcas.go
// (the table in versions.go, shown whole in testdata/versions.golden), and
// applied when asked for: [Version.Source] returns a version's tcas.go and
// [Version.Overlay] or [FaultyVersion] a go/packages overlay that replaces
// this package's tcas.go, so that a tool loads the version with
// packages.Config.Overlay (or go build -overlay) instead of 41 copied
// packages. Comment-only changes of SIR's files (notes in v1–v11, header
// lines of v12, v39, v40, v41) are not reproduced.
//
// [Version.FailingTests] lists the tests that fail on a version, as
// measured natively (testdata/fault_matrix_go.tsv).
//
// A version's ground truth, [Version.FaultyLines], is the set of lines of
// its tcas.go that an edit changed or inserted and that still hold code:
//
//   - a version keeps the fault-free line numbers, except after a line
//     inserted by v31 or v32 (each inserts two statements); code that a
//     version deletes leaves an empty line, so nothing else moves;
//   - for a #define (v13, v14, v15, v36), the line of the assignment in
//     defines; for v38 (array size), line 27, where the array is made;
//   - for an omission (v5, v11, v15, v26, v27, v29, v30, v31, v32, v40,
//     v41), the line from which code is missing, or the statement that
//     stands in the place of the deleted code: v11's "if need_upward_RA {"
//     (line 128) for its removed branch, and line 63 for v29 and v30,
//     whose whole conditional is replaced by one of its values;
//   - v35 swaps the two values of C's line 63, and so has two faulty lines
//     in Go (63 and 65).
//
// # Checks
//
// go test ./examples/tcas (a few seconds) runs the fault-free port on the
// universe and compares it with the C program's outputs; type-checks the 41
// versions and checks their edits against testdata/faults.tsv; checks that
// every faulty line holds an SSA instruction when built in ssa.NaiveForm
// (in the default lifted form v11's line 128 and v34's line 124 hold none);
// loads a version through go/packages with its overlay; and builds the port
// and the 41 versions into one program in a temporary module (one go
// build) that runs the universe on each. The failing tests of every version
// equal SIR's fault matrix and those of a gcc-12 rebuild on all in-bounds
// tests, except v33 and v38, whose every run panics in Go. DIFFERENCES.md
// lists every difference, out-of-bounds tests included; its table is
// generated by the test.
//
// The package's initializer does nothing (no package-level variable has an
// initializer), so a traced run of [Main] starts with Main itself.
// [Universe], [Expected] and [Version.FailingTests] read files embedded
// with //go:embed, which an interpreter must provide to run them.
//
// The universe as a Go test suite, TestTCAS, is built with the tag
// "faultloc" (see [github.com/faultloc/faultloc/examples]): it passes on the
// fault-free port and fails on a version, for example
//
//	go test -tags faultloc -overlay overlay.json -run TestTCAS ./examples/tcas
//
// with an overlay.json of the form {"Replace": {"<dir>/tcas.go": "<a file
// holding the version's source>"}}; TestTCASUnderOverlay runs that command
// on v4 and finds exactly the version's failing tests.
package tcas
