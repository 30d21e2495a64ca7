package trace

import (
	"context"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
	"golang.org/x/tools/go/types/typeutil"
)

// Config says what [Load] loads. The zero Config loads the patterns
// relative to the current directory, without test files.
type Config struct {
	// Dir is the directory in which patterns are resolved. Default: the
	// current directory.
	Dir string
	// Tests includes the packages' _test.go files (the test variant of each
	// target replaces the plain one, and external _test packages are added).
	// Default: false.
	Tests bool
	// BuildFlags are passed to the build system, e.g. "-tags=faultloc".
	// Default: none.
	BuildFlags []string
	// Overlay maps absolute file paths to contents that replace the files on
	// disk (see packages.Config.Overlay). Default: none.
	Overlay map[string][]byte
	// Scope reports which packages are in scope: loaded from source, built
	// in ssa.NaiveForm and interpreted with every event traced. Packages out
	// of scope are loaded from export data; calls into them go through the
	// standard-library bridge. Scope is asked about the transitive imports
	// of the targets (a "go list -deps" run); the targets themselves are
	// always in scope. Default (nil): exactly the target packages.
	//
	// Packages out of scope that the bridge cannot call are interpreted
	// from source all the same, their events marked [Static].Library:
	// every non-standard package the loaded ones import, directly or not
	// (the bridge's table covers the standard library only), except those
	// the bridge stands in for (testify's assert and require, faultloctest)
	// and what only they import; and, whenever a loaded package imports
	// them, the generic standard packages cmp, iter, maps and slices
	// (generic functions have no native counterpart to call), the
	// containers container/list and container/ring (they hold interpreted
	// values of type any), context (its contexts hold channels and
	// goroutines), log (its loggers write to interpreted writers and
	// name interpreted callers), sort (Reverse wraps an interpreted
	// sort.Interface) and flag (its FlagSets hold interpreted variables). A non-standard dependency that fails to
	// load from source stays in export data, where calls into it fail as
	// unbridged.
	Scope func(pkgPath string) bool
	// Module puts in scope, besides the targets and what Scope accepts,
	// every package of a target's module that the targets or their tests
	// import, directly or not: a module's own, often internal, packages,
	// which the standard-library bridge cannot call. A package the bridge
	// stands in for (faultloctest, whose Explain is a no-op in interpreted
	// runs) stays out, with what it imports. Default: off.
	Module bool
	// Env is the environment of the build system. Default: os.Environ().
	Env []string

	sanity bool // test seam: ssa.SanityCheckFunctions
}

// Program is a loaded and SSA-built program ready to run. Its methods are
// safe for concurrent use; each Run has its own memory.
type Program struct {
	// SSA is the SSA program. Functions of in-scope packages are built in
	// ssa.NaiveForm with generics instantiated.
	SSA *ssa.Program
	// Packages are the in-scope packages, in load order.
	Packages []*ssa.Package
	// Targets are the packages the patterns given to Load named (with
	// their test packages), in load order: Packages but the dependencies
	// that Config.Scope or Config.Module put in scope.
	Targets []*ssa.Package
	// Fset is the file set of all positions.
	Fset *token.FileSet

	mu      sync.Mutex
	codes   map[*ssa.Function]*fnCode
	statics []Static
	types   typeutil.Map // types.Type -> int32 id
	typeTab []types.Type
	meth    map[methKey]*ssa.Function
	impl    map[implKey]bool
	globals map[*ssa.Global]int
	// assertPos holds the positions of explicit type assertions x.(T) (their
	// '('); other TypeAsserts are go/ssa's nil checks of method values.
	assertPos map[token.Pos]bool
	embeds    map[*ssa.Global]string // contents of //go:embed variables (embed.go)
	// libs holds the generic standard packages interpreted from source but
	// not in scope (see sourceStd and Static.Library).
	libs map[*types.Package]bool
	// tests: loaded with Config.Tests.
	tests bool
	// initOrder holds, by package, the libraries it imports in the order
	// they are initialized (libinit.go).
	initOrder map[*ssa.Package][]*ssa.Package
	// covBlocks lists the blocks of the compiled functions by global
	// index (cover.go).
	covBlocks []blockRef
}

type methKey struct {
	tid  int32
	name string
	pkg  *types.Package
}

type implKey struct {
	tid   int32
	iface int32
}

// typeRef is an interned type: the id is equal for identical types.
type typeRef struct {
	id int32
	t  types.Type
}

// Load loads the packages matching patterns (go/packages patterns, e.g.
// "./examples/foo" or an import path), builds their SSA and returns a
// Program. The targets come from source; dependencies from export data
// unless cfg.Scope puts them in scope. Load fails if any in-scope package
// has errors.
func Load(ctx context.Context, cfg *Config, patterns ...string) (*Program, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	fset := token.NewFileSet()
	l, err := loadPackages(ctx, cfg, fset, patterns) // load_check.go
	if err != nil {
		return nil, err
	}
	pkgs := append(append(append([]*packages.Package(nil), l.targets...), l.extras...), l.libs...)
	libs := map[*packages.Package]bool{}
	for _, p := range l.libs {
		libs[p] = true
	}
	mode := ssa.NaiveForm | ssa.InstantiateGenerics
	if cfg.sanity {
		mode |= ssa.SanityCheckFunctions
	}
	prog := ssa.NewProgram(fset, mode)
	created := map[*types.Package]bool{}
	source := map[*types.Package]*packages.Package{}
	for _, p := range pkgs {
		source[p.Types] = p
	}
	var create func(tp *types.Package)
	create = func(tp *types.Package) {
		if created[tp] {
			return
		}
		created[tp] = true
		for _, imp := range tp.Imports() {
			create(imp)
		}
		if p := source[tp]; p != nil {
			prog.CreatePackage(tp, p.Syntax, p.TypesInfo, true)
		} else {
			prog.CreatePackage(tp, nil, nil, true)
		}
	}
	var ssaPkgs, libPkgs []*ssa.Package
	for _, p := range pkgs {
		create(p.Types)
		if libs[p] {
			libPkgs = append(libPkgs, prog.Package(p.Types))
		} else {
			ssaPkgs = append(ssaPkgs, prog.Package(p.Types))
		}
	}
	if err := buildSafely(append(append([]*ssa.Package(nil), ssaPkgs...), libPkgs...)); err != nil {
		return nil, err
	}
	var fns []*ssa.Function
	for fn := range ssautil.AllFunctions(prog) {
		if fn.Pkg != nil && source[fn.Pkg.Pkg] != nil || fn.Origin() != nil {
			fns = append(fns, fn)
		}
	}
	if err := parallel(fns, gcOrder); err != nil { // gcorder.go
		return nil, err
	}
	lparens := map[token.Pos]bool{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if ta, ok := n.(*ast.TypeAssertExpr); ok {
					lparens[ta.Lparen] = true
				}
				return true
			})
		}
	}
	P := &Program{
		assertPos: lparens,
		SSA:       prog,
		Packages:  ssaPkgs,
		Fset:      fset,
		codes:     map[*ssa.Function]*fnCode{},
		meth:      map[methKey]*ssa.Function{},
		impl:      map[implKey]bool{},
		globals:   map[*ssa.Global]int{},
		embeds:    embedVars(pkgs, prog),
		libs:      map[*types.Package]bool{},
		initOrder: map[*ssa.Package][]*ssa.Package{},
		tests:     cfg.Tests,
	}
	for _, p := range libPkgs {
		P.libs[p.Pkg] = true
	}
	for _, p := range l.targets {
		P.Targets = append(P.Targets, prog.Package(p.Types))
	}
	return P, nil
}

// sourceStd lists the standard packages interpreted from source, with
// their standard imports that must be too: those whose API is generic (a
// generic function has no native counterpart for the bridge to call); the
// containers of values of type any, container/list and container/ring (an
// interpreted value held in native memory could not be read back);
// context, whose Done channels interpreted goroutines select on (its
// imports stay native: sync and sync/atomic under the scheduler, time's
// AfterFunc on the virtual clock, internal/reflectlite's TypeOf bridged);
// log, whose Loggers write to interpreted io.Writers, name the
// interpreted caller's file and line (runtime.Caller) and read the
// virtual clock (its atomic.Pointer is bridged, its os.Stderr writes go
// to the run's output); sort, whose Reverse wraps an interpreted
// sort.Interface (its reflective Slice functions keep their hand bridges,
// see handBridgedStd); and flag, whose FlagSets hold interpreted
// variables and flag.Values. Other standard packages stay native.
var sourceStd = map[string][]string{
	"cmp":            nil,
	"container/list": nil,
	"container/ring": nil,
	"context":        nil,
	"flag":           nil,
	"iter":           nil,
	"log":            {"log/internal"},
	"maps":           {"iter"},
	"slices":         {"cmp", "iter"},
	"sort":           {"slices"},
}

// handBridgedStd lists the packages of sourceStd whose hand-written
// bridges (bridges) stand in for their functions of the same name,
// interpreted or not: sort's Slice, SliceStable, SliceIsSorted (reflection
// on the interpreted slice), Sort, Stable and IsSorted; flag's isZeroValue
// (reflection on a flag's Value, bridge_flag.go).
var handBridgedStd = map[string]bool{"flag": true, "sort": true}

// isStdPath reports whether path names a standard package: its first
// element has no dot and GOROOT/src holds it.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return false
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	return err == nil && fi.IsDir()
}

func buildSafely(pkgs []*ssa.Package) error {
	return parallel(pkgs, func(p *ssa.Package) { p.Build() })
}

// parallel calls f on each of xs, on GOMAXPROCS goroutines; it returns
// the first panic of a call as an error.
func parallel[T any](xs []T, f func(T)) error {
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	next := make(chan T)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range next {
				func() {
					defer func() {
						if r := recover(); r != nil {
							mu.Lock()
							if first == nil {
								first = fmt.Errorf("trace: building SSA: %v", r)
							}
							mu.Unlock()
						}
					}()
					f(x)
				}()
			}
		}()
	}
	for _, x := range xs {
		next <- x
	}
	close(next)
	wg.Wait()
	return first
}

// chooseVariants keeps one package per path: with tests, the test variant
// ("p [p.test]") replaces the plain package, external test packages are
// kept, and generated test mains are dropped.
func chooseVariants(pkgs []*packages.Package, tests bool) []*packages.Package {
	if !tests {
		return pkgs
	}
	hasTestVariant := map[string]bool{}
	for _, p := range pkgs {
		if strings.Contains(p.ID, " [") && !strings.HasSuffix(p.PkgPath, "_test") {
			hasTestVariant[p.PkgPath] = true
		}
	}
	var out []*packages.Package
	for _, p := range pkgs {
		switch {
		case strings.HasSuffix(p.ID, ".test") && p.Name == "main":
			continue
		case !strings.Contains(p.ID, " [") && hasTestVariant[p.PkgPath]:
			continue
		}
		out = append(out, p)
	}
	return out
}

// scopeDeps lists the transitive imports of the listed packages pkgs
// (the patterns' packages, with their tests if Config.Tests) that
// cfg.Scope accepts, or that belong to a target's module (cfg.Module).
func scopeDeps(cfg *Config, pkgs []*packages.Package) []string {
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.PkgPath] = true // the targets, loaded with their tests
	}
	isTest := func(p *packages.Package) bool {
		return strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.PkgPath, ".test")
	}
	var out []string
	add := func(p *packages.Package) {
		if !seen[p.PkgPath] && !isTest(p) {
			seen[p.PkgPath] = true
			out = append(out, p.PkgPath)
		}
	}
	if cfg.Scope != nil {
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if cfg.Scope(p.PkgPath) {
				add(p)
			}
		})
	}
	if cfg.Module {
		mods := map[string]bool{}
		for _, p := range pkgs {
			if p.Module != nil {
				mods[p.Module.Path] = true
			}
		}
		packages.Visit(pkgs, func(p *packages.Package) bool {
			return !bridgedPackage(p.PkgPath)
		}, func(p *packages.Package) {
			if p.Module != nil && mods[p.Module.Path] && !bridgedPackage(p.PkgPath) {
				add(p)
			}
		})
	}
	sort.Strings(out)
	return out
}

// Package returns the in-scope package with the given import path, or nil.
func (p *Program) Package(pkgPath string) *ssa.Package {
	for _, pk := range p.Packages {
		if pk.Pkg.Path() == pkgPath {
			return pk
		}
	}
	return nil
}

// Func returns the function or method of the in-scope package pkgPath
// named name: "F" for a function, "T.M" or "(*T).M" for a method. It
// returns nil if there is none.
func (p *Program) Func(pkgPath, name string) *ssa.Function {
	pk := p.Package(pkgPath)
	if pk == nil {
		return nil
	}
	if f := pk.Func(name); f != nil {
		return f
	}
	typ, meth, ok := strings.Cut(name, ".")
	if !ok {
		return nil
	}
	ptr := false
	if strings.HasPrefix(typ, "(*") && strings.HasSuffix(typ, ")") {
		typ, ptr = typ[2:len(typ)-1], true
	}
	t := pk.Type(typ)
	if t == nil {
		return nil
	}
	var T types.Type = t.Type()
	if ptr {
		T = types.NewPointer(T)
	}
	sel := p.SSA.MethodSets.MethodSet(T).Lookup(pk.Pkg, meth)
	if sel == nil {
		return nil
	}
	return p.SSA.MethodValue(sel)
}

// intern returns the typeRef of t. Callers hold p.mu or run at compile time
// under it.
func (p *Program) intern(t types.Type) typeRef {
	if id, ok := p.types.At(t).(int32); ok {
		return typeRef{id: id, t: p.typeTab[id]}
	}
	id := int32(len(p.typeTab))
	p.typeTab = append(p.typeTab, t)
	p.types.Set(t, id)
	return typeRef{id: id, t: t}
}

func (p *Program) internLocked(t types.Type) typeRef {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.intern(t)
}
