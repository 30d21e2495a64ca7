package maxsat

import "github.com/faultloc/faultloc/internal/z3"

// NoSolverError is the error of [NewSolver] in a build without cgo
// (CGO_ENABLED=0): the solver is libz3, called through cgo, so such a
// build has none. The packages built on maxsat (encode, the techniques
// of localize) return it wrapped; errors.As finds it.
type NoSolverError struct{}

// Error says that this build has no solver and why.
func (*NoSolverError) Error() string {
	return "maxsat: this build has no solver: it was built without cgo (CGO_ENABLED=0), so without libz3"
}

// Available reports whether this build has the solver: false in a build
// without cgo, where [NewSolver] returns a *[NoSolverError].
func Available() bool { return z3.Available() }
