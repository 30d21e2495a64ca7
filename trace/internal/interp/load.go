package interp

import (
	"context"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/faultloc/faultloc/trace/internal/loader"
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
	// the bridge stands in for (faultloctest, go-isatty, x/term)
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
	embeds    map[*ssa.Global]string             // contents of //go:embed variables (loader.Program.Embeds)
	embedFS   map[*ssa.Global][]loader.EmbedFile // files of //go:embed embed.FS variables
	// elemAddr holds the ids of loader.Program.ElemAddrTypes: the element
	// types whose arrays IndexAddr records (unsafe_elems.go).
	elemAddr map[int32]bool
	// endless holds the go test cases (growCase's keys) whose run with a
	// growing step budget did not end, with the growth window it had:
	// they are not grown again for a window as long.
	endless sync.Map
	// maxSteps is the step budget SetMaxSteps set for the program's runs
	// (0: none of its own).
	maxSteps atomic.Int64
	// nativeTimes holds, by package and case, the native go test times
	// of SetNativeTimes (guarded by mu).
	nativeTimes map[string]map[string]time.Duration
	// libs holds the packages interpreted from source out of scope
	// (loader.Program.Libraries, Static.Library).
	libs map[*types.Package]bool
	// support holds the packages in scope that are test helpers
	// (support.go, Static.Support).
	support map[*types.Package]bool
	// underTest holds the targets and the packages in scope their own
	// files import, directly or not (support.go, UnderTest).
	underTest map[*types.Package]bool
	// tests: loaded with Config.Tests.
	tests bool
	// cfg and patterns are Load's arguments (LoadedWith).
	cfg      Config
	patterns []string
	// initOrder holds, by package, the libraries it imports in the order
	// they are initialized (libinit.go).
	initOrder map[*ssa.Package][]*ssa.Package
	// initSnaps holds the snapshots of initialization (initsnap.go),
	// snaps bounds those with presets. globalByID holds the package
	// variables by global index.
	initSnaps map[initSnapKey]*initSnap
	snaps     snapshotCache
	// initRestores counts the runs that started from a snapshot (tests).
	initRestores atomic.Int64
	globalByID   []*ssa.Global
	// covBlocks lists the blocks of the compiled functions by global
	// index (cover.go).
	covBlocks []blockRef
	// rtypes and nrtypes hold the reflect.Types of the program's types
	// and of the native types it cannot name, one each (reflect_type.go).
	rtypes  map[int32]*rtype
	nrtypes map[reflect.Type]*rtype
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
	l, err := loader.Load(ctx, &loader.Config{
		Dir:        cfg.Dir,
		Tests:      cfg.Tests,
		BuildFlags: cfg.BuildFlags,
		Overlay:    cfg.Overlay,
		Scope:      cfg.Scope,
		Module:     cfg.Module,
		Env:        cfg.Env,
		StandIn:    bridgedPackage,
		Sanity:     cfg.sanity,
	}, patterns...)
	if err != nil {
		return nil, err
	}
	P := &Program{
		assertPos: l.Assertions,
		SSA:       l.SSA,
		Packages:  l.Packages,
		Targets:   l.Targets,
		Fset:      l.Fset,
		codes:     map[*ssa.Function]*fnCode{},
		meth:      map[methKey]*ssa.Function{},
		impl:      map[implKey]bool{},
		globals:   map[*ssa.Global]int{},
		embeds:    l.Embeds,
		embedFS:   l.EmbedFS,
		libs:      map[*types.Package]bool{},
		initOrder: map[*ssa.Package][]*ssa.Package{},
		tests:     cfg.Tests,
		cfg:       *cfg,
		patterns:  slices.Clone(patterns),
	}
	for _, p := range l.Libraries {
		P.libs[p.Pkg] = true
	}
	P.support, P.underTest = supportPackages(l.Fset, l.Targets, l.Packages)
	for _, t := range l.ElemAddrTypes {
		if P.elemAddr == nil {
			P.elemAddr = map[int32]bool{}
		}
		P.elemAddr[P.intern(t).id] = true
	}
	return P, nil
}

// LoadedWith returns the configuration and the patterns the program was
// loaded with, to load it again (with an overlay, say). The Config's maps
// and slices are the caller's: copy them before changing them.
func (p *Program) LoadedWith() (Config, []string) { return p.cfg, slices.Clone(p.patterns) }

// Support reports whether pkg is a package in scope that is a test
// helper of the module (Static.Support): only the test files of the
// targets import it, directly or not, and an element of its path begins
// with "test" or ends in "-test" or "_test".
func (p *Program) Support(pkg *types.Package) bool { return p.support[pkg] }

// UnderTest reports whether pkg is a target or a package in scope that
// the targets' own files (test files aside) import, directly or not:
// the code a failing test's fault is looked for in first. A package only
// the tests import is not, whether or not it is a test helper (Support).
func (p *Program) UnderTest(pkg *types.Package) bool { return p.underTest[pkg] }

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
