package nativetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// TestShareBuilds: with ShareBuilds, a build of the same inputs is the
// binary built first (the same file), also from another directory of
// the module; one with another overlay's contents, other flags or
// another tag is built anew, builds of one binary at once share one,
// and a broken version fails each time; after stop, every build runs
// the go command.
func TestShareBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds test binaries")
	}
	ctx := context.Background()
	cfg, foo := listFoo(t)
	tmp := t.TempDir()
	// overlay writes an overlay of foo.go with src and returns its file.
	overlay := func(name, src string) string {
		file := filepath.Join(tmp, name+".go")
		if err := os.WriteFile(file, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(foo.Dir, "foo.go"): file}})
		if err != nil {
			t.Fatal(err)
		}
		o := filepath.Join(tmp, name+".json")
		if err := os.WriteFile(o, data, 0o666); err != nil {
			t.Fatal(err)
		}
		return o
	}
	orig, err := os.ReadFile(filepath.Join(foo.Dir, "foo.go"))
	if err != nil {
		t.Fatal(err)
	}
	stop := ShareBuilds()
	defer stop()
	n := 0
	// build builds foo with BuildPlain, or with coverage (Build).
	build := func(c *Config, cover bool, ov string) string {
		t.Helper()
		n++
		bin := filepath.Join(tmp, "bin", fmt.Sprintf("%d.test", n))
		if err := os.MkdirAll(filepath.Dir(bin), 0o777); err != nil {
			t.Fatal(err)
		}
		var err error
		if cover {
			err = Build(ctx, c, foo, nil, bin, ov)
		} else {
			err = BuildPlain(ctx, c, foo, bin, ov)
		}
		if err != nil {
			t.Fatal(err)
		}
		return bin
	}
	same := func(a, b string) bool {
		fa, err := os.Stat(a)
		if err != nil {
			t.Fatal(err)
		}
		fb, err := os.Stat(b)
		if err != nil {
			t.Fatal(err)
		}
		return os.SameFile(fa, fb)
	}
	first := build(cfg, false, "")
	if again := build(cfg, false, ""); !same(first, again) {
		t.Error("the same build twice: two binaries, want the first shared")
	}
	// From another directory of the module (this package's): shared.
	if other := build(&Config{Dir: ".", Tags: cfg.Tags}, false, ""); !same(first, other) {
		t.Error("the same build from another directory of the module: two binaries, want the first shared")
	}
	// The same contents through an overlay of another file: shared.
	o1, o2 := overlay("a", string(orig)+"\n// a\n"), overlay("b", string(orig)+"\n// a\n")
	if a, b := build(cfg, false, o1), build(cfg, false, o2); !same(a, b) || same(a, first) {
		t.Errorf("overlays of the same contents shared %v, shared with no overlay %v; want shared, not with no overlay", same(a, b), same(a, first))
	}
	for name, bin := range map[string]string{
		"another overlay": build(cfg, false, overlay("c", string(orig)+"\n// c\n")),
		"other flags":     build(cfg, true, ""),
		"another tag":     build(&Config{Dir: "../..", Tags: []string{"faultloc", "other"}}, false, ""),
	} {
		if same(bin, first) {
			t.Errorf("%s: the first binary, want one of its own", name)
		}
	}
	// Coverage of one set of packages named in two orders: shared.
	covered := func(pkgs ...string) string {
		t.Helper()
		n++
		bin := filepath.Join(tmp, "bin", fmt.Sprintf("%d.test", n))
		if err := Build(ctx, cfg, foo, pkgs, bin, ""); err != nil {
			t.Fatal(err)
		}
		return bin
	}
	const max3 = "github.com/faultloc/faultloc/examples/max3"
	if a, b := covered(foo.ImportPath, max3), covered(max3, foo.ImportPath); !same(a, b) {
		t.Error("coverage of the same packages named in two orders: two binaries, want the first shared")
	}
	// Builds of one binary asked for at once wait for one build.
	o3 := overlay("d", string(orig)+"\n// d\n")
	var bins [3]string
	var wg sync.WaitGroup
	for i := range bins {
		wg.Go(func() {
			bin := filepath.Join(tmp, fmt.Sprintf("d%d.test", i))
			if err := BuildPlain(ctx, cfg, foo, bin, o3); err != nil {
				t.Error(err)
			}
			bins[i] = bin
		})
	}
	wg.Wait()
	if !same(bins[0], bins[1]) || !same(bins[0], bins[2]) {
		t.Error("three builds of one binary at once: not all the same file")
	}
	broken := overlay("broken", "package foo\n\nfunc (\n")
	for range 2 {
		if err := BuildPlain(ctx, cfg, foo, filepath.Join(tmp, "broken.test"), broken); err == nil {
			t.Fatalf("a broken version built (overlay %s)", broken)
		}
	}
	stop()
	if after := build(cfg, false, ""); same(after, first) {
		t.Error("after stop: the shared binary, want a build of its own")
	}
}

// childOutEnv, set, makes TestShareBuildsChild build examples/foo into
// the file it names.
const childOutEnv = "FAULTLOC_NATIVETEST_CHILD_OUT"

// TestShareBuildsAcrossProcesses: a process this one starts, whose
// environment differs in a variable no build reads (a shard index),
// gets the binary this one built (the same file) from the directory
// SharedBuildsEnv names; stop removes the directory and the variable,
// and JoinSharedBuilds without it does nothing.
func TestShareBuildsAcrossProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	if os.Getenv(childOutEnv) != "" {
		t.Skip("in the child")
	}
	ctx := context.Background()
	cfg, foo := listFoo(t)
	stop := ShareBuilds()
	defer stop()
	dir := os.Getenv(SharedBuildsEnv)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Fatalf("after ShareBuilds, %s=%q: want a directory (%v)", SharedBuildsEnv, dir, err)
	}
	tmp := t.TempDir()
	first := filepath.Join(tmp, "first.test")
	if err := BuildPlain(ctx, cfg, foo, first, ""); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "child.test")
	cmd := exec.Command(os.Args[0], "-test.run=^TestShareBuildsChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), childOutEnv+"="+out, "CIRCLE_NODE_INDEX=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the child: %v\n%s", err, b)
	}
	fa, err := os.Stat(first)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := os.Stat(out)
	if err != nil {
		t.Fatalf("the child built nothing: %v", err)
	}
	if !os.SameFile(fa, fb) {
		t.Error("the child's build: a binary of its own, want the one this process built")
	}
	stop()
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("after stop, %s is still there", dir)
	}
	if v, ok := os.LookupEnv(SharedBuildsEnv); ok {
		t.Errorf("after stop, %s=%q, want it unset", SharedBuildsEnv, v)
	}
	JoinSharedBuilds()
	if shared.Load() != nil {
		t.Error("JoinSharedBuilds without the variable set: sharing, want nothing done")
	}
}

// TestShareBuildsChild is TestShareBuildsAcrossProcesses's child: with
// ShareBuilds on, it builds examples/foo into the file childOutEnv names.
func TestShareBuildsChild(t *testing.T) {
	out := os.Getenv(childOutEnv)
	if out == "" {
		t.Skip("run by TestShareBuildsAcrossProcesses")
	}
	if os.Getenv(SharedBuildsEnv) == "" {
		t.Fatalf("%s is not set in the child", SharedBuildsEnv)
	}
	stop := ShareBuilds()
	defer stop()
	cfg, foo := listFoo(t)
	if err := BuildPlain(context.Background(), cfg, foo, out, ""); err != nil {
		t.Fatal(err)
	}
}

// listFoo returns the Config of the tests on shared builds (the module's
// root, the tag faultloc) and examples/foo listed with it.
func listFoo(t *testing.T) (*Config, *Package) {
	t.Helper()
	cfg := &Config{Dir: "../..", Tags: []string{"faultloc"}}
	pkgs, err := List(context.Background(), cfg, "./examples/foo")
	if err != nil {
		t.Fatal(err)
	}
	return cfg, pkgs[0]
}
