package loader

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Load lists the packages once (go list -deps -export, with -test if
// Config.Tests): the targets, and everything they import with its export
// data. It type-checks from source only what it interprets: the targets
// (their test variants), the packages Config.Scope or Config.Module add,
// and the libraries (Program.Libraries); every other package is read from
// export data, into the same types universe, so that a package read from
// export data that mentions one checked from source (os/exec's
// context.Context) names the same object. Only the targets' tests are
// loaded, not those of the packages they import: go/packages, given the
// libraries as patterns, would load and type-check their tests too (and,
// from source, every package that imports one of them).

// loadSet is what loadPackages type-checked: the packages to build from
// source.
type loadSet struct {
	targets []*packages.Package // the chosen variants of the patterns' packages
	extras  []*packages.Package // in scope by Config.Scope or Config.Module
	libs    []*packages.Package // interpreted out of scope (sourceStd and libraries)
}

// loadPackages lists patterns and type-checks what Load interprets.
func loadPackages(ctx context.Context, cfg *Config, fset *token.FileSet, patterns []string) (*loadSet, error) {
	lcfg := &packages.Config{
		Context: ctx,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedDeps | packages.NeedExportFile | packages.NeedModule | packages.NeedTypesSizes,
		Dir:        cfg.Dir,
		Tests:      cfg.Tests,
		BuildFlags: cfg.BuildFlags,
		Overlay:    cfg.Overlay,
		Env:        cfg.Env,
	}
	listed, err := list(lcfg, patterns) // listmemo.go
	if err != nil {
		return nil, fmt.Errorf("trace: load: %w", err)
	}
	roots := chooseVariants(listed, cfg.Tests)
	if len(roots) == 0 {
		return nil, fmt.Errorf("trace: load: no packages match %q", patterns)
	}
	if err := packageErrors(roots, nil); err != nil {
		return nil, err
	}
	l := &loadSet{targets: roots}
	if cfg.Scope != nil || cfg.Module {
		reach := map[string]*packages.Package{} // by path, the variant the roots import
		packages.Visit(roots, func(p *packages.Package) bool {
			if reach[p.PkgPath] != nil {
				return false
			}
			reach[p.PkgPath] = p
			return true
		}, nil)
		isRoot := map[*packages.Package]bool{}
		for _, p := range roots {
			isRoot[p] = true
		}
		for _, path := range scopeDeps(cfg, listed) { // load.go
			if p := reach[path]; p != nil && !isRoot[p] {
				l.extras = append(l.extras, p)
			}
		}
	}
	inScope := append(append([]*packages.Package(nil), l.targets...), l.extras...)
	for _, p := range inScope {
		if !IsStd(p.PkgPath) {
			preferPureGo(cfg, p, true) // asm.go
		}
	}
	for _, withDeps := range []bool{true, false} {
		libs, std := libraries(cfg, inScope, withDeps)
		for _, p := range libs {
			if !std[p] {
				preferPureGo(cfg, p, false)
			}
		}
		errs, err := typeCheck(ctx, fset, cfg.Overlay, append(append([]*packages.Package(nil), inScope...), libs...))
		if err != nil {
			return nil, err
		}
		if withDeps && libsFail(libs, std, errs) {
			// A non-standard dependency does not type-check from
			// source: all of them stay in export data, where calls
			// into them fail as unbridged.
			continue
		}
		if err := packageErrors(append(inScope, libs...), errs); err != nil {
			return nil, err
		}
		l.libs = libs
		break
	}
	return l, nil
}

// libsFail reports whether a non-standard library has errors.
func libsFail(libs []*packages.Package, std map[*packages.Package]bool, errs map[*packages.Package][]string) bool {
	for _, p := range libs {
		if !std[p] && (len(p.Errors) > 0 || len(errs[p]) > 0) {
			return true
		}
	}
	return false
}

// packageErrors returns the errors of pkgs, go list's and the type
// checker's (errs), as one error, or nil.
func packageErrors(pkgs []*packages.Package, errs map[*packages.Package][]string) error {
	var msgs []string
	for _, p := range pkgs {
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
		msgs = append(msgs, errs[p]...)
	}
	if len(msgs) > 0 {
		return fmt.Errorf("trace: load: %s", strings.Join(msgs, "; "))
	}
	return nil
}

// libraries returns the packages interpreted from source out of scope,
// given the in-scope packages: the non-standard packages they import,
// directly or not (if withDeps), since the bridge cannot call them (its
// table covers the standard library), except those the bridge stands in
// for (Config.StandIn) and what only they import; and the standard
// packages of sourceStd that any of these import, with their sourceStd
// dependencies (std lists those).
func libraries(cfg *Config, inScope []*packages.Package, withDeps bool) (libs []*packages.Package, std map[*packages.Package]bool) {
	src := map[*packages.Package]bool{}
	paths := map[string]bool{}
	for _, p := range inScope {
		src[p], paths[p.PkgPath] = true, true
	}
	std = map[*packages.Package]bool{}
	var work []*packages.Package // packages from source whose imports addStd has not seen
	add := func(p *packages.Package) bool {
		if src[p] || paths[p.PkgPath] {
			return false
		}
		src[p], paths[p.PkgPath] = true, true
		libs = append(libs, p)
		work = append(work, p)
		return true
	}
	var addStd func(p *packages.Package)
	addStd = func(p *packages.Package) {
		if add(p) {
			std[p] = true
			for _, dep := range sourceStd[p.PkgPath] {
				if q := p.Imports[dep]; q != nil {
					addStd(q)
				}
			}
		}
	}
	if withDeps {
		seen := map[*packages.Package]bool{}
		var visit func(p *packages.Package)
		visit = func(p *packages.Package) {
			for _, path := range sortedKeys(p.Imports) {
				q := p.Imports[path]
				if seen[q] || q.PkgPath == "C" || cfg.standIn(q.PkgPath) || IsStd(q.PkgPath) {
					continue
				}
				seen[q] = true
				add(q)
				visit(q)
			}
		}
		for _, p := range inScope {
			seen[p] = true
		}
		for _, p := range inScope {
			visit(p)
		}
	}
	// The standard packages interpreted from source that any package
	// interpreted from source imports.
	work = append(append([]*packages.Package(nil), inScope...), libs...)
	for len(work) > 0 {
		p := work[0]
		work = work[1:]
		for _, path := range sortedKeys(p.Imports) {
			if _, ok := sourceStd[path]; ok {
				addStd(p.Imports[path])
			}
		}
	}
	return libs, std
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// typeCheck type-checks src from source and reads the packages they
// import from export data, all into one universe, in parallel: a package
// is loaded once every package it imports, directly or not, is. It sets
// the Types of every package it loads and, for those of src, their Fset,
// Syntax and TypesInfo; it returns the parse and type errors of src's
// packages. The error is ctx's.
func typeCheck(ctx context.Context, fset *token.FileSet, overlay map[string][]byte, src []*packages.Package) (map[*packages.Package][]string, error) {
	c := &checker{
		fset:     fset,
		overlay:  overlay,
		src:      map[*packages.Package]bool{},
		need:     map[*packages.Package]bool{},
		universe: map[string]*types.Package{},
		errs:     map[*packages.Package][]string{},
	}
	for _, p := range src {
		c.src[p] = true
	}
	for _, p := range src {
		for _, q := range p.Imports {
			c.need[q] = true
		}
	}
	// One goroutine a package, which waits for those it imports, then
	// for a CPU.
	done := map[*packages.Package]chan struct{}{}
	packages.Visit(src, nil, func(p *packages.Package) {
		done[p] = make(chan struct{})
	})
	cpus := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for p, ch := range done {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(ch)
			for _, q := range p.Imports {
				<-done[q]
			}
			if ctx.Err() != nil {
				return
			}
			switch {
			case p.PkgPath == "unsafe":
				p.Types = types.Unsafe
			case c.src[p]:
				cpus <- struct{}{}
				c.fromSource(p)
				<-cpus
			case c.need[p]:
				c.fromExport(p)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return c.errs, nil
}

// checker is the state of one typeCheck.
type checker struct {
	fset    *token.FileSet
	overlay map[string][]byte
	src     map[*packages.Package]bool // type-checked from source
	need    map[*packages.Package]bool // imported by one of src: its types are needed
	// mu guards universe, the packages by path that export data refers
	// to (gcexportdata.Read completes or adds packages in it), and errs.
	mu       sync.Mutex
	universe map[string]*types.Package
	errs     map[*packages.Package][]string
}

// fromExport reads p's types from its export data.
func (c *checker) fromExport(p *packages.Package) {
	p.Types = nil
	if p.ExportFile == "" {
		return // its importers report it
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if tp, err := gcexportdata.Read(r, c.fset, c.universe, p.PkgPath); err == nil {
		p.Types = tp
	}
}

// fromSource parses and type-checks p.
func (c *checker) fromSource(p *packages.Package) {
	var errs []string
	report := func(err error) {
		switch err := err.(type) {
		case scanner.ErrorList:
			for _, e := range err {
				errs = append(errs, e.Error())
			}
		case types.Error:
			errs = append(errs, err.Fset.Position(err.Pos).String()+": "+err.Msg)
		default:
			errs = append(errs, err.Error())
		}
	}
	files := make([]*ast.File, 0, len(p.CompiledGoFiles))
	for _, name := range p.CompiledGoFiles {
		src, ok := c.overlay[name]
		if !ok {
			src, ok = c.overlay[filepath.Clean(name)]
		}
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				report(err)
				continue
			}
		}
		f, err := parser.ParseFile(c.fset, name, src, parser.AllErrors|parser.ParseComments)
		if err != nil {
			report(err)
		}
		if f != nil {
			files = append(files, f)
		}
	}
	sizes := p.TypesSizes
	if sizes == nil {
		sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			q := p.Imports[path]
			if q == nil {
				return nil, fmt.Errorf("no metadata for %s", path)
			}
			if q.Types == nil || !q.Types.Complete() {
				return nil, fmt.Errorf("could not load %s (from export data %q)", path, q.ExportFile)
			}
			return q.Types, nil
		}),
		Error: report,
		Sizes: sizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
	tp := types.NewPackage(p.PkgPath, p.Name)
	if err := types.NewChecker(conf, c.fset, tp, info).Files(files); err != nil && len(errs) == 0 {
		report(err)
	}
	p.Fset, p.Syntax, p.TypesInfo, p.Types = c.fset, files, info, tp
	c.mu.Lock()
	c.universe[p.PkgPath] = tp
	if len(errs) > 0 {
		c.errs[p] = errs
	}
	c.mu.Unlock()
}

// importerFunc is a types.Importer.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
