package gomod

import (
	"os"
	"path/filepath"
)

// Root returns the directory of the nearest go.mod file at or above dir
// (a regular file; a directory named go.mod does not count) and true, or
// "" and false when no directory up to the file system's root has one.
// dir is used as given: a relative dir gives a relative root.
func Root(dir string) (string, bool) {
	for d := filepath.Clean(dir); ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && st.Mode().IsRegular() {
			return d, true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}
