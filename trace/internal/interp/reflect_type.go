package interp

import (
	"go/types"
	"reflect"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// reflect.Type over the interpreted program's types. A reflect.Type that
// interpreted code holds is an interface value whose native dynamic
// value is an *rtype: the go/types type of the program it stands for,
// one *rtype per type and program, so that == on reflect.Types is type
// identity. A native type the program cannot name (a type of a package
// it does not import) keeps only its native reflect.Type, and answers
// the methods that need no go/types type. The methods of reflect.Type
// called on an *rtype run rtypeMethods (see callNativeMethod).

// rtype is a reflect.Type of interpreted code.
type rtype struct {
	p  *Program
	t  types.Type   // the type; nil when only rt is known
	rt reflect.Type // for t == nil: the native type
}

// String names the type as reflect.Type.String does (fmt prints a
// reflect.Type so).
func (t *rtype) String() string {
	if t.t == nil {
		return t.rt.String()
	}
	return reflectString(unnamedParams(t.t))
}

// reflectString names t as reflect does: as goTypeName, but the type
// arguments of an instance of a generic type by their packages' paths
// (G[example.com/m/p.T]).
func reflectString(t types.Type) string {
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if ta := u.TypeArgs(); ta != nil {
			s := u.Obj().Name()
			if pkg := u.Obj().Pkg(); pkg != nil {
				s = pkg.Name() + "." + s
			}
			return s + typeArgsString(ta)
		}
	case *types.Pointer:
		return "*" + reflectString(u.Elem())
	case *types.Slice:
		return "[]" + reflectString(u.Elem())
	case *types.Array:
		return "[" + strconv.FormatInt(u.Len(), 10) + "]" + reflectString(u.Elem())
	case *types.Map:
		return "map[" + reflectString(u.Key()) + "]" + reflectString(u.Elem())
	}
	return goTypeName(t)
}

// typeArgsString is the bracketed type arguments of an instance as
// reflect names them: by package paths.
func typeArgsString(ta *types.TypeList) string {
	args := make([]string, ta.Len())
	for i := range args {
		s := goTypeName(ta.At(i))
		if strings.Contains(s, ".") {
			s = types.TypeString(ta.At(i), func(p *types.Package) string { return p.Path() })
			s = strings.ReplaceAll(s, "interface{}", "interface {}")
		}
		args[i] = s
	}
	return "[" + strings.Join(args, ",") + "]"
}

// unnamedParams returns t with the parameters of the signatures in it
// unnamed, as reflect names func types.
func unnamedParams(t types.Type) types.Type {
	switch u := t.(type) {
	case *types.Pointer:
		return types.NewPointer(unnamedParams(u.Elem()))
	case *types.Slice:
		return types.NewSlice(unnamedParams(u.Elem()))
	case *types.Array:
		return types.NewArray(unnamedParams(u.Elem()), u.Len())
	case *types.Map:
		return types.NewMap(unnamedParams(u.Key()), unnamedParams(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), unnamedParams(u.Elem()))
	case *types.Signature:
		tuple := func(tu *types.Tuple) *types.Tuple {
			vs := make([]*types.Var, tu.Len())
			for i := range vs {
				vs[i] = types.NewParam(0, nil, "", unnamedParams(tu.At(i).Type()))
			}
			return types.NewTuple(vs...)
		}
		return types.NewSignatureType(nil, nil, nil, tuple(u.Params()), tuple(u.Results()), u.Variadic())
	}
	return t
}

// rtypeOf returns the canonical *rtype of t.
func (p *Program) rtypeOf(t types.Type) *rtype {
	p.mu.Lock()
	defer p.mu.Unlock()
	ref := p.intern(t)
	if rt := p.rtypes[ref.id]; rt != nil {
		return rt
	}
	if p.rtypes == nil {
		p.rtypes = map[int32]*rtype{}
	}
	rt := &rtype{p: p, t: ref.t}
	p.rtypes[ref.id] = rt
	return rt
}

// rtypeNative returns the canonical *rtype of the native type nt: that
// of the program's type of the same name and structure if it has one.
func (p *Program) rtypeNative(nt reflect.Type) *rtype {
	if t := p.typeOfNative(nt, 0); t != nil {
		return p.rtypeOf(t)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if rt := p.nrtypes[nt]; rt != nil {
		return rt
	}
	if p.nrtypes == nil {
		p.nrtypes = map[reflect.Type]*rtype{}
	}
	rt := &rtype{p: p, rt: nt}
	p.nrtypes[nt] = rt
	return rt
}

// namedType returns the type name declares in the loaded package
// pkgPath (exported or not), or nil when the program has no such type.
func (p *Program) namedType(pkgPath, name string) types.Type {
	pkg := p.SSA.ImportedPackage(pkgPath)
	if pkg == nil {
		return nil
	}
	if obj, ok := pkg.Pkg.Scope().Lookup(name).(*types.TypeName); ok {
		return obj.Type()
	}
	return nil
}

// typeOfNative returns the program's type for the native type nt, or nil:
// a named type by its package (which the program must have loaded) and
// name, a predeclared one by name, composites of those.
func (p *Program) typeOfNative(nt reflect.Type, depth int) types.Type {
	if depth > 16 {
		return nil
	}
	if name := nt.Name(); name != "" {
		if nt.PkgPath() == "" {
			if obj, ok := types.Universe.Lookup(name).(*types.TypeName); ok {
				return obj.Type()
			}
			return nil
		}
		if strings.Contains(name, "[") {
			return nil // an instance of a generic type
		}
		return p.namedType(nt.PkgPath(), name)
	}
	elem := func() types.Type { return p.typeOfNative(nt.Elem(), depth+1) }
	switch nt.Kind() {
	case reflect.Pointer:
		if e := elem(); e != nil {
			return types.NewPointer(e)
		}
	case reflect.Slice:
		if e := elem(); e != nil {
			return types.NewSlice(e)
		}
	case reflect.Array:
		if e := elem(); e != nil {
			return types.NewArray(e, int64(nt.Len()))
		}
	case reflect.Map:
		k, e := p.typeOfNative(nt.Key(), depth+1), elem()
		if k != nil && e != nil {
			return types.NewMap(k, e)
		}
	case reflect.Chan:
		if e := elem(); e != nil {
			dir := types.SendRecv
			switch nt.ChanDir() {
			case reflect.SendDir:
				dir = types.SendOnly
			case reflect.RecvDir:
				dir = types.RecvOnly
			}
			return types.NewChan(dir, e)
		}
	case reflect.Interface:
		if nt.NumMethod() == 0 {
			return types.NewInterfaceType(nil, nil).Complete()
		}
	case reflect.Struct:
		var fields []*types.Var
		var tags []string
		for i := range nt.NumField() {
			f := nt.Field(i)
			if !f.IsExported() {
				return nil // its package is unknown here
			}
			ft := p.typeOfNative(f.Type, depth+1)
			if ft == nil {
				return nil
			}
			fields = append(fields, types.NewField(0, nil, f.Name, ft, f.Anonymous))
			tags = append(tags, string(f.Tag))
		}
		return types.NewStruct(fields, tags)
	case reflect.Func:
		in, out := make([]*types.Var, nt.NumIn()), make([]*types.Var, nt.NumOut())
		for i := range in {
			if in[i] = p.tupleVar(nt.In(i), depth); in[i] == nil {
				return nil
			}
		}
		for i := range out {
			if out[i] = p.tupleVar(nt.Out(i), depth); out[i] == nil {
				return nil
			}
		}
		return types.NewSignatureType(nil, nil, nil, types.NewTuple(in...), types.NewTuple(out...), nt.IsVariadic())
	}
	return nil
}

func (p *Program) tupleVar(nt reflect.Type, depth int) *types.Var {
	t := p.typeOfNative(nt, depth+1)
	if t == nil {
		return nil
	}
	return types.NewParam(0, nil, "", t)
}

// reflectKind is the reflect.Kind of values of t.
func reflectKind(t types.Type) reflect.Kind {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return basicKinds[u.Kind()]
	case *types.Pointer:
		return reflect.Pointer
	case *types.Slice:
		return reflect.Slice
	case *types.Array:
		return reflect.Array
	case *types.Map:
		return reflect.Map
	case *types.Chan:
		return reflect.Chan
	case *types.Signature:
		return reflect.Func
	case *types.Struct:
		return reflect.Struct
	case *types.Interface:
		return reflect.Interface
	}
	return reflect.Invalid
}

var basicKinds = map[types.BasicKind]reflect.Kind{
	types.Bool: reflect.Bool, types.Int: reflect.Int, types.Int8: reflect.Int8, types.Int16: reflect.Int16,
	types.Int32: reflect.Int32, types.Int64: reflect.Int64, types.Uint: reflect.Uint, types.Uint8: reflect.Uint8,
	types.Uint16: reflect.Uint16, types.Uint32: reflect.Uint32, types.Uint64: reflect.Uint64,
	types.Uintptr: reflect.Uintptr, types.Float32: reflect.Float32, types.Float64: reflect.Float64,
	types.Complex64: reflect.Complex64, types.Complex128: reflect.Complex128, types.String: reflect.String,
	types.UnsafePointer: reflect.UnsafePointer,
}

// kind is the type's reflect.Kind.
func (t *rtype) kind() reflect.Kind {
	if t == nil {
		return reflect.Invalid
	}
	if t.t == nil {
		return t.rt.Kind()
	}
	return reflectKind(t.t)
}

// name is reflect.Type.Name: a defined type's name (with its type
// arguments), a predeclared type's, else "".
func (t *rtype) name() string {
	if t.t == nil {
		return t.rt.Name()
	}
	switch x := types.Unalias(t.t).(type) {
	case *types.Basic:
		if k, ok := basicKinds[x.Kind()]; ok {
			if k == reflect.UnsafePointer {
				return "Pointer"
			}
			return k.String()
		}
		return x.Name()
	case *types.Named:
		s := x.Obj().Name()
		if ta := x.TypeArgs(); ta != nil {
			s += typeArgsString(ta)
		}
		return s
	}
	return ""
}

// pkgPath is reflect.Type.PkgPath.
func (t *rtype) pkgPath() string {
	if t.t == nil {
		return t.rt.PkgPath()
	}
	if n, ok := types.Unalias(t.t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path()
	}
	return ""
}

// need returns t's go/types type, or stops the run with a BridgeError
// naming the call when only the native type is known.
func (t *rtype) need(r *run, in *ins, call string) types.Type {
	if t.t == nil {
		panic(&BridgeError{Func: call, CallSite: r.pos(in), Reason: "the native type " + t.rt.String() + " is not one the interpreted program can name"})
	}
	return t.t
}

// kindPanic panics as reflect does when a method is called on a type of
// the wrong kind.
func kindPanic(method string, t *rtype) {
	panic("reflect: " + method + " of non-" + strings.ToLower(strings.TrimPrefix(method, "reflect.Type.")) + " type " + t.String())
}

var sizes = types.SizesFor("gc", runtime.GOARCH)

// elemType is reflect.Type.Elem's type, or nil for a kind without one.
func elemType(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return u.Elem()
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	case *types.Map:
		return u.Elem()
	case *types.Chan:
		return u.Elem()
	}
	return nil
}

// exportedMethods lists the methods reflect counts for t, sorted by name:
// the exported ones of its method set, every method of an interface.
func (p *Program) exportedMethods(t types.Type) []*types.Selection {
	ms := p.SSA.MethodSets.MethodSet(t)
	_, isIface := t.Underlying().(*types.Interface)
	var out []*types.Selection
	for i := range ms.Len() {
		if isIface || ms.At(i).Obj().Exported() {
			out = append(out, ms.At(i))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Obj().Name() < out[j].Obj().Name() })
	return out
}

// methodFuncType is the type of reflect.Method.Type: the method's
// signature with the receiver first (none for an interface's).
func methodFuncType(recv types.Type, sel *types.Selection) types.Type {
	sig := sel.Type().(*types.Signature)
	if _, isIface := recv.Underlying().(*types.Interface); isIface {
		return types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
	}
	params := []*types.Var{types.NewParam(0, nil, "", recv)}
	for v := range sig.Params().Variables() {
		params = append(params, v)
	}
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
}

// methodFunc returns the function the method sel of recv runs.
func (p *Program) methodFunc(sel *types.Selection) *ssa.Function {
	return p.SSA.MethodValue(sel)
}

// makeStruct builds a value of the struct type t with the named fields
// set, the others zero.
func (p *Program) makeStruct(t types.Type, fields map[string]Value) Value {
	st := t.Underlying().(*types.Struct)
	cs := make([]cell, st.NumFields())
	for i := range cs {
		v, ok := fields[st.Field(i).Name()]
		if !ok {
			v = copyVal(p.zero(st.Field(i).Type()))
		}
		cs[i] = cell{v: v, st: NoEvent}
	}
	return aggOf(KindStruct, cs)
}

// intSlice is an interpreted []int.
func intSlice(xs []int) Value {
	cs := make([]cell, len(xs))
	for i, x := range xs {
		cs[i] = cell{v: Int(int64(x)), st: NoEvent}
	}
	return sliceOf(cs)
}

// structField builds the reflect.StructField (of type sft) of field i of
// struct type st, at index path idx.
func (r *run) structField(sft types.Type, st *types.Struct, i int, idx []int) Value {
	f := st.Field(i)
	pkg := ""
	if !f.Exported() && f.Pkg() != nil {
		pkg = f.Pkg().Path()
	}
	offs := sizes.Offsetsof(fieldsOf(st))
	return r.p.makeStruct(sft, map[string]Value{
		"Name":      String(f.Name()),
		"PkgPath":   String(pkg),
		"Type":      r.typeValue(r.p.rtypeOf(f.Type())),
		"Tag":       String(st.Tag(i)),
		"Offset":    Uint(uint64(offs[i])),
		"Index":     intSlice(idx),
		"Anonymous": Bool(f.Embedded()),
	})
}

func fieldsOf(st *types.Struct) []*types.Var {
	fs := make([]*types.Var, st.NumFields())
	for i := range fs {
		fs[i] = st.Field(i)
	}
	return fs
}

// typeValue is t as an interpreted reflect.Type (nil: a nil interface).
func (r *run) typeValue(t *rtype) Value {
	if t == nil {
		return Value{k: KindInterface}
	}
	return Value{k: KindInterface, p: ptrOf(&iface{nat: t, t: typeRef{id: -1}})}
}

// asType returns the *rtype an interpreted reflect.Type holds (nil for a
// nil one); a native reflect.Type becomes its *rtype.
func (r *run) asType(v Value) *rtype {
	if v.k != KindInterface || v.p == nil {
		return nil
	}
	switch x := (*iface)(v.p).nat.(type) {
	case *rtype:
		return x
	case reflect.Type:
		return r.p.rtypeNative(x)
	}
	return nil
}

// fieldByIndex returns the struct type and field index path idx leads to
// from t (through embedded pointers).
func fieldByIndex(t types.Type, idx []int) (*types.Struct, int) {
	st := t.Underlying().(*types.Struct)
	for _, i := range idx[:len(idx)-1] {
		ft := st.Field(i).Type()
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		st = ft.Underlying().(*types.Struct)
	}
	return st, idx[len(idx)-1]
}

// fieldByName finds the field name of struct type t as reflect's
// FieldByName does (the shallowest, unambiguous), and its index path.
func fieldByName(t types.Type, name string) ([]int, bool) {
	return fieldByNameFunc(t, func(s string) bool { return s == name })
}

// fieldByNameFunc finds the field whose name satisfies match as
// reflect's FieldByNameFunc does (the shallowest, unambiguous), and its
// index path.
func fieldByNameFunc(t types.Type, match func(string) bool) ([]int, bool) {
	type entry struct {
		t   types.Type
		idx []int
	}
	level := []entry{{t: t}}
	seen := map[types.Type]bool{}
	for len(level) > 0 {
		var found []int
		count := 0
		var next []entry
		for _, e := range level {
			st, ok := e.t.Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for i := range st.NumFields() {
				f := st.Field(i)
				idx := append(append([]int(nil), e.idx...), i)
				if match(f.Name()) {
					count++
					if found == nil {
						found = idx
					}
					continue
				}
				if f.Embedded() {
					ft := f.Type()
					if p, ok := ft.Underlying().(*types.Pointer); ok {
						ft = p.Elem()
					}
					if n, ok := types.Unalias(ft).(*types.Named); ok {
						if seen[n] {
							continue
						}
						seen[n] = true
					}
					next = append(next, entry{t: ft, idx: idx})
				}
			}
		}
		if count == 1 {
			return found, true
		}
		if count > 1 {
			return nil, false
		}
		level = next
	}
	return nil, false
}

// chanDir is the reflect.ChanDir of a channel type.
func chanDir(c *types.Chan) reflect.ChanDir {
	switch c.Dir() {
	case types.SendOnly:
		return reflect.SendDir
	case types.RecvOnly:
		return reflect.RecvDir
	}
	return reflect.BothDir
}

// typeBits is reflect.Type.Bits.
func typeBits(t *rtype) int {
	switch t.kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		if t.t == nil {
			return t.rt.Bits()
		}
		return int(sizes.Sizeof(t.t)) * 8
	}
	panic("reflect: Bits of non-arithmetic Type " + t.String())
}

// methodValueName names a method for errors.
func methodValueName(t *rtype, name string) string {
	return "(" + t.String() + ")." + name
}

// localToGeneric reports whether t involves a type declared inside a
// generic function, which the runtime names with the function's type
// arguments (main.T[int;int]) and go/types does not.
func localToGeneric(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		obj := u.Obj()
		if obj.Pkg() != nil && obj.Parent() != obj.Pkg().Scope() && inGenericFunc(obj) {
			return true
		}
		if ta := u.TypeArgs(); ta != nil {
			for i := range ta.Len() {
				if localToGeneric(ta.At(i), depth+1) {
					return true
				}
			}
		}
		return false
	case *types.Pointer, *types.Slice, *types.Array, *types.Chan:
		return localToGeneric(elemType(u), depth+1)
	case *types.Map:
		return localToGeneric(u.Key(), depth+1) || localToGeneric(u.Elem(), depth+1)
	}
	return false
}

// inGenericFunc reports whether the local type obj is declared in a
// generic function or a method of a generic type.
func inGenericFunc(obj *types.TypeName) bool {
	scope := obj.Pkg().Scope()
	generic := func(f *types.Func) bool {
		sig := f.Signature()
		return (sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0) && f.Scope() != nil && f.Scope().Contains(obj.Pos())
	}
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			if generic(o) {
				return true
			}
		case *types.TypeName:
			if n, ok := o.Type().(*types.Named); ok {
				for m := range n.Methods() {
					if generic(m) {
						return true
					}
				}
			}
		}
	}
	return false
}
