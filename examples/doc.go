// Package examples holds the subject programs of faultloc: small buggy Go
// programs taken from the fault-localization literature, each in its own
// package with its known fault marked in the source by a "//fault:" comment
// and its test cases exported as data.
//
// Subjects:
//
//   - [github.com/faultloc/faultloc/examples/triangle]: the triangle classifier
//     of the angelic-debugging paper (Chandra et al., Figure 1, Table 1).
//   - [github.com/faultloc/faultloc/examples/zune]: the Zune year-from-days bug
//     of the same paper (Figure 5, Table 3).
//   - [github.com/faultloc/faultloc/examples/foo]: the running example of the
//     AgxFaults paper (section 2.1), reconstructed so that it has exactly the
//     paper's five minimal fix candidates.
//   - [github.com/faultloc/faultloc/examples/max3]: the running example of the
//     AFTER regression-explanation paper (section III): a correct and a buggy
//     revision of max-of-three separated by four changes c1–c4.
//   - [github.com/faultloc/faultloc/examples/chops]: a subject for
//     failure-inducing chops (a string input, two outputs, the fault affects
//     one), in the spirit of the chops paper's example.
//   - [github.com/faultloc/faultloc/examples/loops]: loop subjects (sum,
//     integer square root, binary search) with seeded faults, for the
//     scaling experiments where the loop-unwinding bound grows with the input.
//   - [github.com/faultloc/faultloc/examples/linkedlist] and
//     [github.com/faultloc/faultloc/examples/bst]: the SAT-TAR paper's
//     linked list (Delete) and binary search tree (Add), correct, with
//     the specification as a fuzz target (FuzzDelete, FuzzAdd) and the
//     paper's faults as edits ([Edit]) applied alone or together through
//     overlays (their Version functions); their tests pass as they are.
//   - [github.com/faultloc/faultloc/examples/tax]: two failing tests that
//     see one fault through different functions, so that each alone has
//     its own fix candidates and only the fault explains both: the subject
//     of multi-test diagnosis (diagnose.Run).
//   - [github.com/faultloc/faultloc/examples/tcas]: the Siemens suite's TCAS
//     program ported to Go line for line, with its 41 faulty versions as
//     edits applied through go/packages overlays, and its test universe.
//
// Each subject's test file with failing cases carries the build
// constraint "faultloc", because those cases fail by design. `go test ./...` therefore does not run
// them, while faultloc loads them with that tag set (see [Tag]). The
// package's Cases variable holds the same cases as data, so other packages
// (for example trace's differential tests) can run them natively and
// interpreted.
//
// # Stability
//
// FaultLines, Fault, Tag, FaultMarker, Edit, ApplyEdits and EditOverlay
// are stable. The subjects'
// programs are stable in their faulty lines; their Cases may gain entries.
package examples

// Tag is the build tag under which the subjects' failing-by-design tests are
// compiled. Tools that load a subject with its tests pass "-tags=" + Tag.
const Tag = "faultloc"

// FaultMarker is the comment prefix that marks a subject's known faulty line,
// for example "//fault: should be 2*x". Tests read it with [FaultLines].
const FaultMarker = "//fault:"
