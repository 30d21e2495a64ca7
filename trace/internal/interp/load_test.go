package interp

import (
	"context"
	"errors"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/examples"
)

func TestLoadOptions(t *testing.T) {
	ctx := context.Background()
	t.Run("scope", func(t *testing.T) {
		const a = "github.com/faultloc/faultloc/trace/testdata/scope/a"
		// b's events, their count, and whether all are Library.
		inB := func(tr *Trace) (n int, lib bool) {
			lib = true
			for e := EventID(0); int(e) < tr.Len(); e++ {
				if tr.Func(e).Name() == "Inc" {
					n++
					lib = lib && tr.StaticInfo(tr.Static(e)).Library
				}
			}
			return n, lib
		}
		// By default b, a non-standard dependency the bridge cannot
		// call, is interpreted from source out of scope: a library.
		p, err := Load(ctx, &Config{Dir: modRoot}, "./trace/testdata/scope/a")
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(ctx, p.Func(a, "Twice"), []Value{Int(3)}, nil)
		if err != nil || res.Returns[0].Int() != 8 {
			t.Fatalf("Twice(3) = %v, %v", res, err)
		}
		if n, lib := inB(res.Trace); n == 0 || !lib || len(p.Packages) != 1 {
			t.Errorf("b: %d events, all Library %v, packages %v; want b interpreted as a library", n, lib, p.Packages)
		}
		// With b in scope, it is interpreted and traced as a package of
		// the program.
		p, err = Load(ctx, &Config{Dir: modRoot, Scope: func(path string) bool { return strings.Contains(path, "testdata/scope/") }}, "./trace/testdata/scope/a")
		if err != nil {
			t.Fatal(err)
		}
		res, err = p.Run(ctx, p.Func(a, "Twice"), []Value{Int(3)}, nil)
		if err != nil || res.Returns[0].Int() != 8 {
			t.Fatalf("Twice(3) = %v, %v", res, err)
		}
		if n, lib := inB(res.Trace); n == 0 || lib || len(p.Packages) != 2 {
			t.Errorf("b: %d events, all Library %v, packages %v; want b in scope", n, lib, p.Packages)
		}
		if len(p.Targets) != 1 || p.Targets[0].Pkg.Path() != a {
			t.Errorf("targets %v, want a alone", p.Targets)
		}
	})
	t.Run("module", func(t *testing.T) {
		// Module puts the module's packages that a imports in scope: b.
		const a = "github.com/faultloc/faultloc/trace/testdata/scope/a"
		p, err := Load(ctx, &Config{Dir: modRoot, Module: true}, "./trace/testdata/scope/a")
		if err != nil {
			t.Fatal(err)
		}
		if paths, want := packagePaths(p), []string{a, "github.com/faultloc/faultloc/trace/testdata/scope/b"}; !slices.Equal(paths, want) {
			t.Errorf("packages %v, want %v", paths, want)
		}
		if len(p.Targets) != 1 || p.Targets[0].Pkg.Path() != a {
			t.Errorf("targets %v, want a alone", p.Targets)
		}
		res, err := p.Run(ctx, p.Func(a, "Twice"), []Value{Int(3)}, nil)
		if err != nil || res.Returns[0].Int() != 8 {
			t.Fatalf("Twice(3) = %v, %v", res, err)
		}
		// os.Args is the program's name alone.
		res, err = p.Run(ctx, p.Func(a, "Program"), nil, nil)
		if err != nil || res.Outcome != Returned || res.Returns[0].Str() != "a" || res.Returns[1].Int() != 1 {
			t.Errorf("os.Args[0], len(os.Args) = %v, %v; want a, 1", res, err)
		}
	})
	t.Run("tests and build flags", func(t *testing.T) {
		p, err := Load(ctx, &Config{Dir: modRoot, Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./examples/foo")
		if err != nil {
			t.Fatal(err)
		}
		if p.Func(fooPkg, "TestFoo") == nil || p.Func(fooPkg, "Foo") == nil {
			t.Errorf("TestFoo or Foo missing from %v", p.Packages)
		}
		p, err = Load(ctx, &Config{Dir: modRoot, Tests: true}, "./examples/foo")
		if err != nil {
			t.Fatal(err)
		}
		if p.Func(fooPkg, "TestFoo") != nil {
			t.Error("TestFoo loaded without the faultloc tag")
		}
	})
	t.Run("overlay", func(t *testing.T) {
		file, _ := filepath.Abs("../../testdata/scope/b/b.go")
		src := "package b\n\n// Inc returns x + 10.\nfunc Inc(x int) int { return x + 10 }\n"
		p, err := Load(ctx, &Config{Dir: modRoot, Overlay: map[string][]byte{file: []byte(src)}}, "./trace/testdata/scope/b")
		if err != nil {
			t.Fatal(err)
		}
		res, err := p.Run(ctx, p.Func("github.com/faultloc/faultloc/trace/testdata/scope/b", "Inc"), []Value{Int(1)}, nil)
		if err != nil || res.Returns[0].Int() != 11 {
			t.Errorf("overlaid Inc(1) = %v, %v", res, err)
		}
	})
	t.Run("errors", func(t *testing.T) {
		if _, err := Load(ctx, &Config{Dir: modRoot}, "./no/such/dir"); err == nil {
			t.Error("no error for a missing package")
		}
		file, _ := filepath.Abs("../../testdata/scope/b/b.go")
		bad := map[string][]byte{file: []byte("package b\nfunc Inc(x int) int { return y }\n")}
		if _, err := Load(ctx, &Config{Dir: modRoot, Overlay: bad}, "./trace/testdata/scope/b"); err == nil || !strings.HasPrefix(err.Error(), "trace: ") {
			t.Errorf("type error: err = %v", err)
		}
	})
	t.Run("methods", func(t *testing.T) {
		p := load(t, "./trace/testdata/subjects")
		for _, name := range []string{"Point.Dist", "(*Point).Dist", "Sum"} {
			if p.Func(subjectsPkg, name) == nil {
				t.Errorf("Func(%q) = nil", name)
			}
		}
		if p.Func(subjectsPkg, "Nope") != nil || p.Func(subjectsPkg, "Point.Nope") != nil || p.Func("no/such", "F") != nil {
			t.Error("Func found something missing")
		}
		res, err := p.Run(ctx, p.Func(subjectsPkg, "Point.Dist"), []Value{Struct(Int(-3), Int(4))}, nil)
		if err != nil || res.Returns[0].Int() != 7 {
			t.Errorf("Point{-3,4}.Dist() = %v, %v", res, err)
		}
	})
}

func TestCancel(t *testing.T) {
	p := load(t, "./trace/testdata/bad")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := p.Run(ctx, p.Func(badPkg, "Forever"), []Value{Int(0)}, &RunOptions{NoTrace: true})
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Errorf("err = %v, want context.Canceled with a partial result", err)
	}
}

// A Program serves concurrent runs, each with its own memory.
func TestConcurrentRuns(t *testing.T) {
	p := loadExamples(t)
	fn := p.Func(examplesPath+"max3", "Max3")
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				res, err := p.Run(context.Background(), fn, []Value{Int(int64(i)), Int(int64(j)), Int(5)}, nil)
				if err != nil {
					errs <- err
					return
				}
				want := min(i, j) // the buggy Max3 on unsorted input
				if 5 < want {
					want = 5
				}
				if res.Returns[0].Int() != int64(want) {
					errs <- errors.New(res.String())
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// packagePaths returns the import paths of p's in-scope packages, sorted.
func packagePaths(p *Program) []string {
	var paths []string
	for _, pk := range p.Packages {
		paths = append(paths, pk.Pkg.Path())
	}
	slices.Sort(paths)
	return paths
}

// TestLoadHeavyTestImports loads examples/tcas with its tests, whose files
// import go/packages and go/ssa: those are libraries, type-checked from
// source without their own tests; the standard packages that import a
// package interpreted from source (go/types imports slices and sort) come
// from export data (no function bodies); loading takes seconds (it took
// over 8 minutes when every library's tests were loaded too and gcOrder
// was quadratic in a block); and a test of the package runs, although
// the initializers of go/ast/edge and go/ssa call what the bridge cannot
// (libinit.go).
func TestLoadHeavyTestImports(t *testing.T) {
	if testing.Short() {
		t.Skip("loads x/tools from source")
	}
	start := time.Now()
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true, BuildFlags: []string{"-tags=" + examples.Tag}}, "./examples/tcas")
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 90*time.Second {
		t.Errorf("Load took %v", d)
	}
	const tcas = "github.com/faultloc/faultloc/examples/tcas"
	if paths, want := packagePaths(p), []string{tcas, tcas + "_test"}; !slices.Equal(paths, want) {
		t.Errorf("packages %v, want %v", paths, want)
	}
	libs := map[string]bool{}
	for tp := range p.libs {
		libs[tp.Path()] = true
	}
	for _, path := range []string{"golang.org/x/tools/go/ssa", "golang.org/x/tools/go/packages", "slices", "sort"} {
		if !libs[path] {
			t.Errorf("%s is not a library", path)
		}
	}
	for _, pk := range p.SSA.AllPackages() {
		path := pk.Pkg.Path()
		if strings.HasSuffix(path, "_test") && path != tcas+"_test" {
			t.Errorf("test package %s loaded", path)
		}
		if path == "go/types" {
			if fn := pk.Func("NewChecker"); fn == nil || fn.Blocks != nil {
				t.Errorf("go/types.NewChecker: %v, want a function without a body (from export data)", fn)
			}
		}
	}
	gr, err := p.RunGoTest(bgContext, tcas, "TestOutcomeString", nil)
	if err != nil || !gr.Ran || gr.Failed {
		t.Errorf("TestOutcomeString: %v, %v", gr, err)
	}
}

// TestExecName checks the program's name against the names cmd/go gives
// binaries (go build's; go test's adds ".test").
func TestExecName(t *testing.T) {
	for _, tt := range []struct{ path, name, want string }{
		{"example.com/cli", "cli", "cli"},
		{"example.com/cli/v2", "cli", "cli"},
		{"example.com/cli/v2_test", "cli_test", "cli"},
		{"example.com/cmd/tool", "main", "tool"},
		{"example.com/lib/v1", "lib", "v1"},
		{"example.com/lib/v0", "lib", "v0"},
		{"example.com/lib/v02", "lib", "v02"},
		{"example.com/lib/v10", "lib", "lib"},
		{"gopkg.in/yaml.v3", "yaml", "yaml.v3"},
		{"v2", "v2", "v2"},
		{"example.com/go-name", "name", "go-name"},
		{"command-line-arguments", "main", "main"},
	} {
		if got := execName(types.NewPackage(tt.path, tt.name)); got != tt.want {
			t.Errorf("execName(%s, package %s) = %q, want %q", tt.path, tt.name, got, tt.want)
		}
	}
}
