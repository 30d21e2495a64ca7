package regress

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// oldTests returns overlays that give the package's test files the old
// version's text, except the files that declare the failing cases' test
// functions, which stay the new version's: a release's other tests often
// use API that the old version lacks, and they do not decide whether the
// failing cases pass. A test file the old version lacks is reduced to
// its package clause. It returns nil when the old version is not a
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
	for _, f := range append(append([]string(nil), p.TestGoFiles...), p.XTestGoFiles...) {
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
