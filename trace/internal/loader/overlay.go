package loader

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// An overlay that only edits the bodies of the targets' files lists the
// same packages as no overlay: the same files, imports and build
// constraints. loadPackages type-checks the targets from source, reading
// the overlay, so the only part of an overlaid listing that differs is
// export data nothing reads (the targets' own, built with the overlay).
// list reuses the listing without the overlay for such overlays (a
// regression's versions, a repair's patches, a mutant schema each list
// the program once more otherwise, each listing a go list -export of
// every dependency).

// overlayKeepsListing reports whether the listing pkgs, made without
// overlay, is the one the overlay would give: it has no errors, every
// file the overlay
// changes (its content differs from the file's) is a compiled Go file of
// a target (chooseVariants' choice among pkgs, tests says whether test
// variants were listed), with the package clause, imports and build
// constraints of the file it replaces, no cgo and no embedding; and no
// package but the targets and the generated test main imports, directly
// or through other targets, a package holding such a file (its export
// data would be the one without the overlay).
func overlayKeepsListing(pkgs []*packages.Package, overlay map[string][]byte, tests bool) bool {
	targets := map[*packages.Package]bool{}
	targetPaths := map[string]bool{} // with the plain variants of the test ones
	for _, p := range chooseVariants(pkgs, tests) {
		targets[p] = true
		targetPaths[p.PkgPath] = true
	}
	owner := map[string][]*packages.Package{} // a compiled file's packages (its variants)
	var all []*packages.Package
	clean := true // go list's errors (a file on disk that does not build) may be the overlay's to mend
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		all = append(all, p)
		clean = clean && len(p.Errors) == 0
		for _, f := range p.CompiledGoFiles {
			owner[filepath.Clean(f)] = append(owner[filepath.Clean(f)], p)
		}
	})
	if !clean {
		return false
	}
	changed := map[*packages.Package]bool{} // packages holding a changed file
	for name, src := range overlay {
		name = filepath.Clean(name)
		old, err := os.ReadFile(name)
		if err == nil && bytes.Equal(old, src) {
			continue
		}
		ps := owner[name]
		if err != nil || len(ps) == 0 || !sameHeader(name, old, src) {
			return false
		}
		for _, p := range ps {
			if !targetPaths[p.PkgPath] {
				return false // read from export data
			}
			if !slices.Equal(p.GoFiles, p.CompiledGoFiles) || len(p.EmbedPatterns) > 0 { // cgo, embedding
				return false
			}
			changed[p] = true
		}
	}
	if len(changed) == 0 {
		return true
	}
	// tainted: a package whose export data would differ with the
	// overlay (a changed one, or one importing a tainted one).
	tainted := map[*packages.Package]bool{}
	var taint func(p *packages.Package) bool
	seen := map[*packages.Package]bool{}
	taint = func(p *packages.Package) bool {
		if seen[p] {
			return tainted[p]
		}
		seen[p] = true
		t := changed[p]
		for _, q := range p.Imports {
			if taint(q) {
				t = true
			}
		}
		tainted[p] = t
		return t
	}
	for _, p := range all {
		if targets[p] || strings.HasSuffix(p.ID, ".test") && p.Name == "main" {
			continue
		}
		for _, q := range p.Imports {
			if taint(q) {
				return false
			}
		}
	}
	return true
}

// sameHeader reports whether the Go files old and src (both named name)
// have the same package clause, imports and build constraints, neither
// importing "C" nor embedding files.
func sameHeader(name string, old, src []byte) bool {
	a, okA := header(name, old)
	b, okB := header(name, src)
	return okA && okB && slices.Equal(a, b)
}

// header returns the package name, the build constraint lines and the
// sorted import paths of the Go file src, or false if it does not parse
// up to its imports, imports "C" or holds a go:embed directive.
func header(name string, src []byte) ([]string, bool) {
	if bytes.Contains(src, []byte("go:embed")) {
		return nil, false
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return nil, false
	}
	h := []string{f.Name.Name}
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				h = append(h, c.Text)
			}
		}
	}
	var paths []string
	for _, s := range f.Imports {
		p, err := strconv.Unquote(s.Path.Value)
		if err != nil || p == "C" {
			return nil, false
		}
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return append(h, paths...), true
}
