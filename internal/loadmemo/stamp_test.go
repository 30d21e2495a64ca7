package loadmemo

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestChangeSeen: a Get after a change under the module loads again,
// whatever the change, even one made right after the previous Get (on
// Linux, where a stamp is kept while no watched directory has an event,
// the watch must report it); a Get after none reuses the load, and on
// Linux takes no walk.
func TestChangeSeen(t *testing.T) {
	write := func(path, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	changes := []struct {
		name   string
		change func(root string) error
	}{
		{"file edited", func(root string) error { write(filepath.Join(root, "a.go"), "package a // edited\n"); return nil }},
		{"file edited in a subdirectory", func(root string) error {
			write(filepath.Join(root, "sub", "deep", "b.go"), "package deep // edited\n")
			return nil
		}},
		{"file added", func(root string) error { write(filepath.Join(root, "c.go"), "package a\n"); return nil }},
		{"directory added", func(root string) error { write(filepath.Join(root, "new", "d.go"), "package d\n"); return nil }},
		{"file removed", func(root string) error { return os.Remove(filepath.Join(root, "sub", "deep", "b.go")) }},
		{"file renamed", func(root string) error {
			return os.Rename(filepath.Join(root, "a.go"), filepath.Join(root, "sub", "a.go"))
		}},
		{"mode changed", func(root string) error { return os.Chmod(filepath.Join(root, "sub", "a.go"), 0o600) }},
		{"time set", func(root string) error {
			return os.Chtimes(filepath.Join(root, "sub", "a.go"), time.Time{}, time.Unix(1e9, 0))
		}},
		{"directory removed", func(root string) error { return os.RemoveAll(filepath.Join(root, "sub")) }},
		{"go.mod edited", func(root string) error {
			write(filepath.Join(root, "go.mod"), "module example.com/m\n\ngo 1.23\n")
			return nil
		}},
	}
	root := module(t, "module example.com/m\n\ngo 1.22\n", "")
	write(filepath.Join(root, "a.go"), "package a\n")
	write(filepath.Join(root, "sub", "deep", "b.go"), "package deep\n")
	var m Memo[int]
	in := Inputs{Dir: root, Env: []string{}, Patterns: []string{"./..."}}
	loads := 0
	get := func() int {
		t.Helper()
		v, err := m.Get(in, func(string) (int, bool, error) { loads++; return loads, true, nil })
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	walks := func() int {
		watcher.mu.Lock()
		defer watcher.mu.Unlock()
		return watcher.walks
	}
	last := get()
	for _, c := range changes {
		w := walks()
		if v := get(); v != last {
			t.Errorf("before %s: Get = load %d, want the kept load %d", c.name, v, last)
		}
		if runtime.GOOS == "linux" && walks() != w {
			t.Errorf("before %s: a Get with nothing changed walked the module", c.name)
		}
		if err := c.change(root); err != nil {
			t.Fatal(err)
		}
		if v := get(); v == last {
			t.Errorf("%s: Get reused load %d", c.name, v)
		}
		if kept, ok := moduleStamp(root); !ok || kept != mustStamp(t, root) {
			t.Errorf("%s: the kept stamp (%v) is not the walk's", c.name, ok)
		}
		last = loads
	}
}

func mustStamp(t *testing.T, root string) [32]byte {
	t.Helper()
	s, ok := Stamp(root)
	if !ok {
		t.Fatalf("no stamp of %s", root)
	}
	return s
}
