package interp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// applyPresets gives the package variables named by presets (see
// RunOptions.Presets) their values in r's memory, before anything runs.
// Keys are applied in sorted order so that the error reported, if any, does
// not depend on map iteration.
func (r *run) applyPresets(presets map[string]Value) error {
	keys := make([]string, 0, len(presets))
	for k := range presets {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		g, err := r.p.presetGlobal(k)
		if err != nil {
			return err
		}
		v := presets[k]
		if reason := r.p.presetFits(g, v); reason != "" {
			return &PresetError{Var: k, Reason: reason}
		}
		r.setGlobal(g, v)
	}
	return nil
}

// setGlobal gives the package variable g the value v in r's memory.
func (r *run) setGlobal(g *ssa.Global, v Value) {
	r.p.mu.Lock()
	gid, ok := r.p.globals[g]
	if !ok {
		gid = len(r.p.globals)
		r.p.globals[g] = gid
	}
	r.p.mu.Unlock()
	for len(r.globals) <= gid {
		r.globals = append(r.globals, nil)
	}
	r.globals[gid] = &cell{v: v, st: NoEvent}
}

// presetGlobal returns the package variable of an in-scope package named
// by key ("importpath.Name").
func (p *Program) presetGlobal(key string) (*ssa.Global, error) {
	i := strings.LastIndexByte(key, '.')
	if i <= 0 || i == len(key)-1 {
		return nil, &PresetError{Var: key, Reason: `not of the form "importpath.Name"`}
	}
	path, name := key[:i], key[i+1:]
	for _, pk := range p.Packages {
		if pk.Pkg.Path() != path {
			continue
		}
		if g, ok := pk.Members[name].(*ssa.Global); ok {
			return g, nil
		}
		return nil, &PresetError{Var: key, Reason: fmt.Sprintf("package %s has no package variable %s", path, name)}
	}
	return nil, &PresetError{Var: key, Reason: fmt.Sprintf("no in-scope package %s", path)}
}

// presetFits returns why v cannot be g's value, or "" if it can.
func (p *Program) presetFits(g *ssa.Global, v Value) string {
	t := deref(g.Type())
	cls, ii := classify(t)
	want := KindInvalid
	switch cls {
	case clsBool:
		want = KindBool
	case clsInt:
		want = KindInt
	case clsUint:
		want = KindUint
	case clsFloat:
		want = KindFloat
	case clsComplex:
		want = KindComplex
	case clsString:
		want = KindString
	}
	if want == KindInvalid || p.zero(t).k != want {
		return fmt.Sprintf("type %s is not a basic type (only booleans, numbers and strings can be preset)", t)
	}
	if v.k != want {
		return fmt.Sprintf("value of kind %s for a variable of type %s (want kind %s)", v.k, t, want)
	}
	switch cls {
	case clsInt, clsUint:
		if ii.norm(v.n) != v.n {
			return fmt.Sprintf("value %s overflows type %s", v, t)
		}
	case clsFloat:
		if f := v.Float(); ii.bits == 32 && !math.IsNaN(f) && float64(float32(f)) != f {
			return fmt.Sprintf("value %s is not exactly representable as %s", v, t)
		}
	case clsComplex:
		c := *(*complex128)(v.p)
		if ii.bits == 32 && complex128(complex64(c)) != c && c == c {
			return fmt.Sprintf("value %s is not exactly representable as %s", v, t)
		}
	}
	return ""
}
