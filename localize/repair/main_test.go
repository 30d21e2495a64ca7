package repair

import (
	"flag"
	"os"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain makes the tests share identical test binaries
// (nativetest.ShareBuilds): several repair the same subject, and
// validation builds the same patches again.
func TestMain(m *testing.M) {
	flag.Parse()
	stop := nativetest.ShareBuilds()
	code := m.Run()
	stop()
	os.Exit(code)
}
