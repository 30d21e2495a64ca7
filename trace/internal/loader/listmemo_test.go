package loader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/tools/go/ssa"
)

// TestListMemo: Load lists a program once for loads of the same inputs,
// and again when the overlay, the flags or a source file changes; every
// load sees the source it was given.
func TestListMemo(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	m := filepath.Join(dir, "m.go")
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := func(c string) string { return "package m\n\nconst C = " + c + "\n\nfunc F() int { return C }\n" }
	write("go.mod", "module example.com/listmemo\n\ngo 1.22\n")
	write("m.go", src("1"))
	var lists atomic.Int32
	listHook = func() { lists.Add(1) }
	defer func() { listHook = nil }()
	steps := []struct {
		name  string
		cfg   Config
		edit  func()
		lists int32
		c     string // the value of C the load must see
	}{
		{"first", Config{Dir: dir}, nil, 1, "1"},
		{"same", Config{Dir: dir}, nil, 1, "1"},
		// An overlay changing a target's body reuses the listing
		// without it (overlay.go); one changing its imports lists.
		{"overlay", Config{Dir: dir, Overlay: map[string][]byte{m: []byte(src("2"))}}, nil, 1, "2"},
		{"same overlay", Config{Dir: dir, Overlay: map[string][]byte{m: []byte(src("2"))}}, nil, 1, "2"},
		{"overlay changed", Config{Dir: dir, Overlay: map[string][]byte{m: []byte(src("3"))}}, nil, 1, "3"},
		{"overlay importing", Config{Dir: dir, Overlay: map[string][]byte{m: []byte(strings.Replace(src("6"), "\n\n", "\n\nimport _ \"strings\"\n\n", 1))}}, nil, 2, "6"},
		{"flags", Config{Dir: dir, BuildFlags: []string{"-tags=x"}}, nil, 3, "1"},
		{"source changed", Config{Dir: dir}, func() {
			// Same size, a later modification time.
			write("m.go", src("4"))
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(m, later, later); err != nil {
				t.Fatal(err)
			}
		}, 4, "4"},
		{"file added", Config{Dir: dir}, func() { write("n.go", "package m\n\nconst N = 5\n") }, 5, "4"},
		{"unchanged again", Config{Dir: dir}, nil, 5, "4"},
	}
	for _, st := range steps {
		if st.edit != nil {
			st.edit()
		}
		prog, err := Load(context.Background(), &st.cfg, ".")
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if n := lists.Load(); n != st.lists {
			t.Errorf("%s: %d listings, want %d", st.name, n, st.lists)
		}
		c, ok := prog.Targets[0].Members["C"].(*ssa.NamedConst)
		if !ok || c.Value.Value.String() != st.c {
			t.Errorf("%s: C is %v, want %s", st.name, prog.Targets[0].Members["C"], st.c)
		}
	}
}
