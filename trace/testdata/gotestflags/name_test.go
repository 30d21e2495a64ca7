package gotestflags_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// TestProgramName logs the program's name, which go test gives the test
// binary of the package, from an external test package too.
func TestProgramName(t *testing.T) {
	t.Log(filepath.Base(os.Args[0]), filepath.Base(flag.CommandLine.Name()))
}
