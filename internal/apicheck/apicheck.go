package apicheck

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"
)

// API returns the exported API of pkg, one feature a line, sorted, in the
// style of Go's api/*.txt files:
//
//	pkg P, const Worst Ties
//	pkg P, const Worst = 0
//	pkg P, func Lookup(string) (Formula, error)
//	pkg P, method (*Matrix) Rank(Formula, *Options) *Ranking
//	pkg P, type Entry struct
//	pkg P, type Entry struct, Score float64
//	pkg P, type Number interface { ~int | ~float64 }
//	pkg P, type Sink interface { Add, AddElements }
//	pkg P, type Sink interface, Add(Test, []Element) (int, error)
//	pkg P, type Ties uint8
//	pkg P, var ErrX error
//
// Types of pkg are written unqualified, others by package name.
// Parameter names are left out: renaming a parameter is no API change.
// Methods include those promoted from embedded fields; an interface with
// unexported methods (a sealed interface) says so, and a constraint
// interface lists its type terms.
//
// An alias of a type declared in an internal package, under that type's
// own name (type Trace = interp.Trace), is written as if pkg declared
// the type, with its fields and methods: callers reach the type only
// through the alias, so what it offers is pkg's API, and moving a type
// behind such an alias changes nothing here. So is another internal
// package's alias of it under the same name (interp.EventID, an alias
// of store.EventID, in interp's signatures).
func API(pkg *types.Package) []string {
	w := &apiWriter{pkg: pkg, prefix: "pkg " + pkg.Path() + ", ", aliased: map[*types.TypeName]bool{}}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && tn.Exported() {
			if n := w.internalNamed(tn); n != nil {
				w.aliased[n.Obj()] = true
			}
		}
	}
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Const:
			w.emit("const %s %s", name, w.typ(obj.Type()))
			w.emit("const %s = %s", name, constString(obj.Val()))
		case *types.Var:
			w.emit("var %s %s", name, w.typ(obj.Type()))
		case *types.Func:
			w.emit("func %s%s", name, w.signature(obj.Type().(*types.Signature)))
		case *types.TypeName:
			w.typeName(obj)
		}
	}
	slices.Sort(w.lines)
	return slices.Compact(w.lines)
}

type apiWriter struct {
	pkg    *types.Package
	prefix string
	lines  []string
	// aliased holds the types of internal packages that pkg aliases under
	// their own names: they are written as pkg's.
	aliased map[*types.TypeName]bool
	// pkgs holds the packages the qualifier was asked about, by path.
	pkgs map[string]*types.Package
}

// internalNamed returns the type tn aliases if tn is an alias of a type
// declared in an internal package, under that type's name and not
// instantiated; else nil.
func (w *apiWriter) internalNamed(tn *types.TypeName) *types.Named {
	if !tn.IsAlias() {
		return nil
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != tn.Name() || n.TypeArgs().Len() > 0 {
		return nil
	}
	path := n.Obj().Pkg().Path()
	if !strings.Contains(path+"/", "/internal/") && !strings.HasPrefix(path, "internal/") {
		return nil
	}
	return n
}

func (w *apiWriter) emit(format string, args ...any) {
	w.lines = append(w.lines, w.prefix+fmt.Sprintf(format, args...))
}

func (w *apiWriter) qualifier(p *types.Package) string {
	if p == w.pkg {
		return ""
	}
	if len(w.aliased) > 0 {
		// typ decides, knowing the name, whether pkg aliases it.
		if w.pkgs == nil {
			w.pkgs = map[string]*types.Package{}
		}
		w.pkgs[p.Path()] = p
		return "\x00" + p.Path() + "\x00" + p.Name() + "\x00"
	}
	return p.Name()
}

// typ writes t. A type of an internal package that pkg aliases under its
// name is written unqualified, as pkg's own.
func (w *apiWriter) typ(t types.Type) string {
	if len(w.aliased) == 0 {
		return types.TypeString(t, w.qualifier)
	}
	var buf bytes.Buffer
	types.WriteType(&buf, t, w.qualifier)
	s := buf.String()
	if !strings.Contains(s, "\x00") {
		return s
	}
	// The qualifier marked each package it was asked about.
	return marked.ReplaceAllStringFunc(s, func(m string) string {
		sub := marked.FindStringSubmatch(m)
		for tn := range w.aliased {
			if tn.Pkg().Path() == sub[1] && tn.Name() == sub[3] {
				return sub[3]
			}
		}
		// An alias, under the same name, of a type pkg aliases (an
		// internal package's alias of another's type) is that type.
		if p := w.pkgs[sub[1]]; p != nil {
			if tn, ok := p.Scope().Lookup(sub[3]).(*types.TypeName); ok && tn.IsAlias() {
				if n, ok := types.Unalias(tn.Type()).(*types.Named); ok && w.aliased[n.Obj()] && n.Obj().Name() == sub[3] {
					return sub[3]
				}
			}
		}
		return sub[2] + "." + sub[3]
	})
}

// marked matches a name the qualifier marked: \x00path\x00name\x00.Name.
var marked = regexp.MustCompile("\x00([^\x00]*)\x00([^\x00]*)\x00\\.(\\w+)")

// signature writes a signature without parameter names.
func (w *apiWriter) signature(sig *types.Signature) string {
	var sb strings.Builder
	if tps := sig.TypeParams(); tps != nil && tps.Len() > 0 {
		sb.WriteString(w.typeParams(tps))
	}
	sb.WriteString(w.tuple(sig.Params(), sig.Variadic()))
	switch res := sig.Results(); res.Len() {
	case 0:
	case 1:
		sb.WriteString(" " + w.typ(res.At(0).Type()))
	default:
		sb.WriteString(" " + w.tuple(res, false))
	}
	return sb.String()
}

func (w *apiWriter) tuple(t *types.Tuple, variadic bool) string {
	var parts []string
	for i := range t.Len() {
		typ := t.At(i).Type()
		if variadic && i == t.Len()-1 {
			parts = append(parts, "..."+w.typ(typ.(*types.Slice).Elem()))
			continue
		}
		parts = append(parts, w.typ(typ))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (w *apiWriter) typeParams(tps *types.TypeParamList) string {
	var parts []string
	for i := range tps.Len() {
		tp := tps.At(i)
		parts = append(parts, tp.Obj().Name()+" "+w.typ(tp.Constraint()))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (w *apiWriter) typeName(obj *types.TypeName) {
	name := obj.Name()
	var named *types.Named
	if obj.IsAlias() {
		if named = w.internalNamed(obj); named == nil {
			w.emit("type %s = %s", name, w.typ(types.Unalias(obj.Type())))
			return
		}
	}
	if named == nil {
		named, _ = obj.Type().(*types.Named)
	}
	ok := named != nil
	if !ok {
		w.emit("type %s %s", name, w.typ(obj.Type()))
		return
	}
	head := name
	if tps := named.TypeParams(); tps != nil && tps.Len() > 0 {
		head += w.typeParams(tps)
	}
	switch u := named.Underlying().(type) {
	case *types.Struct:
		w.emit("type %s struct", head)
		for f := range u.Fields() {
			switch {
			case !f.Exported():
			case f.Embedded():
				w.emit("type %s struct, embedded %s", name, w.typ(f.Type()))
			default:
				w.emit("type %s struct, %s %s", name, f.Name(), w.typ(f.Type()))
			}
		}
	case *types.Interface:
		var names []string
		sealed := false
		for m := range u.Methods() {
			if !m.Exported() {
				sealed = true
				continue
			}
			names = append(names, m.Name())
			w.emit("type %s interface, %s%s", name, m.Name(), w.signature(m.Type().(*types.Signature)))
		}
		slices.Sort(names)
		for et := range u.EmbeddedTypes() {
			if !types.IsInterface(et) {
				// A constraint's type terms, such as ~int | ~string.
				names = append(names, w.typ(et))
			}
		}
		if sealed {
			names = append(names, "unexported methods")
		}
		if len(names) == 0 {
			w.emit("type %s interface {}", head)
		} else {
			w.emit("type %s interface { %s }", head, strings.Join(names, ", "))
		}
		return // an interface's methods are listed above
	default:
		w.emit("type %s %s", head, w.typ(u))
	}
	// Methods: of the value's method set, then those only *T has.
	val := types.NewMethodSet(named)
	ptr := types.NewMethodSet(types.NewPointer(named))
	recv := name
	if tps := named.TypeParams(); tps != nil && tps.Len() > 0 {
		var ps []string
		for tp := range tps.TypeParams() {
			ps = append(ps, tp.Obj().Name())
		}
		recv += "[" + strings.Join(ps, ", ") + "]"
	}
	for sel := range ptr.Methods() {
		m := sel.Obj().(*types.Func)
		if !m.Exported() {
			continue
		}
		r := "*" + recv
		if val.Lookup(m.Pkg(), m.Name()) != nil {
			r = recv
		}
		w.emit("method (%s) %s%s", r, m.Name(), w.signature(m.Type().(*types.Signature)))
	}
}

// constString formats a constant's value exactly; strings longer than 80
// characters are cut, so a line stays readable.
func constString(v constant.Value) string {
	s := v.ExactString()
	if v.Kind() == constant.String && len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// Undocumented returns the exported declarations of files that have no doc
// comment, as "file:line: kind Name" sorted by position. An exported
// function, type, constant or variable needs one; so does an exported
// method of an exported type. A constant or variable in a parenthesized
// group is documented by the group's comment or by a comment of its own
// (before it or at the end of its line). Struct fields and interface
// methods are not required to have one.
func Undocumented(fset *token.FileSet, files []*ast.File) []string {
	var out []string
	report := func(pos token.Pos, kind, name string) {
		p := fset.Position(pos)
		out = append(out, fmt.Sprintf("%s:%d: %s %s", p.Filename, p.Line, kind, name))
	}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() || d.Doc != nil {
					continue
				}
				if d.Recv != nil {
					base := receiverBase(d.Recv.List[0].Type)
					if base == "" || !ast.IsExported(base) {
						continue
					}
					report(d.Pos(), "method", base+"."+d.Name.Name)
					continue
				}
				report(d.Pos(), "func", d.Name.Name)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() && s.Doc == nil && d.Doc == nil {
							report(s.Pos(), "type", s.Name.Name)
						}
					case *ast.ValueSpec:
						if s.Doc != nil || s.Comment != nil || d.Doc != nil {
							continue
						}
						for _, n := range s.Names {
							if n.IsExported() {
								report(n.Pos(), d.Tok.String(), n.Name)
							}
						}
					}
				}
			}
		}
	}
	return out
}

// receiverBase returns the name of a receiver's base type.
func receiverBase(x ast.Expr) string {
	for {
		switch t := x.(type) {
		case *ast.StarExpr:
			x = t.X
		case *ast.ParenExpr:
			x = t.X
		case *ast.IndexExpr:
			x = t.X
		case *ast.IndexListExpr:
			x = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
