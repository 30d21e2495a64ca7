package spectra

import (
	"os"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain makes the tests share identical test binaries
// (nativetest.ShareBuilds): several collect the same package with other
// options (kind, -run, Select, First, workers).
func TestMain(m *testing.M) { os.Exit(nativetest.RunSharingBuilds(m)) }
