package regress

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// oldTests returns overlays that give the package's test files the old
// version's text, except the files that declare the failing cases' test
// functions, which stay the new version's: a release's other tests often
// use API that the old version lacks, and they do not decide whether the
// failing cases pass. A test file the old version lacks is reduced to
// its package clause; a test file of the package that only the old
// version has (renamed) is added. It returns nil when the old version is not a
// directory (a patch) or the package's files cannot be listed.
func oldTests(ctx context.Context, opts *Options, failing []string) map[string][]byte {
	if opts.Old == "" {
		return nil
	}
	cfg := nativetest.Config{Dir: opts.dir()}
	for _, f := range opts.BuildFlags {
		if tags, ok := strings.CutPrefix(f, "-tags="); ok {
			cfg.Tags = append(cfg.Tags, strings.Split(tags, ",")...)
		}
	}
	pkgs, err := nativetest.List(ctx, &cfg, opts.Package)
	if err != nil || len(pkgs) != 1 {
		return nil
	}
	p := pkgs[0]
	tests := map[string]bool{}
	for _, name := range failing {
		top, _, _ := strings.Cut(name, "/")
		tests[top] = true
	}
	newRoot, err := filepath.Abs(opts.New)
	if err != nil {
		return nil
	}
	out := map[string][]byte{}
	listed := append(append([]string(nil), p.TestGoFiles...), p.XTestGoFiles...)
	for _, f := range listed {
		path := filepath.Join(p.Dir, f)
		src, ok := opts.Overlay[path]
		if !ok {
			if src, err = os.ReadFile(path); err != nil {
				return nil
			}
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		if declaresAny(file, tests) {
			continue
		}
		rel, err := filepath.Rel(newRoot, path)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil
		}
		if old, err := os.ReadFile(filepath.Join(opts.Old, rel)); err == nil {
			out[path] = old
		} else {
			out[path] = []byte("package " + file.Name.Name + "\n")
		}
	}
	// The old version's test files of the package that the new version
	// lacks (renamed: their helpers are what the old tests use) come
	// along, but those declaring a failing case's test function.
	rel, err := filepath.Rel(newRoot, p.Dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil
	}
	oldDir := filepath.Join(opts.Old, rel)
	entries, _ := os.ReadDir(oldDir)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, "_test.go") || slices.Contains(listed, name) {
			continue
		}
		if _, err := os.Stat(filepath.Join(p.Dir, name)); err == nil {
			continue // in the new version, but not built (constraints)
		}
		src, err := os.ReadFile(filepath.Join(oldDir, name))
		if err != nil {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil || declaresAny(file, tests) || file.Name.Name != p.Name && file.Name.Name != p.Name+"_test" {
			continue
		}
		out[filepath.Join(p.Dir, name)] = src
	}
	return out
}

// declaresAny reports whether f declares a function named in names.
func declaresAny(f *ast.File, names map[string]bool) bool {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && names[fd.Name.Name] {
			return true
		}
	}
	return false
}
