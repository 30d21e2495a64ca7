// Package blankimport turns the imports a reversal left unused into
// blank imports, for regression explanation's trials: reverting a change
// can remove the last use of a package its file imports (a new branch
// calling builtin.Index, reverted to the old else that calls nothing of
// it), and the version then does not build for a reason no change of the
// diff holds, the import being the same in both versions. Looking for
// auxiliary changes that put back a use of the package takes every
// change naming it along (hundreds in a module with a package of that
// name). A blank import (`_ "path"`) still runs the package's
// initialisation, so the version does what the reverted code does.
package blankimport

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Blank returns src, a Go file with some changes reverted, with each
// import it no longer uses made blank, and whether it made any. An
// import counts as used when a selector's operand names it (pkg.Name:
// the only way Go code uses an imported package but a dot import).
// The name of an import without one is taken from ref, the same file
// in the version that builds (every import used): the candidate names
// of the path (its last element, a major version element or suffix
// skipped, a "go-" prefix or "-go" suffix dropped) that ref uses; an
// import none of whose candidates ref uses is left as it is, as are dot,
// blank and cgo imports, and src or ref that do not parse. A local
// variable of the package's name used as a selector's operand keeps the
// import too: the version then fails to build as it did before.
func Blank(src, ref []byte) ([]byte, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil || len(f.Imports) == 0 {
		return src, false
	}
	r, err := parser.ParseFile(token.NewFileSet(), "", ref, parser.SkipObjectResolution)
	if err != nil {
		return src, false
	}
	used, refUsed := operands(f), operands(r)
	type edit struct{ from, to int }
	var edits []edit
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p == "C" {
			continue
		}
		var names []string
		switch {
		case spec.Name == nil:
			names = candidates(p)
		case spec.Name.Name == "_" || spec.Name.Name == ".":
			continue
		default:
			names = []string{spec.Name.Name}
		}
		i := slices.IndexFunc(names, func(n string) bool { return refUsed[n] })
		if i < 0 || used[names[i]] {
			continue
		}
		edits = append(edits, edit{fset.Position(spec.Pos()).Offset, fset.Position(spec.Path.Pos()).Offset})
	}
	if len(edits) == 0 {
		return src, false
	}
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.Write(src[last:e.from])
		b.WriteString("_ ")
		last = e.to
	}
	b.Write(src[last:])
	return []byte(b.String()), true
}

// operands returns the identifiers that are the operands of selectors
// in f (x in x.Sel), the file's import declarations aside.
func operands(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := s.X.(*ast.Ident); ok {
					out[id.Name] = true
				}
			}
			return true
		})
	}
	return out
}

// candidates returns the names a package of import path p may have:
// its last element, or the one before when the last is a major version
// (v2), with a ".vN" suffix, a "go-" prefix and a "-go" suffix dropped.
func candidates(p string) []string {
	base := path.Base(p)
	if isMajor(base) && path.Dir(p) != "." {
		base = path.Base(path.Dir(p))
	}
	out := []string{base}
	add := func(n string) {
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	if i := strings.LastIndex(base, ".v"); i > 0 && isMajor(base[i+1:]) {
		base = base[:i]
		add(base)
	}
	add(strings.TrimPrefix(base, "go-"))
	add(strings.TrimSuffix(base, "-go"))
	return out
}

// isMajor reports whether s is a major version element: v and digits.
func isMajor(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
