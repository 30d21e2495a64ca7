package interp

import (
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"
)

// A package's test files may import a library that only some of its tests
// use, or none (examples/tcas's import go/packages and go/ssa, for one
// test each). go test initializes it natively; the interpreter may not be
// able to (x/tools' go/ast/edge calls reflect.TypeFor, which has no
// bridge). So the libraries (Static.Library) that the entry's package
// imports are initialized first, one root call each, in the order the Go
// specification gives packages (the first by import path of those whose
// imports are initialized). A library whose initializer stops on an
// interpreter error (*BridgeError, *UnsupportedError) is set aside: the
// run goes on, and fails with that error only if it calls one of the
// library's functions. (The package variables of a library set aside are
// as far as its initializer got; a program that reads one directly
// reads that.) Its initializer's guard is set, so that the importing
// packages' initializers, which call it, find it done.

// initLibraries runs the initializers of the libraries that pkg imports,
// directly or not.
func (r *run) initLibraries(pkg *ssa.Package) {
	libs := r.p.importedLibs(pkg)
	for i, lp := range libs {
		if f := lp.Func("init"); f != nil && len(f.Blocks) > 0 {
			r.initLibrary(lp, r.p.code(f), mix(0, -4, int32(i)))
		}
	}
}

// initLibrary runs the initializer c of library lp as a root call; an
// interpreter error sets lp aside.
func (r *run) initLibrary(lp *ssa.Package, c *fnCode, path uint64) {
	depth, cur := r.depth, r.cur
	defer func() {
		x := recover()
		switch x.(type) {
		case nil:
			return
		case *BridgeError, *UnsupportedError:
		default:
			panic(x)
		}
		r.depth, r.cur = depth, cur
		r.pools = nil // frames of the library's functions, to be checked again
		if r.poisoned == nil {
			r.poisoned = map[*types.Package]error{}
		}
		r.poisoned[lp.Pkg] = x.(error)
		if g, ok := lp.Members["init$guard"].(*ssa.Global); ok {
			r.setGlobal(g, Bool(true)) // if it stopped before setting it
		}
	}()
	r.root(c, nil, path)
}

// checkPoisoned stops the run with the error that set aside the library
// whose function c is entered, if it was; but for its initializer, which
// its guard makes return at once.
func (r *run) checkPoisoned(c *fnCode) {
	if c.fn.Synthetic == "package initializer" {
		return
	}
	if err := r.poisoned[funcPackage(c.fn)]; err != nil {
		panic(err)
	}
}

// importedLibs returns the libraries that pkg imports, directly or not,
// in the order the Go specification initializes them.
func (p *Program) importedLibs(pkg *ssa.Package) []*ssa.Package {
	p.mu.Lock()
	libs, ok := p.initOrder[pkg]
	p.mu.Unlock()
	if ok {
		return libs
	}
	// deps[l]: the libraries l imports, directly or not.
	deps := map[*ssa.Package]map[*ssa.Package]bool{}
	seen := map[*ssa.Package]bool{}
	var reach func(sp *ssa.Package) map[*ssa.Package]bool
	reach = func(sp *ssa.Package) map[*ssa.Package]bool {
		if d, ok := deps[sp]; ok {
			return d
		}
		d := map[*ssa.Package]bool{}
		deps[sp] = d
		for _, imp := range sp.Pkg.Imports() {
			ip := p.SSA.Package(imp)
			if ip == nil {
				continue
			}
			if p.libs[imp] {
				d[ip] = true
			}
			for l := range reach(ip) {
				d[l] = true
			}
		}
		return d
	}
	for l := range reach(pkg) {
		seen[l] = true
	}
	done := map[*ssa.Package]bool{}
	for len(libs) < len(seen) {
		var ready []*ssa.Package
		for l := range seen {
			if done[l] {
				continue
			}
			ok := true
			for d := range deps[l] {
				if !done[d] {
					ok = false
				}
			}
			if ok {
				ready = append(ready, l)
			}
		}
		if len(ready) == 0 {
			break // an import cycle: not Go
		}
		sort.Slice(ready, func(i, j int) bool { return ready[i].Pkg.Path() < ready[j].Pkg.Path() })
		done[ready[0]] = true
		libs = append(libs, ready[0])
	}
	p.mu.Lock()
	p.initOrder[pkg] = libs
	p.mu.Unlock()
	return libs
}
