package loader

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestSameHeader: which changes of a file keep its listing.
func TestSameHeader(t *testing.T) {
	const old = "//go:build linux\n\npackage m\n\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToUpper(\"a\")) }\n"
	for _, tt := range []struct {
		name, src string
		same      bool
	}{
		{"body", "//go:build linux\n\npackage m\n\nimport (\n\tx \"strings\"\n\t\"fmt\"\n)\n\nfunc F() { fmt.Println(x.ToLower(\"a\")) }\n", true},
		{"body with a syntax error", "//go:build linux\n\npackage m\n\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToLower(\"a\") }\n", true},
		{"import added", "//go:build linux\n\npackage m\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToUpper(os.Args[0])) }\n", false},
		{"import removed", "//go:build linux\n\npackage m\n\nimport \"fmt\"\n\nfunc F() { fmt.Println(\"A\") }\n", false},
		{"constraint", "//go:build darwin\n\npackage m\n\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToUpper(\"a\")) }\n", false},
		{"package", "//go:build linux\n\npackage n\n\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToUpper(\"a\")) }\n", false},
		{"cgo", "//go:build linux\n\npackage m\n\nimport \"C\"\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\nfunc F() { fmt.Println(x.ToUpper(\"a\")) }\n", false},
		{"embedding", "//go:build linux\n\npackage m\n\nimport (\n\t\"fmt\"\n\tx \"strings\"\n)\n\n//go:embed f\nvar f string\n\nfunc F() { fmt.Println(x.ToUpper(\"a\")) }\n", false},
		{"import clause broken", "//go:build linux\n\npackage m\n\nimport (\n\t\"fmt\n)\n", false},
	} {
		if got := sameHeader("m.go", []byte(old), []byte(tt.src)); got != tt.same {
			t.Errorf("%s: same header %v, want %v", tt.name, got, tt.same)
		}
	}
}

// TestOverlayDependency: an overlay changing a package the target
// imports (read from export data) lists again, and the load sees it.
func TestOverlayDependency(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"go.mod":  "module example.com/dep\n\ngo 1.22\n",
		"a/a.go":  "package a\n\nconst C = 1\n",
		"b/b.go":  "package b\n\nimport \"example.com/dep/a\"\n\nconst D = a.C\n",
		"b/bt.go": "package b\n\nfunc F() int { return D }\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var lists atomic.Int32
	listHook = func() { lists.Add(1) }
	defer func() { listHook = nil }()
	broken := func() {
		if err := os.WriteFile(filepath.Join(dir, "b/bt.go"), []byte("package b\n\nfunc F() int { return undefined }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, st := range []struct {
		overlay map[string][]byte
		lists   int32
		d       string
	}{
		{nil, 1, "1"},
		{map[string][]byte{filepath.Join(dir, "a/a.go"): []byte("package a\n\nconst C = 2\n")}, 2, "2"},
		{map[string][]byte{filepath.Join(dir, "b/b.go"): []byte("package b\n\nimport \"example.com/dep/a\"\n\nconst D = a.C + 2\n")}, 2, "3"},
		// On disk b does not build; the overlay mends it.
		{map[string][]byte{filepath.Join(dir, "b/bt.go"): []byte("package b\n\nfunc F() int { return D }\n")}, 4, "1"}, // the plain listing again (a file changed), then the overlay's
	} {
		if i == 3 {
			broken()
		}
		prog, err := Load(context.Background(), &Config{Dir: dir, Overlay: st.overlay}, "./b")
		if err != nil {
			t.Fatalf("load %d: %v", i, err)
		}
		if n := lists.Load(); n != st.lists {
			t.Errorf("load %d: %d listings, want %d", i, n, st.lists)
		}
		if d, ok := prog.Targets[0].Members["D"].(*ssa.NamedConst); !ok || d.Value.Value.String() != st.d {
			t.Errorf("load %d: D is %v, want %s", i, prog.Targets[0].Members["D"], st.d)
		}
	}
}
