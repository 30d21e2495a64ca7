package apicheck

import (
	"fmt"
	"go/types"
	"reflect"
	"regexp"
	"strings"
)

// lowerCamel is a lowerCamelCase JSON key: a lower-case letter, then
// letters and digits ("timeNanos", "mcses", "startLine").
var lowerCamel = regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)

// JSONKeys returns what breaks faultloc's JSON vocabulary in the keys
// encoding/json writes for a value of type t, one problem a line
// ("pkg.Type.Field: ..."), in the order of the walk: a key that is not
// lowerCamelCase, and a time.Duration (written as integer nanoseconds)
// whose key does not end in "Nanos". It walks t as encoding/json does:
// through pointers, slices, arrays and map values, into every struct
// field written (exported, not tagged "-"), an embedded struct's fields
// without a key of their own flattened into the outer object. A type
// with its own MarshalJSON or MarshalText method, and an interface, end
// the walk: what they write is not known from their type. Keys in allow
// are accepted as they are (a key an external schema fixes, SARIF's
// "$schema").
func JSONKeys(t types.Type, allow ...string) []string {
	w := &jsonWalker{seen: map[types.Type]bool{}, allow: map[string]bool{}}
	for _, k := range allow {
		w.allow[k] = true
	}
	w.walk(t, "")
	return w.problems
}

type jsonWalker struct {
	seen     map[types.Type]bool
	allow    map[string]bool
	problems []string
}

func (w *jsonWalker) walk(t types.Type, where string) {
	if w.seen[t] {
		return
	}
	w.seen[t] = true
	if marshals(t) {
		return
	}
	switch u := t.(type) {
	case *types.Named:
		w.walk(u.Underlying(), typeName(u))
	case *types.Alias:
		w.walk(types.Unalias(u), where)
	case *types.Pointer:
		w.walk(u.Elem(), where)
	case *types.Slice:
		w.walk(u.Elem(), where)
	case *types.Array:
		w.walk(u.Elem(), where)
	case *types.Map:
		w.walk(u.Elem(), where)
	case *types.Struct:
		w.fields(u, where)
	}
}

// fields checks the keys of a struct's fields and walks their types.
func (w *jsonWalker) fields(s *types.Struct, where string) {
	if where == "" {
		where = "struct"
	}
	for i := range s.NumFields() {
		f := s.Field(i)
		tag := reflect.StructTag(s.Tag(i)).Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if tag == "-" {
			continue
		}
		ft := types.Unalias(f.Type())
		if f.Embedded() && name == "" {
			// encoding/json flattens an embedded struct (or pointer to
			// one) without a key, exported or not, into the object.
			if p, ok := ft.(*types.Pointer); ok {
				ft = types.Unalias(p.Elem())
			}
			if _, ok := ft.Underlying().(*types.Struct); ok && !marshals(ft) {
				w.walk(ft, where)
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		at := where + "." + f.Name()
		switch {
		case w.allow[name]:
		case !lowerCamel.MatchString(name):
			w.problems = append(w.problems, fmt.Sprintf("%s: key %q is not lowerCamelCase", at, name))
		case isDuration(ft) && !strings.HasSuffix(name, "Nanos"):
			w.problems = append(w.problems, fmt.Sprintf("%s: key %q of a time.Duration (nanoseconds) does not end in Nanos", at, name))
		}
		w.walk(f.Type(), at)
	}
}

// marshals reports whether t or *t has a MarshalJSON or MarshalText
// method, or t is an interface: encoding/json then writes what the
// method (or the dynamic value) says.
func marshals(t types.Type) bool {
	if types.IsInterface(t) {
		return true
	}
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		for _, x := range []types.Type{t, types.NewPointer(t)} {
			if obj, _, _ := types.LookupFieldOrMethod(x, true, nil, m); obj != nil {
				if _, ok := obj.(*types.Func); ok {
					return true
				}
			}
		}
	}
	return false
}

// isDuration reports whether t is time.Duration or a pointer to one.
func isDuration(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// typeName names a named type as "pkg.Type".
func typeName(n *types.Named) string {
	if n.Obj().Pkg() == nil {
		return n.Obj().Name()
	}
	return n.Obj().Pkg().Name() + "." + n.Obj().Name()
}
