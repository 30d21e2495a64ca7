package udiff

import (
	"path/filepath"
	"testing"
)

// TestUnified checks the diff of one changed run of lines.
func TestUnified(t *testing.T) {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
	want := "--- a/f.go\n+++ b/f.go\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got := Unified("f.go", []byte(a), []byte(b)); got != want {
		t.Errorf("unified:\n%s\nwant:\n%s", got, want)
	}
	if got := Unified("f.go", []byte(a), []byte(a)); got != "" {
		t.Errorf("unified of equal files: %q, want none", got)
	}
	// At the start of a file, without a final newline.
	want = "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n-x\n+y\n z\n"
	if got := Unified("f.go", []byte("x\nz"), []byte("y\nz")); got != want {
		t.Errorf("unified at the start:\n%s\nwant:\n%s", got, want)
	}
}

// TestRename checks that a diff's header names the file given.
func TestRename(t *testing.T) {
	d := Unified("f.go", []byte("x\n"), []byte("y\n"))
	want := "--- a/pkg/f.go\n+++ b/pkg/f.go\n@@ -1,1 +1,1 @@\n-x\n+y\n"
	if got := Rename(d, "/abs/pkg/f.go", filepath.Join("pkg", "f.go")); got != want {
		t.Errorf("Rename:\n%s\nwant:\n%s", got, want)
	}
}
