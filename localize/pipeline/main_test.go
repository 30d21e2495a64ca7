package pipeline

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain runs twice as many parallel tests at once as go test's
// default (-parallel GOMAXPROCS) on a machine of fewer than four CPUs,
// unless -parallel or -short is given: many of the package's tests wait
// most of their time for a bound (a technique or a native run that
// stalls, a case cut at its share), and on two CPUs two of them waiting
// left both idle. -short, as .ci/run's race detector runs it, keeps the
// default. The tests share identical test binaries
// (nativetest.ShareBuilds): several run the same subject natively.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if n := runtime.GOMAXPROCS(0); !given && !testing.Short() && n < 4 {
		flag.Set("test.parallel", strconv.Itoa(2*n))
	}
	os.Exit(nativetest.RunSharingBuilds(m))
}
