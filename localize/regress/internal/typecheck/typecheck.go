package typecheck

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Checker type-checks versions of the new tree in this process, so
// that a version tried costs a parse and a type check of what it changed
// instead of a run of the go command. The go command lists the packages
// (go list -deps -export -test: every package variant, its files, its
// imports and, for those outside the tree, its export data) once per
// shape of the versions: the package clauses, build constraints and
// imports of the files a version changes. A version's packages in the
// tree are then parsed with the version's overlay and checked from
// source; every other package is read from its export data, shared by all
// checks, and a package of the tree that neither holds a file the version
// changes nor imports one that does is checked once, shared by the
// listings that list it alike (same files, same imports).
type Checker struct {
	dir        string
	root       string            // the new tree (changes.Set.New): checked from source
	tested     string            // the import path of the package whose tests the versions run
	base       map[string][]byte // the overlay every version has (the caller's, the tests')
	buildFlags []string
	patterns   []string
	fset       *token.FileSet // shared by every check

	mu       sync.Mutex
	listings map[string]*listing       // by shape (see changed)
	exports  map[string]*types.Package // read from export data, by path (gcexportdata's map)
	parsed   map[string]*ast.File      // the unchanged files of the tree, parsed once
	clean    map[string]*checked       // packages checked as the new tree has them, by key (see listing.keys)
	nsource  int                       // packages checked from source (see Checked)
}

// listing is the go command's list of the packages for one shape.
type listing struct {
	err   error                        // why in-process checks cannot use it, if they cannot
	byID  map[string]*packages.Package // every package listed
	roots []*packages.Package          // the listed packages of the patterns a check covers (see New)
	files map[string][]*packages.Package
	goVer string
	// keys are the in-tree packages' keys, by ID: what their check from
	// the new tree's files depends on (their files, Go version, and
	// their imports' keys or export data), so that listings of other
	// shapes share the checks of the packages they list alike.
	keys map[string]string
}

// checked is a package of the tree checked from source.
type checked struct {
	pkg  *types.Package
	errs []packages.Error
	done chan struct{} // closed when pkg and errs are set (shared checks)
}

// New returns a Checker of versions of the tree root (the new version),
// as the go command run in dir with buildFlags sees them: base is the
// overlay every version has, patterns the packages a check covers and
// tested the import path of the package whose tests the versions run. Of
// the packages of patterns, a check covers the tested package with its
// tests and the others without theirs: their test files do not build
// into the tested package's test binary. Nothing runs until the first
// Check.
func New(dir, root, tested string, buildFlags []string, base map[string][]byte, patterns []string) *Checker {
	return &Checker{
		dir: dir, root: root, tested: tested, base: base, buildFlags: buildFlags, patterns: patterns, fset: token.NewFileSet(),
		listings: map[string]*listing{}, exports: map[string]*types.Package{}, parsed: map[string]*ast.File{}, clean: map[string]*checked{},
	}
}

// listing returns the listing of shape, listing the packages with overlay
// (a version of that shape) the first time.
func (tc *Checker) listing(ctx context.Context, shape string, overlay map[string][]byte) (*listing, error) {
	tc.mu.Lock()
	l := tc.listings[shape]
	tc.mu.Unlock()
	if l != nil {
		return l, nil
	}
	cfg := &packages.Config{
		Context: ctx,
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedDeps | packages.NeedExportFile | packages.NeedModule | packages.NeedTypesSizes,
		Dir:        tc.dir,
		Tests:      true,
		BuildFlags: tc.buildFlags,
		Overlay:    overlay,
	}
	listed, err := packages.Load(cfg, tc.patterns...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		l = &listing{err: err}
	} else {
		l = tc.newListing(listed)
	}
	tc.mu.Lock()
	tc.listings[shape] = l
	tc.mu.Unlock()
	return l, nil
}

// newListing indexes the go command's list. The listing cannot serve
// in-process checks when a package of the tree uses cgo, a package outside
// the tree has errors or no export data (but for one without files: a
// directory holding only external tests), or a test variant of a package
// outside the tree exists (it imports the tree). Of the packages listed,
// those the tested package's test binary does not import are left out.
func (tc *Checker) newListing(listed []*packages.Package) *listing {
	l := &listing{byID: map[string]*packages.Package{}, files: map[string][]*packages.Package{}, keys: map[string]string{}}
	// Only what the test binary imports counts: a package of the
	// patterns that the tested package's tests do not import (a command
	// of the module) builds into no version tried.
	var tested []*packages.Package
	for _, p := range listed {
		if p.PkgPath == tc.tested || p.PkgPath == tc.tested+"_test" || p.PkgPath == tc.tested+".test" {
			tested = append(tested, p)
		}
	}
	if len(tested) > 0 {
		listed = tested
	}
	packages.Visit(listed, nil, func(p *packages.Package) {
		l.byID[p.ID] = p
		switch {
		case l.err != nil:
		case !tc.inTree(p):
			if p.PkgPath == "unsafe" || strings.HasSuffix(p.ID, ".test") || len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && len(p.Errors) == 0 {
				// The generated test main, or a directory of
				// external tests only (the package without its
				// tests has no files to import).
				break
			}
			if len(p.Errors) > 0 {
				l.err = fmt.Errorf("%s: %v", p.ID, p.Errors[0])
			} else if p.ID != p.PkgPath {
				l.err = fmt.Errorf("%s: a test variant outside %s", p.ID, tc.root)
			} else if p.ExportFile == "" {
				l.err = fmt.Errorf("%s: no export data", p.ID)
			}
		case !slices.Equal(p.GoFiles, p.CompiledGoFiles):
			l.err = fmt.Errorf("%s uses cgo", p.ID)
		default:
			for _, f := range p.CompiledGoFiles {
				l.files[f] = append(l.files[f], p)
			}
			if l.goVer == "" && p.Module != nil && p.Module.GoVersion != "" {
				l.goVer = "go" + p.Module.GoVersion
			}
		}
	})
	for _, p := range listed {
		// The test variants of the other packages (their tests, and
		// the packages built again for them) are not the tested
		// package's test binary.
		if tc.inTree(p) && (p.ID == p.PkgPath || p.PkgPath == tc.tested || p.PkgPath == tc.tested+"_test") {
			l.roots = append(l.roots, p)
		}
	}
	for _, p := range l.byID {
		if tc.inTree(p) {
			tc.key(l, p)
		}
	}
	if l.err == nil && len(l.roots) == 0 {
		l.err = fmt.Errorf("no package of %q in %s", tc.patterns, tc.root)
	}
	return l
}

// key returns p's key (see listing.keys), computing those of its
// in-tree imports first.
func (tc *Checker) key(l *listing, p *packages.Package) string {
	if k, ok := l.keys[p.ID]; ok {
		return k
	}
	// An import cycle (an error of the listing) ends here, at a key
	// of this listing's alone.
	l.keys[p.ID] = fmt.Sprintf("%p %s", l, p.ID)
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%q\n", p.ID, l.goVer, p.CompiledGoFiles)
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		imp := p.Imports[path]
		if tc.inTree(imp) {
			fmt.Fprintf(h, "%s %s\n", path, tc.key(l, imp))
		} else {
			fmt.Fprintf(h, "%s %s %s\n", path, imp.ID, imp.ExportFile)
		}
	}
	k := hex.EncodeToString(h.Sum(nil))
	l.keys[p.ID] = k
	return k
}

// inTree reports whether p's files lie in the new tree (the generated
// test main, in the build cache, does not).
func (tc *Checker) inTree(p *packages.Package) bool {
	if len(p.CompiledGoFiles) == 0 {
		return false
	}
	rel, err := filepath.Rel(tc.root, p.CompiledGoFiles[0])
	return err == nil && !strings.HasPrefix(rel, "..")
}

// Check type-checks the version overlay describes (the new version's
// files with those of overlay laid over them) and returns the errors of
// the listed packages of the tree and their dependencies in the tree (the
// go command's errors on those, which are those of the version listed
// first of its shape, are not: an import it could not list is an error of
// the check). ok is false when the version cannot be checked in this
// process; the go command must check it.
func (tc *Checker) Check(ctx context.Context, overlay map[string][]byte) (errs []packages.Error, ok bool, err error) {
	changed, shape, ok := tc.changed(overlay)
	if !ok {
		return nil, false, nil
	}
	l, err := tc.listing(ctx, shape, overlay)
	if err != nil || l.err != nil {
		return nil, false, err
	}
	dirty := map[string]bool{} // IDs of the packages this version changes, or importing one
	seen := map[string]bool{}
	var mark func(p *packages.Package) bool
	mark = func(p *packages.Package) bool {
		if seen[p.ID] {
			return dirty[p.ID]
		}
		seen[p.ID] = true
		if !tc.inTree(p) {
			return false
		}
		d := false
		for _, f := range p.CompiledGoFiles {
			if _, ok := changed[f]; ok {
				d = true
			}
		}
		for _, imp := range p.Imports {
			if mark(imp) {
				d = true
			}
		}
		dirty[p.ID] = d
		return d
	}
	for _, p := range l.roots {
		mark(p)
	}
	v := &version{tc: tc, l: l, changed: changed, dirty: dirty, used: map[string]*checked{}}
	for _, p := range l.roots {
		if ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		v.pkg(p)
	}
	var out []packages.Error
	for _, id := range slices.Sorted(maps.Keys(v.used)) {
		out = append(out, v.used[id].errs...)
	}
	return out, true, nil
}

// TestDirs returns the directories of the files of the package whose
// path is pkgPath and of its external test package: those whose test
// files build into the test binary.
func (tc *Checker) TestDirs(pkgPath string) map[string]bool {
	dirs := map[string]bool{}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	for _, l := range tc.listings {
		for _, p := range l.byID {
			if p.PkgPath == pkgPath || p.PkgPath == pkgPath+"_test" {
				for _, f := range p.GoFiles {
					dirs[filepath.Dir(f)] = true
				}
			}
		}
	}
	return dirs
}

// changed returns the Go files of the tree that overlay changes against
// the new version (the base overlay included) and the version's shape: the
// package clause, build constraints and imports of each changed file whose
// shape differs from the new version's file (or that the new version
// lacks), so that versions of one shape share one listing. ok is false
// when a changed file does not parse.
func (tc *Checker) changed(overlay map[string][]byte) (changed map[string][]byte, shape string, ok bool) {
	changed = map[string][]byte{}
	var shapes []string
	for f, src := range overlay {
		if rel, err := filepath.Rel(tc.root, f); err != nil || strings.HasPrefix(rel, "..") || !strings.HasSuffix(f, ".go") {
			continue
		}
		orig, inBase := tc.base[f]
		if !inBase {
			orig, _ = os.ReadFile(f) // nil for a file the new version lacks
		}
		if orig != nil && bytes.Equal(orig, src) {
			continue
		}
		changed[f] = src
		ns, err := fileShape(f, src)
		if err != nil {
			return nil, "", false
		}
		if was, err := fileShape(f, orig); orig == nil || err != nil || was != ns {
			shapes = append(shapes, f+"\n"+ns)
		}
	}
	slices.Sort(shapes)
	return changed, strings.Join(shapes, "\n\n"), true
}

// fileShape returns what of the Go file src the go command's listing
// depends on: its package clause, its build constraints and its imports.
func fileShape(name string, src []byte) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(f.Name.Name)
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				b.WriteString("\n" + c.Text)
			}
		}
	}
	var imps []string
	for _, imp := range f.Imports {
		imps = append(imps, imp.Path.Value)
	}
	slices.Sort(imps)
	b.WriteString("\n" + strings.Join(imps, " "))
	return b.String(), nil
}

// version is one check: the packages of the tree it built, by ID.
type version struct {
	tc      *Checker
	l       *listing
	changed map[string][]byte
	dirty   map[string]bool
	used    map[string]*checked
}

// pkg returns p checked from source: this version's own check when p is
// dirty, else the one shared by all versions.
func (v *version) pkg(p *packages.Package) *types.Package {
	if c := v.used[p.ID]; c != nil {
		return c.pkg
	}
	if v.dirty[p.ID] {
		c := &checked{}
		v.used[p.ID] = c
		c.pkg, c.errs = v.checkSource(p)
		return c.pkg
	}
	tc := v.tc
	tc.mu.Lock()
	key := v.l.keys[p.ID]
	c := tc.clean[key]
	if c != nil {
		tc.mu.Unlock()
		<-c.done
	} else {
		c = &checked{done: make(chan struct{})}
		tc.clean[key] = c
		tc.mu.Unlock()
		c.pkg, c.errs = v.checkSource(p)
		close(c.done)
	}
	v.used[p.ID] = c
	return c.pkg
}

// checkSource parses and type-checks p's files (this version's where it
// changes them) and returns the package and its errors.
func (v *version) checkSource(p *packages.Package) (*types.Package, []packages.Error) {
	tc := v.tc
	tc.mu.Lock()
	tc.nsource++
	tc.mu.Unlock()
	var errs []packages.Error
	add := func(pos token.Position, msg string) {
		errs = append(errs, packages.Error{Pos: pos.String(), Msg: msg, Kind: packages.TypeError})
	}
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		f, err := v.parse(name)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			for _, e := range list {
				add(e.Pos, e.Msg)
			}
		} else if err != nil {
			errs = append(errs, packages.Error{Msg: err.Error(), Kind: packages.ParseError})
		}
		if f != nil {
			files = append(files, f)
		}
	}
	conf := &types.Config{
		GoVersion: v.l.goVer,
		Sizes:     p.TypesSizes,
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := p.Imports[path]
			if imp == nil {
				return nil, fmt.Errorf("%s is not among %s's listed imports", path, p.ID)
			}
			if tc.inTree(imp) {
				return v.pkg(imp), nil
			}
			return tc.export(imp)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				add(te.Fset.Position(te.Pos), te.Msg)
				return
			}
			errs = append(errs, packages.Error{Msg: err.Error(), Kind: packages.TypeError})
		},
	}
	pkg, _ := conf.Check(p.PkgPath, tc.fset, files, nil)
	return pkg, errs
}

// parse returns file name parsed: this version's text if it changes it,
// else the new version's, parsed once for all versions.
func (v *version) parse(name string) (*ast.File, error) {
	tc := v.tc
	if src, ok := v.changed[name]; ok {
		return parser.ParseFile(tc.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	}
	tc.mu.Lock()
	f, ok := tc.parsed[name]
	tc.mu.Unlock()
	if ok {
		return f, nil
	}
	src, ok := tc.base[name]
	if !ok {
		var err error
		if src, err = os.ReadFile(name); err != nil {
			return nil, err
		}
	}
	f, err := parser.ParseFile(tc.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return f, err
	}
	tc.mu.Lock()
	tc.parsed[name] = f
	tc.mu.Unlock()
	return f, nil
}

// export returns p read from its export data (once for all versions).
func (tc *Checker) export(p *packages.Package) (*types.Package, error) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if t := tc.exports[p.PkgPath]; t != nil && t.Complete() {
		return t, nil
	}
	if p.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", p.PkgPath)
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %w", p.PkgPath, err)
	}
	return gcexportdata.Read(r, tc.fset, tc.exports, p.PkgPath)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Listings returns how many listings the Checker has made (one per shape
// of the versions checked so far) and why those that cannot serve
// in-process checks cannot.
func (tc *Checker) Listings() (n int, unusable []error) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	for _, shape := range slices.Sorted(maps.Keys(tc.listings)) {
		if err := tc.listings[shape].err; err != nil {
			unusable = append(unusable, err)
		}
	}
	return len(tc.listings), unusable
}

// Checked returns how many packages the Checker has type-checked from
// source so far, over all versions: a version's check costs one per
// package it changes or that imports one it changes (and, the first time
// in a listing, one per other package of the tree it needs).
func (tc *Checker) Checked() int {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	return tc.nsource
}
