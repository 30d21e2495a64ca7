package reach

import (
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/trace"
)

// Unreachable returns the changes of free that the failing cases cannot
// execute, in free's order: those lying only in functions that no call
// from the cases' test functions (or the packages' initialisation) can
// reach in the new version nor, through the old code of the changes it
// reaches, in the old one, and those of files the test binary does not
// compile. It returns nil when it cannot tell (no test function found,
// or no file of the program in the change set).
//
// The call graph is static and conservative: a function is reached when
// reached code calls it or takes its value; a type converted to an
// interface in reached code brings in the methods of its method sets and
// of the types it holds (what reflection and library code called with
// it may call). The old version's calls are read from the old text of
// the changes in reached code: every function or method of the program
// of a name it calls is reached too (the old version is not loaded). A change
// outside function bodies (a declaration of a type, a variable, an
// import) is reachable when its file is compiled.
func Unreachable(prog *trace.Program, pkgPath string, cases []string, set *changes.Set, free []*changes.Change) []*changes.Change {
	r := &reacher{prog: prog.SSA, seen: map[*ssa.Function]bool{}}
	roots := 0
	for _, name := range cases {
		top, _, _ := strings.Cut(name, "/")
		for _, p := range []string{pkgPath, pkgPath + "_test"} {
			for _, fn := range []string{top, "TestMain"} {
				if f := prog.Func(p, fn); f != nil {
					r.fn(f)
					roots++
				}
			}
		}
	}
	if roots == 0 {
		return nil
	}
	for _, p := range prog.Packages {
		if f := p.Func("init"); f != nil {
			r.fn(f)
		}
	}
	// The program's files, and the functions of the program by name,
	// for the old text's calls.
	compiled := map[string]bool{}
	prog.Fset.Iterate(func(f *token.File) bool {
		compiled[filepath.Clean(f.Name())] = true
		return true
	})
	inSet := false
	for _, c := range set.Changes {
		if compiled[filepath.Join(set.New, filepath.FromSlash(c.File))] {
			inSet = true
			break
		}
	}
	if !inSet {
		return nil
	}
	byName := map[string][]*ssa.Function{}
	for _, p := range prog.Packages {
		for _, m := range p.Members {
			switch m := m.(type) {
			case *ssa.Function:
				byName[m.Name()] = append(byName[m.Name()], m)
			case *ssa.Type:
				for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
					if hasTypeParam(t) {
						continue
					}
					ms := prog.SSA.MethodSets.MethodSet(t)
					for i := range ms.Len() {
						if f := methodValue(prog.SSA, ms.At(i)); f != nil {
							byName[f.Name()] = append(byName[f.Name()], f)
						}
					}
				}
			}
		}
	}
	named := map[string]bool{} // the names the old text of reached changes calls
	var out []*changes.Change
	for {
		r.walk()
		spans := r.spans(prog.Fset)
		out = out[:0]
		grew := false
		for _, c := range free {
			if reached(c, set, compiled, spans, named) {
				for _, m := range called.FindAllStringSubmatch(c.OldText, -1) {
					if id := m[1]; !named[id] {
						named[id] = true
						for _, f := range byName[id] {
							if !r.seen[f] {
								r.fn(f)
								grew = true
							}
						}
					}
				}
				continue
			}
			out = append(out, c)
		}
		if !grew {
			return out
		}
	}
}

// called matches a call in code: the name called, a type instantiation
// of it allowed (f[T](x)).
var called = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*(?:\[[^\]\n]*\])?\(`)

// span is the extent of a reached function's syntax in its file.
type span struct{ from, to int }

// reached reports whether change c may execute: it lies in a compiled
// file, outside function bodies or overlapping a reached function (by
// spans, of that file), or it is a removed function that the old text
// of reached changes calls.
func reached(c *changes.Change, set *changes.Set, compiled map[string]bool, spans map[string][]span, named map[string]bool) bool {
	file := filepath.Join(set.New, filepath.FromSlash(c.File))
	if !compiled[file] {
		return false
	}
	if !isFunc(c.Func) {
		return true
	}
	a, b := c.New.Offset, c.New.End
	for _, s := range spans[file] {
		if a == b && s.from <= a && a <= s.to || a < s.to && s.from < b {
			return true
		}
	}
	if a == b { // removed code: a removed function called by reached old code
		name := c.Func[strings.LastIndexByte(c.Func, '.')+1:]
		return named[name]
	}
	return false
}

// isFunc reports whether a change's Func names a function or method
// declaration (not a var, const, type or import, nor the top level).
func isFunc(decl string) bool {
	if decl == "" {
		return false
	}
	for _, kw := range []string{"var ", "const ", "type ", "import "} {
		if strings.HasPrefix(decl, kw) {
			return false
		}
	}
	return true
}

// reacher walks the functions reachable from its roots.
type reacher struct {
	prog  *ssa.Program
	seen  map[*ssa.Function]bool
	queue []*ssa.Function
	types typeutil.Map // types whose methods are reached
}

func (r *reacher) fn(f *ssa.Function) {
	if f == nil || r.seen[f] {
		return
	}
	r.seen[f] = true
	r.queue = append(r.queue, f)
	if o := f.Origin(); o != nil {
		r.fn(o)
	}
}

// walk reaches what the queued functions call, take the value of, or
// convert to an interface.
func (r *reacher) walk() {
	for len(r.queue) > 0 {
		f := r.queue[len(r.queue)-1]
		r.queue = r.queue[:len(r.queue)-1]
		var ops []*ssa.Value
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if op == nil {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok {
						r.fn(g)
					}
				}
				if mi, ok := in.(*ssa.MakeInterface); ok {
					r.typ(mi.X.Type())
				}
			}
		}
	}
}

// typ reaches the methods of t and *t, and of the types t holds.
func (r *reacher) typ(t types.Type) {
	if t == nil || r.types.At(t) != nil || hasTypeParam(t) {
		return
	}
	r.types.Set(t, true)
	if !types.IsInterface(t) {
		for _, mt := range []types.Type{t, types.NewPointer(t)} {
			ms := r.prog.MethodSets.MethodSet(mt)
			for i := range ms.Len() {
				r.fn(methodValue(r.prog, ms.At(i)))
			}
		}
	}
	switch u := t.(type) {
	case *types.Named:
		r.typ(u.Underlying())
	case *types.Pointer:
		r.typ(u.Elem())
	case *types.Slice:
		r.typ(u.Elem())
	case *types.Array:
		r.typ(u.Elem())
	case *types.Chan:
		r.typ(u.Elem())
	case *types.Map:
		r.typ(u.Key())
		r.typ(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			r.typ(u.Field(i).Type())
		}
	}
}

// methodValue is prog.MethodValue, nil where it has none or cannot make
// one (an abstract method).
func methodValue(prog *ssa.Program, sel *types.Selection) (f *ssa.Function) {
	defer func() {
		if recover() != nil {
			f = nil
		}
	}()
	return prog.MethodValue(sel)
}

// hasTypeParam reports whether t mentions a type parameter (a generic
// body's types, whose methods have no value).
func hasTypeParam(t types.Type) bool {
	found := false
	var visit func(t types.Type, depth int)
	visit = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch u := t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Named:
			for i := range u.TypeArgs().Len() {
				visit(u.TypeArgs().At(i), depth+1)
			}
			if u.TypeParams().Len() > 0 && u.TypeArgs().Len() == 0 {
				found = true
			}
		case *types.Pointer:
			visit(u.Elem(), depth+1)
		case *types.Slice:
			visit(u.Elem(), depth+1)
		case *types.Array:
			visit(u.Elem(), depth+1)
		case *types.Map:
			visit(u.Key(), depth+1)
			visit(u.Elem(), depth+1)
		case *types.Chan:
			visit(u.Elem(), depth+1)
		}
	}
	visit(t, 0)
	return found
}

// spans are the extents of the reached functions' syntax, by file.
func (r *reacher) spans(fset *token.FileSet) map[string][]span {
	out := map[string][]span{}
	for f := range r.seen {
		syn := f.Syntax()
		if syn == nil || !syn.Pos().IsValid() {
			continue
		}
		from, to := fset.PositionFor(syn.Pos(), false), fset.PositionFor(syn.End(), false)
		file := filepath.Clean(from.Filename)
		out[file] = append(out[file], span{from.Offset, to.Offset})
	}
	return out
}
