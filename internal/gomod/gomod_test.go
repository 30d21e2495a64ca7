package gomod

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRoot(t *testing.T) {
	tmp := t.TempDir()
	mkdir := func(p string) {
		if err := os.MkdirAll(filepath.Join(tmp, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(filepath.Join(tmp, p), []byte("module m\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mkdir("mod/a/b")
	write("mod/go.mod")
	mkdir("mod/a/inner/c")
	write("mod/a/inner/go.mod")
	mkdir("nomod/go.mod") // a directory named go.mod is no module
	mkdir("nomod/x")

	tests := []struct {
		dir    string
		root   string
		exists bool
	}{
		{"mod", "mod", true},
		{"mod/a/b", "mod", true},
		{"mod/a/b/", "mod", true},
		{"mod/a/inner/c", "mod/a/inner", true},
		{"mod/a/inner", "mod/a/inner", true},
		{"nomod/x", "", false},
		{"nomod", "", false},
	}
	for _, tt := range tests {
		got, ok := Root(filepath.Join(tmp, tt.dir))
		want := ""
		if tt.exists {
			want = filepath.Join(tmp, tt.root)
		}
		if got != want || ok != tt.exists {
			t.Errorf("Root(%s) = %q, %v; want %q, %v", tt.dir, got, ok, want, tt.exists)
		}
	}
}
