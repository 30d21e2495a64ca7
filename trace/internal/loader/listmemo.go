package loader

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/internal/loadmemo"
	"golang.org/x/tools/go/packages"
)

// listings memoizes loadPackages' listings within the process (package
// loadmemo): a localization lists the same program with the same inputs
// more than once (a mutant schema loaded by several analyses, the
// program by several commands of one process). It keeps the 64 last
// used, each a package graph without syntax or types (a few hundred
// kilobytes): the versions and schemas one command lists, with
// overlays, pushed a memo of 16 loads in order of listing past its
// program before the program's next use. A listing is kept only
// if all its packages are in the module holding Config.Dir, the standard
// library or the module cache, and none has errors; it is reused only
// while its export files are all still there. Each caller gets its own
// copy, which it may change (typeCheck sets the types, preferPureGo the
// files).
var listings = loadmemo.Memo[[]*packages.Package]{Size: 64, Check: exportsExist}

// listHook, if set, is called at each go list that list runs (tests
// count them).
var listHook func()

// list returns packages.Load(lcfg, patterns...), or a copy of a
// memoized listing of the same inputs, or of the same inputs without
// the overlay if that listing is the overlay's.
func list(lcfg *packages.Config, patterns []string) ([]*packages.Package, error) {
	if len(lcfg.Overlay) > 0 {
		// The listing without the overlay, if it is the overlay's
		// (overlay.go).
		base := *lcfg
		base.Overlay = nil
		if pkgs, err := list(&base, patterns); err == nil && overlayKeepsListing(pkgs, lcfg.Overlay, lcfg.Tests) {
			return pkgs, nil
		}
	}
	in := loadmemo.Inputs{Mode: fmt.Sprint(lcfg.Mode), Dir: lcfg.Dir, Tests: lcfg.Tests, BuildFlags: lcfg.BuildFlags,
		Env: lcfg.Env, Overlay: lcfg.Overlay, Patterns: patterns}
	ctx := lcfg.Context
	if ctx == nil {
		ctx = context.Background()
	}
	listed, err := listings.GetContext(ctx, in, func(root string) ([]*packages.Package, bool, error) {
		if listHook != nil {
			listHook()
		}
		pkgs, err := packages.Load(lcfg, patterns...)
		return pkgs, err == nil && root != "" && keepable(root, pkgs), err
	})
	if err != nil {
		return nil, err
	}
	return clonePackages(listed), nil
}

// keepable reports whether every package of the listing pkgs is in the
// module whose root is root, the standard library or the module cache,
// or is a generated test main, and none has errors.
func keepable(root string, pkgs []*packages.Package) bool {
	ok := true
	packages.Visit(pkgs, func(p *packages.Package) bool {
		if !ok {
			return false
		}
		switch m := p.Module; {
		case len(p.Errors) > 0:
			ok = false
		case m == nil:
			ok = IsStd(p.PkgPath) || p.Name == "main" && strings.HasSuffix(p.PkgPath, ".test")
		case m.Dir == root:
		case m.Replace != nil:
			ok = m.Replace.Version != ""
		default:
			ok = m.Version != ""
		}
		return ok
	}, nil)
	return ok
}

// exportsExist reports whether the export files of a listing are all
// still there (the build cache may have been trimmed or cleaned).
func exportsExist(pkgs []*packages.Package) bool {
	ok := true
	packages.Visit(pkgs, func(p *packages.Package) bool {
		if ok && p.ExportFile != "" {
			if _, err := os.Stat(p.ExportFile); err != nil {
				ok = false
			}
		}
		return ok
	}, nil)
	return ok
}

// clonePackages copies the package graph of roots: every package, its
// slices, module and imports.
func clonePackages(roots []*packages.Package) []*packages.Package {
	copies := map[*packages.Package]*packages.Package{}
	var clone func(p *packages.Package) *packages.Package
	clone = func(p *packages.Package) *packages.Package {
		if c := copies[p]; c != nil {
			return c
		}
		c := new(packages.Package)
		*c = *p
		copies[p] = c
		c.Errors = slices.Clone(p.Errors)
		c.TypeErrors = slices.Clone(p.TypeErrors)
		c.GoFiles = slices.Clone(p.GoFiles)
		c.CompiledGoFiles = slices.Clone(p.CompiledGoFiles)
		c.OtherFiles = slices.Clone(p.OtherFiles)
		c.EmbedFiles = slices.Clone(p.EmbedFiles)
		c.EmbedPatterns = slices.Clone(p.EmbedPatterns)
		c.IgnoredFiles = slices.Clone(p.IgnoredFiles)
		c.Syntax = slices.Clone(p.Syntax)
		if p.Module != nil {
			m := *p.Module
			c.Module = &m
		}
		if p.Imports != nil {
			c.Imports = make(map[string]*packages.Package, len(p.Imports))
			for path, q := range p.Imports {
				c.Imports[path] = clone(q)
			}
		}
		return c
	}
	out := make([]*packages.Package, len(roots))
	for i, p := range roots {
		out[i] = clone(p)
	}
	return out
}
