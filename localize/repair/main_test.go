package repair

import (
	"os"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain makes the tests share identical test binaries
// (nativetest.ShareBuilds): several repair the same subject, and
// validation builds the same patches again.
func TestMain(m *testing.M) { os.Exit(nativetest.RunSharingBuilds(m)) }
