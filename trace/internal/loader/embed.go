package loader

import (
	"go/ast"
	"go/types"
	"io/fs"
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
// does; an embed.FS variable gets the files its patterns match, by cmd/go's
// rules (embedTree), which the interpreter makes a native embed.FS of.

// EmbedFile is one file of an embed.FS variable: its slash-separated
// name relative to the package's directory, and its contents.
type EmbedFile struct {
	Name string
	Data string
}

// embedVars returns the contents of the string and []byte variables with a
// //go:embed directive in the in-scope packages pkgs, and the files of the
// embed.FS variables.
func embedVars(pkgs []*packages.Package, prog *ssa.Program) (map[*ssa.Global]string, map[*ssa.Global][]EmbedFile) {
	out := map[*ssa.Global]string{}
	trees := map[*ssa.Global][]EmbedFile{}
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
					if g == nil {
						continue
					}
					if isEmbedFS(deref(g.Type())) {
						if files, ok := embedTree(dir, patterns); ok {
							trees[g] = files
						}
						continue
					}
					if !embeddable(deref(g.Type())) {
						continue
					}
					if data, ok := embedFile(dir, patterns); ok {
						out[g] = data
					}
				}
			}
		}
	}
	return out, trees
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

// isEmbedFS reports whether t is embed.FS.
func isEmbedFS(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "embed" && n.Obj().Name() == "FS"
}

// embedTree reads the files that patterns match in dir as cmd/go embeds
// them in an embed.FS: a pattern (with an optional "all:" prefix) is a
// glob; a matched file is taken, a matched directory contributes the
// regular files below it, except for names beginning with '.' or '_'
// (unless "all:"), version-control directories and directories holding a
// go.mod. The names are relative to dir; embed.FS adds the directories.
// It reports false if a file cannot be read.
func embedTree(dir string, patterns []string) ([]EmbedFile, bool) {
	var out []EmbedFile
	have := map[string]bool{}
	add := func(path string) bool {
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return false
		}
		rel = filepath.ToSlash(rel)
		if have[rel] {
			return true
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return false
		}
		have[rel] = true
		out = append(out, EmbedFile{Name: rel, Data: string(data)})
		return true
	}
	for _, p := range patterns {
		p, all := strings.CutPrefix(p, "all:")
		matches, err := filepath.Glob(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			return nil, false
		}
		for _, m := range matches {
			info, err := os.Lstat(m)
			if err != nil {
				return nil, false
			}
			if info.Mode().IsRegular() {
				if !add(m) {
					return nil, false
				}
				continue
			}
			if !info.IsDir() {
				continue
			}
			ok := true
			filepath.WalkDir(m, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					ok = false
					return err
				}
				name := d.Name()
				if path != m && (vcsDirs[name] || (name[0] == '.' || name[0] == '_') && !all) {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if d.IsDir() {
					if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != m {
						return filepath.SkipDir
					}
					return nil
				}
				if d.Type().IsRegular() && !add(path) {
					ok = false
					return filepath.SkipAll
				}
				return nil
			})
			if !ok {
				return nil, false
			}
		}
	}
	return out, true
}

// vcsDirs are the version-control directories cmd/go never embeds.
var vcsDirs = map[string]bool{".bzr": true, ".hg": true, ".git": true, ".svn": true}

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
