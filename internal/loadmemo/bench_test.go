package loadmemo

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// benchModule makes a module of 200 directories of 10 files each, about
// the size of faultloc's own.
func benchModule(b *testing.B) string {
	b.Helper()
	root := filepath.Join(b.TempDir(), "m")
	for d := range 200 {
		dir := filepath.Join(root, fmt.Sprintf("p%d", d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 10 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.go", f)), []byte("package p\n"), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	return root
}

// BenchmarkStamp walks the module: what every Get cost before its stamp
// was kept.
func BenchmarkStamp(b *testing.B) {
	root := benchModule(b)
	for b.Loop() {
		if _, ok := Stamp(root); !ok {
			b.Fatal("no stamp")
		}
	}
}

// BenchmarkGetKept is a Get of a kept load of the module, unchanged.
func BenchmarkGetKept(b *testing.B) {
	root := benchModule(b)
	var m Memo[int]
	in := Inputs{Dir: root, Env: []string{}, Patterns: []string{"./..."}}
	loads := 0
	for b.Loop() {
		if _, err := m.Get(in, func(string) (int, bool, error) { loads++; return loads, true, nil }); err != nil {
			b.Fatal(err)
		}
	}
	if loads != 1 {
		b.Fatalf("%d loads, want 1", loads)
	}
}
