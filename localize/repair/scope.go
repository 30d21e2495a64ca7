package repair

import (
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/internal/search"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// frameKey names an activation of the site's function in a trace.
type frameKey struct {
	call trace.EventID
	g    int
}

// instances appends to run the instances of the site in trace t (up to
// MaxInstances), each with the variables in scope there. orig, if not
// nil, gives the values of the original run at the instances' keys.
//
// The site's function is built in ssa.NaiveForm (package trace), so
// every local variable, parameters included, is an Alloc named by its
// Comment: its value at an event is the last one stored to it or loaded
// from it in the same activation, a struct variable's fields updated by
// the stores through its field addresses. A load whose value a hook
// set (an angelic run's instance of the site, trace.Trace.Steered) is
// not the value in memory: it is the instance's Value, not a binding of
// its environment or of those after it.
func (d *Data) instances(run *Run, t *trace.Trace, orig map[trace.InstanceKey]trace.Value) {
	fn := d.Site.fn
	vars := map[*ssa.Alloc]bool{}
	for _, a := range fn.Locals {
		if a.Comment != "" {
			vars[a] = true
		}
	}
	cur := map[frameKey]map[*ssa.Alloc]trace.Value{}
	occ := map[frameKey]int{}
	frames := []frameKey{}
	// The package-level variables of the site's package, as last stored
	// or loaded anywhere in the run: an event's store counts from the
	// next event on, so that an instance's environment is the one
	// before it.
	globals := map[*ssa.Global]trace.Value{}
	var stored *ssa.Global
	var storedVal trace.Value
	for e := range t.Len() {
		ev := trace.EventID(e)
		if stored != nil {
			globals[stored], stored = storedVal, nil
		}
		steered := t.Steered(ev)
		switch in := t.Instr(ev).(type) {
		case *ssa.Store:
			if g, ok := in.Addr.(*ssa.Global); ok && g.Pkg == fn.Pkg {
				stored, storedVal = g, t.Value(ev)
			}
		case *ssa.UnOp:
			if g, ok := in.X.(*ssa.Global); ok && in.Op == token.MUL && g.Pkg == fn.Pkg && !steered {
				globals[g] = t.Value(ev)
			}
		}
		if t.Func(ev) != fn {
			continue
		}
		fk := frameKey{t.CallOf(ev), t.Goroutine(ev)}
		m := cur[fk]
		if m == nil {
			m = map[*ssa.Alloc]trace.Value{}
			cur[fk] = m
		}
		if t.Static(ev) == d.Site.Static {
			if len(run.Instances) == d.opts.MaxInstances {
				run.Truncated = true
				return
			}
			if occ[fk] == 0 {
				frames = append(frames, fk)
			}
			occ[fk]++
			k := t.Key(ev)
			in := Instance{Key: k, Value: t.Value(ev), Env: d.env(t.Pos(ev), m, globals), globals: maps.Clone(globals)}
			in.Orig = in.Value
			if orig != nil {
				in.Orig = orig[k]
			}
			if br, ok := t.Instr(ev).(*ssa.If); ok {
				in.Orig = trace.Value{}
				if p := t.Producer(ev, br.Cond); p != trace.NoEvent {
					in.Orig = t.Value(p)
				} else if c, ok := br.Cond.(*ssa.Const); ok {
					in.Orig = d.prog.Const(c)
				}
			}
			in.Name = "line " + strconv.Itoa(d.Site.Line)
			if k.Occ > 0 || occ[fk] > 1 {
				in.Name += ", " + search.Ordinal(int(k.Occ)+1) + " iteration"
			}
			if i := slices.Index(frames, fk); i > 0 {
				in.Name += ", " + search.Ordinal(i+1) + " call"
			}
			run.Instances = append(run.Instances, in)
		}
		switch in := t.Instr(ev).(type) {
		case *ssa.Alloc:
			// A variable declared without a value holds its zero value.
			if vars[in] {
				if z, ok := term.Zero(in.Type().(*types.Pointer).Elem()); ok {
					m[in] = z
				}
			}
		case *ssa.Store:
			switch addr := in.Addr.(type) {
			case *ssa.Alloc:
				if vars[addr] {
					m[addr] = t.Value(ev)
				}
			case *ssa.FieldAddr:
				if a, ok := addr.X.(*ssa.Alloc); ok && vars[a] {
					if s, ok := m[a]; ok && s.Kind() == trace.KindStruct && addr.Field < s.Len() {
						fields := make([]trace.Value, s.Len())
						for i := range fields {
							fields[i] = s.Index(i)
						}
						fields[addr.Field] = t.Value(ev)
						m[a] = trace.Struct(fields...)
					}
				}
			}
		case *ssa.UnOp:
			if a, ok := in.X.(*ssa.Alloc); ok && in.Op == token.MUL && vars[a] && !steered {
				m[a] = t.Value(ev)
			}
		}
	}
}

// env returns the bindings of the variables in scope at pos whose
// values m (the function's locals) and globals (the package's) know:
// variables of basic types, and the basic fields of local struct
// variables (one level), sorted by name.
func (d *Data) env(pos token.Position, m map[*ssa.Alloc]trace.Value, globals map[*ssa.Global]trace.Value) []Binding {
	fn := d.Site.fn
	p := fn.Pkg.Prog.Fset.File(fn.Pos())
	if p == nil {
		return nil
	}
	at := p.LineStart(pos.Line) + token.Pos(pos.Column-1)
	scope := fn.Pkg.Pkg.Scope().Innermost(at)
	qual := types.RelativeTo(fn.Pkg.Pkg)
	var out []Binding
	for a, v := range m {
		if scope == nil {
			break
		}
		_, obj := scope.LookupParent(a.Comment, at)
		if obj == nil || obj.Pos() != a.Pos() {
			continue // not in scope here, or shadowed
		}
		typ := obj.Type()
		switch u := typ.Underlying().(type) {
		case *types.Basic:
			out = append(out, Binding{Name: a.Comment, Type: types.TypeString(typ, qual), Value: v, Text: v.String(), typ: typ})
		case *types.Struct:
			if v.Kind() != trace.KindStruct {
				continue
			}
			for i := range min(u.NumFields(), v.Len()) {
				f := u.Field(i)
				if _, ok := f.Type().Underlying().(*types.Basic); !ok || f.Name() == "_" {
					continue
				}
				if !f.Exported() && f.Pkg() != fn.Pkg.Pkg {
					continue
				}
				fv := v.Index(i)
				out = append(out, Binding{Name: a.Comment + "." + f.Name(), Type: types.TypeString(f.Type(), qual), Value: fv, Text: fv.String(), typ: f.Type()})
			}
		}
	}
	for g, v := range globals {
		if scope == nil {
			break
		}
		o := g.Object()
		if o == nil {
			continue // synthetic: the initializer's guard
		}
		if _, obj := scope.LookupParent(g.Name(), at); obj != o {
			continue // shadowed here
		}
		typ := o.Type()
		if _, ok := typ.Underlying().(*types.Basic); ok {
			out = append(out, Binding{Name: g.Name(), Type: types.TypeString(typ, qual), Value: v, Text: v.String(), typ: typ})
		}
	}
	slices.SortFunc(out, func(a, b Binding) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	return out
}
