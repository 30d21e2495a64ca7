package stmtedit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/faultloc/faultloc/trace"
)

// maxDefLines bounds the lines DefinitionLines returns.
const maxDefLines = 3

// DefinitionLines returns up to maxDefLines lines of the package's
// non-test files that assign a field (x.f = ...) that the statements
// at lines read: lines are where a wrong value
// shows (the sites, the spectrum's first lines), and where it was
// stored, often in a constructor or a setter, is where a missing
// condition or statement belongs (an initialization fault). The fields
// are matched by name, without types: a field of another type with the
// same name counts too. Each line once, in lines' order, then the
// source's; none of lines. The files' content is overlay's or on disk.
func DefinitionLines(lines []trace.Line, overlay map[string][]byte) []trace.Line {
	read := func(file string) ([]byte, error) {
		if src, ok := overlay[file]; ok {
			return src, nil
		}
		return os.ReadFile(file)
	}
	type parsed struct {
		fset *token.FileSet
		f    *ast.File
	}
	files := map[string]*parsed{}
	parse := func(file string) *parsed {
		if p, ok := files[file]; ok {
			return p
		}
		var p *parsed
		if src, err := read(file); err == nil {
			fset := token.NewFileSet()
			if f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution); err == nil {
				p = &parsed{fset, f}
			}
		}
		files[file] = p
		return p
	}
	var out []trace.Line
	seen := map[trace.Line]bool{}
	for _, l := range lines {
		seen[l] = true
	}
	for _, at := range lines {
		p := parse(at.File)
		if p == nil {
			continue
		}
		fields := fieldsRead(p.fset, p.f, at.Line)
		if len(fields) == 0 {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(filepath.Dir(at.File), "*.go"))
		for name := range overlay {
			if filepath.Dir(name) == filepath.Dir(at.File) && !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			q := parse(name)
			if q == nil {
				continue
			}
			ast.Inspect(q.f, func(n ast.Node) bool {
				a, ok := n.(*ast.AssignStmt)
				if !ok {
					return true
				}
				for _, l := range a.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && fields[sel.Sel.Name] {
						at := trace.Line{File: name, Line: q.fset.Position(a.Pos()).Line}
						if !seen[at] {
							seen[at] = true
							out = append(out, at)
						}
						break
					}
				}
				return true
			})
		}
	}
	return out[:min(len(out), maxDefLines)]
}

// fieldsRead returns the names of the fields (x.f, not a method called
// nor a package's member, by syntax: f not called and x not an
// imported package's name) that the statements beginning at line of f
// read, not those they only assign.
func fieldsRead(fset *token.FileSet, f *ast.File, line int) map[string]bool {
	imports := ImportNames(f)
	out := map[string]bool{}
	var stmts []ast.Stmt
	ast.Inspect(f, func(n ast.Node) bool {
		s, ok := n.(ast.Stmt)
		if ok && fset.Position(s.Pos()).Line == line {
			if _, block := s.(*ast.BlockStmt); !block {
				stmts = append(stmts, s)
				return false
			}
		}
		return true
	})
	for _, s := range stmts {
		// The head of a compound statement only: its body has lines of
		// its own.
		var roots []ast.Node
		switch s := s.(type) {
		case *ast.IfStmt:
			roots = append(roots, s.Init, s.Cond)
		case *ast.ForStmt:
			roots = append(roots, s.Init, s.Cond, s.Post)
		case *ast.RangeStmt:
			roots = append(roots, s.X)
		case *ast.SwitchStmt:
			roots = append(roots, s.Init, s.Tag)
		case *ast.AssignStmt:
			for _, r := range s.Rhs {
				roots = append(roots, r)
			}
		default:
			roots = append(roots, s)
		}
		for _, r := range roots {
			if r != nil {
				ast.Inspect(r, func(n ast.Node) bool { return visitField(n, imports, out) })
			}
		}
	}
	return out
}

// visitField adds n's field name to out if n is a selector x.f whose x
// is not an imported package's name, and leaves out the method or
// function a call names, for ast.Inspect.
func visitField(n ast.Node, imports, out map[string]bool) bool {
	switch n := n.(type) {
	case *ast.FuncLit:
		return false
	case *ast.CallExpr:
		if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
			ast.Inspect(sel.X, func(m ast.Node) bool { return visitField(m, imports, out) })
			for _, a := range n.Args {
				ast.Inspect(a, func(m ast.Node) bool { return visitField(m, imports, out) })
			}
			return false
		}
	case *ast.SelectorExpr:
		if id, ok := n.X.(*ast.Ident); ok && imports[id.Name] {
			return false
		}
		out[n.Sel.Name] = true
	}
	return true
}
