package testrun

// The stand-ins of package bridge (testify's assertions, math/rand/v2's
// generators, faultloctest's helper) register themselves with interp when
// they are linked in: package trace links them, and this test binary too,
// for the real packages and test data that call them.
import _ "github.com/faultloc/faultloc/trace/internal/bridge"
