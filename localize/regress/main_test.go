package regress

import (
	"os"
	"testing"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// TestMain makes the tests share identical test binaries
// (nativetest.ShareBuilds): native trials of the same versions recur
// across tests (one at a time and in parallel, with and without
// pruning).
func TestMain(m *testing.M) { os.Exit(nativetest.RunSharingBuilds(m)) }
