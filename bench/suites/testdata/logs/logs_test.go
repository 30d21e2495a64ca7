package logs

import (
	"os"
	"path/filepath"
	"testing"
)

// TestProgramName logs the test binary's name, which go test derives
// from the import path without its major version.
func TestProgramName(t *testing.T) { t.Log(filepath.Base(os.Args[0])) }

// TestInvalidUTF8 logs bytes that are not valid UTF-8.
func TestInvalidUTF8(t *testing.T) { t.Log("codepoint U+D800: " + Surrogate) }
