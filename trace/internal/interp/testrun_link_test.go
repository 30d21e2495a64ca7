package interp_test

// The go test methods of Program (RunGoTest, ListTests...) call the
// emulation of go test, package testrun, which registers itself when it
// is linked in: this test binary links it for the tests of package
// interp that run go tests.
import _ "github.com/faultloc/faultloc/trace/internal/testrun"
