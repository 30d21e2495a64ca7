//go:build !cgo

package faultloctest

import (
	"context"
	"errors"

	"github.com/faultloc/faultloc/trace"
)

// withSolver is true when the helper can compute fix candidates.
const withSolver = false

// candidates needs the solver, which needs cgo and libz3: without cgo the
// helper says so instead.
func candidates(ctx context.Context, prog *trace.Program, pkgPath, name string, c config) (*found, error) {
	return nil, errors.New("faultloctest was built without cgo (CGO_ENABLED=0); fix candidates need cgo and libz3")
}
