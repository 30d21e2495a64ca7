package bridge

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

const sandboxUser = `package sbx

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sub", "f.txt")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil || string(b) != "data" {
		t.Fatalf("%q %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); !os.IsNotExist(err) {
		t.Fatalf("Stat of a missing file: %v", err)
	}
	t.Log("PATH=" + p)
}

func TestOutside(t *testing.T) {
	os.WriteFile(filepath.Join(t.TempDir(), "..", "..", "out.txt"), nil, 0o644)
}

func TestPackageDir(t *testing.T) {
	f, err := os.OpenFile("rel.txt", os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("test")
	f.Close()
	if b, err := os.ReadFile("rel.txt"); err != nil || string(b) != "test" {
		t.Fatalf("rel.txt: %q %v", b, err)
	}
	// A file of the directory, written: a copy, then its changes.
	f, err = os.OpenFile("sbx.go", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("// more\n")
	f.Close()
	if b, err := os.ReadFile("sbx.go"); err != nil || string(b) != "package sbx\n// more\n" {
		t.Fatalf("sbx.go: %q %v", b, err)
	}
	if err := os.Mkdir("sub", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("sub", "x"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename("sub/x", "y"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sbx.go", "rel.txt", "y"} {
		if err := os.Remove(name); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Fatalf("Stat of %s removed: %v", name, err)
		}
	}
	if err := os.Remove("sub/x"); !os.IsNotExist(err) {
		t.Fatalf("Remove of sub/x moved away: %v", err)
	}
	if _, err := os.Stat("sbx_test.go"); err != nil {
		t.Fatal(err)
	}
}
`

// TestSandbox runs tests that write files: inside their run's directory
// they do, and it is gone when the run ends; in the package's directory
// they write the run's copy of it, and the directory stays as it was;
// elsewhere the call is a *BridgeError naming it.
func TestSandbox(t *testing.T) {
	dir, p := loadModule(t, "sbx", sandboxUser)
	var made []string
	onSandbox = func(dir string) { made = append(made, dir) }
	defer func() { onSandbox = nil }()
	res, err := p.RunGoTest(context.Background(), "sbx", "TestWrites", nil)
	if err != nil || res.Failed || !res.Ran {
		t.Fatalf("TestWrites: %v %+v", err, res)
	}
	_, path, ok := strings.Cut(res.Log, "PATH=")
	path, _, _ = strings.Cut(path, "\n")
	// The name the program sees is the same from run to run.
	if want := filepath.Join(os.TempDir(), "faultloc-run", "test1", "sub", "f.txt"); !ok || path != want {
		t.Fatalf("path %q in the log, want %q:\n%s", path, want, res.Log)
	}
	// The run's real directory is gone.
	if len(made) != 1 {
		t.Fatalf("%d sandboxes made, want 1", len(made))
	}
	if _, err := os.Stat(made[0]); !os.IsNotExist(err) {
		t.Errorf("the run's directory %s is still there: %v", made[0], err)
	}
	for _, tc := range []struct{ name, want string }{
		{"TestOutside", "no bridge for os.WriteFile: the program writes only inside its run's temporary directory"},
	} {
		_, err := p.RunGoTest(context.Background(), "sbx", tc.name, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
	// Writes in the package's directory go to the run's copy of it: the
	// directory is as it was.
	res, err = p.RunGoTest(context.Background(), "sbx", "TestPackageDir", nil)
	if err != nil || res.Failed || !res.Ran {
		t.Fatalf("TestPackageDir: %v %+v", err, res)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "sbx.go")); err != nil || string(b) != "package sbx\n" {
		t.Errorf("sbx.go: %q %v", b, err)
	}
	for _, name := range []string{"rel.txt", "sub", "y"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !os.IsNotExist(err) {
			t.Errorf("%s in the package's directory: %v", name, err)
		}
	}
}

// loadModule writes module name, a package of that name with the test
// file test, in a temporary directory, and loads it with its tests.
func loadModule(t *testing.T, name, test string) (string, *interp.Program) {
	t.Helper()
	dir := t.TempDir()
	for file, src := range map[string]string{"go.mod": "module " + name + "\n\ngo 1.26\n", name + ".go": "package " + name + "\n", name + "_test.go": test} {
		if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	p, err := interp.Load(context.Background(), &interp.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return dir, p
}
