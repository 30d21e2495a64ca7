// Package agx is AgxFaults (Pham et al., Appl. Sci. 2021, Algorithm 1):
// incremental fix localization with an angelic trace formula and a
// core-guided MaxSMT solver.
//
// [Localize] runs the failing case under
// [github.com/faultloc/faultloc/trace], encodes the run with
// [github.com/faultloc/faultloc/encode] (one fault predicate per
// statement), and enumerates minimal correction sets with the incremental
// MaxSMT solver of [github.com/faultloc/faultloc/maxsat]. Each correction
// set is decoded into a fix candidate (statements and the angelic values
// that make the case pass) and replayed through trace's hooks: a
// candidate is Verified only if the re-run passes. When a replay leaves
// the paths encoded so far, the re-run is added to the formula
// (refinement) and the solver asked again. [Options] select the PF, FS
// and FI encodings, bounds on candidate size, count and refinements, the
// arithmetic, and restrictions of blame (to the failure's slice, to the
// first failed check, to a caller's lines); [Hooks] replace the solver,
// the encoder or the choice of a model.
//
// The oracle is the case's own: a go test case's failed assertions (or
// its first failed check, Options.FirstFailure); a failing Example's
// output comment, read back line by line into the values its print calls'
// arguments must have; a test given as data's expected results; a panic,
// whose condition is encoded when the panicking instruction is modelled
// (an index or slice bound, a division) and whose path is avoided
// otherwise; a run that exhausts its step budget or calls os.Exit, whose
// last step is avoided. A failing case with none of these gives
// [localize.ErrNoOracle], with the reason.
//
//	name          what it is
//	Localize      AgxFaults on one failing case: a localize.Report
//	Options       the encoding, bounds, arithmetic, scope of blame
//	Hooks         a caller's own solver, encoder or model choice
//	Engine        the Z3 engine the checks run on
//	Technique     Localize as a localize.Technique, named by its mode
//	NewCandidate  a caller's own correction set as a report's candidate
//
// Costs: one run per candidate replayed and per refinement, and solver
// calls that grow with the run's length (the formula holds every executed
// instance in scope); Options' bounds and a context deadline keep a search
// within a budget, which then ends with a partial report.
// bench/scaling/REPORT.md (go run ./bench/scaling) and
// bench/results/tcas-bv.md (go run ./bench/tcas) hold the figures.
//
// The exported API is stable (api/localize/agx.txt); the reports' JSON
// field names are those of [localize.Report].
package agx
