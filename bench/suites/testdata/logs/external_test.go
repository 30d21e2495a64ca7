package logs_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExternalProgramName logs the test binary's name from the external
// test package, whose binary is the package's.
func TestExternalProgramName(t *testing.T) { t.Log(filepath.Base(os.Args[0])) }
