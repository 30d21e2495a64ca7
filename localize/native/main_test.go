package native

import (
	"os"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain makes the tests share identical test binaries
// (nativetest.ShareBuilds): several collect the same subject natively
// (nativeonly three times, plumbing twice).
func TestMain(m *testing.M) { os.Exit(nativetest.RunSharingBuilds(m)) }
