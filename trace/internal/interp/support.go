package interp

import (
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// supportPackages returns the packages in scope that are a module's
// test helpers (Static.Support), and those of the code under test
// (Program.UnderTest): the targets and the packages their own files
// import, directly or not. A test helper is not a target, not imported, directly or
// through other packages in scope, by the targets' own files (test files
// aside), and named as test code is, an element of the import path
// beginning with "test" (testutil, testify, testing, test/mock) or
// ending in "-test" or "_test" (toml-test). Such a package is the
// oracle's scaffolding, as test files are, not code under test: an
// assertion library a module keeps under internal/, a harness that runs
// a corpus of test files. The name is asked too because a target of
// test files only (a module's test/issues/123) reaches the code it
// tests only through its tests' imports, as it reaches its helpers.
func supportPackages(fset *token.FileSet, targets, inScope []*ssa.Package) (support, underTest map[*types.Package]bool) {
	byPath := map[string]*ssa.Package{}
	for _, p := range slices.Concat(targets, inScope) {
		if _, ok := byPath[p.Pkg.Path()]; !ok {
			byPath[p.Pkg.Path()] = p
		}
	}
	reached := map[*ssa.Package]bool{}
	var visit func(p *ssa.Package, imports []string)
	visit = func(p *ssa.Package, imports []string) {
		if p == nil || reached[p] {
			return
		}
		reached[p] = true
		for _, imp := range imports {
			if q := byPath[imp]; q != nil {
				visit(q, importPaths(q.Pkg.Imports()))
			}
		}
	}
	for _, p := range targets {
		reached[p] = true
	}
	for _, p := range targets {
		if path := p.Pkg.Path(); !strings.HasSuffix(path, "_test") && !strings.HasSuffix(path, ".test") {
			// A target holds its in-package test files, whose imports
			// are the tests': its own files' only.
			for _, imp := range ownImports(fset, p) {
				if q := byPath[imp]; q != nil {
					visit(q, importPaths(q.Pkg.Imports()))
				}
			}
		}
	}
	support, underTest = map[*types.Package]bool{}, map[*types.Package]bool{}
	for p := range reached {
		underTest[p.Pkg] = true
	}
	for _, p := range inScope {
		if !reached[p] && testNamed(p.Pkg.Path()) {
			support[p.Pkg] = true
		}
	}
	return support, underTest
}

// testNamed reports whether an element of import path pkgPath is named
// as test code is: beginning with "test", or ending in "-test" or
// "_test"; "testdata" aside, whose packages are test subjects.
func testNamed(pkgPath string) bool {
	for elem := range strings.SplitSeq(pkgPath, "/") {
		if elem == "testdata" {
			continue // go's directory of test inputs: packages there are subjects, not helpers
		}
		if strings.HasPrefix(elem, "test") || strings.HasSuffix(elem, "-test") || strings.HasSuffix(elem, "_test") {
			return true
		}
	}
	return false
}

// importPaths returns the paths of ps.
func importPaths(ps []*types.Package) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Path()
	}
	return out
}

// ownImports returns the import paths of the files of package p other
// than its test files: those of its members' files, read again for
// their imports.
func ownImports(fset *token.FileSet, p *ssa.Package) []string {
	var files []string
	for _, mem := range p.Members {
		if pos := mem.Pos(); pos.IsValid() {
			if f := fset.Position(pos).Filename; !strings.HasSuffix(f, "_test.go") && !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	slices.Sort(files)
	var out []string
	own := token.NewFileSet()
	for _, f := range files {
		if path.Ext(f) != ".go" {
			continue
		}
		af, err := parser.ParseFile(own, f, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range af.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}
