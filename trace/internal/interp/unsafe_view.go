package interp

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Header views that are written: a local string or []byte variable seen
// through a header struct (unsafe.go's headerShape) that the code stores
// into, as fastjson's s2b does:
//
//	strh := (*reflect.StringHeader)(unsafe.Pointer(&s))
//	sh := (*reflect.SliceHeader)(unsafe.Pointer(&b))
//	sh.Data = strh.Data
//	sh.Len = strh.Len
//	sh.Cap = strh.Len
//	return b
//
// The interpreter holds a string or a slice as one value, not as the
// words of its header, so the view is a cell of its own, a "live view":
// the run keeps one per variable, which every conversion of the
// variable's address returns; a store into the variable writes the view
// too, and a load of the variable reads it back from the view. This is
// what compiled code does, where the two are the same memory, for a
// variable whose address goes nowhere else: go/ssa's form shows that it
// is only loaded, stored, and converted to unsafe.Pointer and from there
// to the view's type (liveView). Writing a header's data word makes a
// string or slice only from a pointer the interpreter knows to reach the
// bytes (unsafe.go's headerBytes and headerSlice).

// liveViewInfo is the static part of a variable that has a live view: the
// variable's type t, a string or a []byte, and the header type u.
type liveViewInfo struct {
	t, u types.Type
}

// liveView reports whether variable a has a live view, and of what: a
// is a string or a []byte, is only loaded, stored into and converted to
// unsafe.Pointer, each such pointer only converted to one header type,
// and at least one of those views is not only read at once (readOnlyView:
// those the interpreter reads as copies, without a live view).
func (cp *compiler) liveView(a *ssa.Alloc) *liveViewInfo {
	if lv, ok := cp.views[a]; ok {
		return lv
	}
	lv := liveViewOf(a)
	if cp.views == nil {
		cp.views = map[*ssa.Alloc]*liveViewInfo{}
	}
	cp.views[a] = lv
	return lv
}

func liveViewOf(a *ssa.Alloc) *liveViewInfo {
	t := deref(a.Type())
	var u types.Type
	written := false
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil
			}
		case *ssa.Store:
			if ref.Val == ssa.Value(a) {
				return nil
			}
		case *ssa.DebugRef:
		case *ssa.Convert:
			if !isUnsafePointer(ref.Type()) {
				return nil
			}
			for _, r2 := range *ref.Referrers() {
				conv, ok := r2.(*ssa.Convert)
				if !ok {
					return nil
				}
				pt, ok := conv.Type().Underlying().(*types.Pointer)
				if !ok || u != nil && !types.Identical(u, pt.Elem()) {
					return nil
				}
				u = pt.Elem()
				if !readOnlyView(conv) {
					written = true
				}
			}
		default:
			return nil
		}
	}
	if u == nil || !written {
		return nil
	}
	n, _ := headerShape(u)
	if !(isString(t) && n == 2 || isBytes(t) && n == 3) {
		return nil
	}
	return &liveViewInfo{t: t, u: u}
}

// liveViewOfAddr returns the live view of the variable v is the address
// of, if it has one.
func (cp *compiler) liveViewOfAddr(v ssa.Value) *liveViewInfo {
	if a, ok := v.(*ssa.Alloc); ok {
		return cp.liveView(a)
	}
	return nil
}

// liveViewOfConv returns the live view a conversion of unsafe.Pointer
// to a header pointer makes, if it makes one.
func (cp *compiler) liveViewOfConv(i *ssa.Convert) *liveViewInfo {
	c, ok := i.X.(*ssa.Convert)
	if !ok {
		return nil
	}
	return cp.liveViewOfAddr(c.X)
}

type liveViewKey struct{}

// liveViews maps a variable's cell to its live view's cell.
func (r *run) liveViews() map[*cell]*cell {
	return Call{r: r}.State(liveViewKey{}, func() any { return map[*cell]*cell{} }).(map[*cell]*cell)
}

// liveViewConv runs the conversion in of x, an unsafe.Pointer to a
// variable with a live view, to a pointer to the view.
func (r *run) liveViewConv(fr *frame, in *ins, lv *liveViewInfo, x Value) {
	src := (*cell)(x.p)
	views := r.liveViews()
	if v, ok := views[src]; ok {
		e := r.def(fr, in, Value{k: KindPointer, p: ptrOf(v)})
		if r.tr != nil {
			r.memDeps(v, e)
		}
		return
	}
	h, ok := r.reinterpret(in, src.v, lv.t, lv.u)
	if !ok {
		r.unsupportedAt(in, fmt.Sprintf("conversion through unsafe.Pointer of *%s to *%s", lv.t, lv.u))
	}
	views[src] = r.viewCell(fr, in, src, h)
}

// loadLiveView runs a load of a variable with a live view: the
// variable's value is first read back from the view, if it has one yet.
func (r *run) loadLiveView(fr *frame, in *ins) {
	c := r.deref(fr, in, fr.regs[in.a[0]])
	if v, ok := r.liveViews()[c]; ok {
		lv := in.x.(*liveViewInfo)
		x, ok := r.reinterpret(in, v.v, lv.u, lv.t)
		if !ok {
			r.unsupportedAt(in, fmt.Sprintf("a %s read from a header of type %s", lv.t, lv.u))
		}
		c.v, c.st = x, lastStore(v)
	}
	e := r.def(fr, in, loadVal(c))
	if r.tr != nil {
		r.memDeps(c, e)
	}
}

// storeLiveView runs a store into a variable with a live view: the view,
// if it has one yet, then holds the new value's header.
func (r *run) storeLiveView(fr *frame, in *ins) {
	c := r.deref(fr, in, fr.regs[in.a[0]])
	v, e := r.stmtV(fr, in, fr.regs[in.a[1]])
	storeVal(c, v, e)
	if view, ok := r.liveViews()[c]; ok {
		lv := in.x.(*liveViewInfo)
		h, _ := r.reinterpret(in, c.v, lv.t, lv.u)
		storeInto(view, h, e)
	}
}

// lastStore returns the latest store event of a view's fields.
func lastStore(c *cell) EventID {
	st := c.st
	for _, f := range c.v.cells() {
		st = max(st, f.st)
	}
	return st
}
