package interp_test

// The go test methods of Program (RunGoTest, ListTests...) call the
// emulation of go test, package testrun, and some stand-ins of functions
// (testify's assertions, math/rand/v2's
// generators, faultloctest's helper) are package bridge's: both register
// themselves when they are linked in, and this test binary links them for
// the tests of package interp.
import (
	_ "github.com/faultloc/faultloc/trace/internal/bridge"
	_ "github.com/faultloc/faultloc/trace/internal/testrun"
)
