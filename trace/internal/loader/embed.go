package loader

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
)

// Package variables declared with a //go:embed directive get their
// contents from the compiler, not from an initializer, so go/ssa leaves
// them zero. The interpreter gives a string or []byte variable the
// contents of its file (read when the program is loaded), as the compiler
// does. An embed.FS variable stays empty.

// embedVars returns the contents of the string and []byte variables with a
// //go:embed directive in the in-scope packages pkgs.
func embedVars(pkgs []*packages.Package, prog *ssa.Program) map[*ssa.Global]string {
	out := map[*ssa.Global]string{}
	for _, p := range pkgs {
		sp := prog.Package(p.Types)
		if sp == nil || p.TypesInfo == nil {
			continue
		}
		for _, f := range p.Syntax {
			dir := filepath.Dir(p.Fset.Position(f.Pos()).Filename)
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok {
					continue
				}
				for _, s := range gd.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Names) != 1 {
						continue
					}
					doc := vs.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					patterns := embedPatterns(doc)
					if patterns == nil {
						continue
					}
					g, _ := sp.Members[vs.Names[0].Name].(*ssa.Global)
					if g == nil || !embeddable(deref(g.Type())) {
						continue
					}
					if data, ok := embedFile(dir, patterns); ok {
						out[g] = data
					}
				}
			}
		}
	}
	return out
}

// embedPatterns returns the patterns of the //go:embed lines of doc.
func embedPatterns(doc *ast.CommentGroup) []string {
	if doc == nil {
		return nil
	}
	var pats []string
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(rest) {
			if strings.HasPrefix(f, `"`) || strings.HasPrefix(f, "`") {
				if u, err := strconv.Unquote(f); err == nil {
					f = u
				}
			}
			pats = append(pats, f)
		}
	}
	return pats
}

// embeddable reports whether t is string or []byte (by underlying type).
func embeddable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// embedFile reads the one file that patterns match in dir.
func embedFile(dir string, patterns []string) (string, bool) {
	var files []string
	for _, p := range patterns {
		m, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		files = append(files, m...)
	}
	if len(files) != 1 {
		return "", false
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return "", false
	}
	return string(data), true
}

// deref returns what t points to, or t if it is not a pointer.
func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
