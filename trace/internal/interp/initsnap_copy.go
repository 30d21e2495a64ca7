package interp

import (
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unsafe"
)

// The copies of a snapshot of initialization (initsnap.go).
// Interpreted memory is cells, and a reference points at a cell: a
// variable's own, or one in the middle of an array (an element, a field,
// what a slice starts at), and unrelated variables share an allocation
// (varcells.go). So a snapshot is not a graph of objects but the extents
// of memory its variables reach: each pointer, aggregate and slice
// (up to its capacity) covers a range of cells; overlapping or adjacent
// ranges merge, and the merged ranges are laid end to end in one array,
// in the order of their addresses. A reference into a range becomes the
// same offset into its copy, so pointers to one variable, slices of one
// array and fields of one struct stay one variable, array and struct, and
// variables keep their address order. Maps, interfaces and closures are
// copied once each, whoever refers to them. A copy of the snapshot for a
// run translates the cells holding references (initSnap.fix) by their
// offset into the snapshot.

// snapshotCopier copies values from memory the source addresses into
// dst.
type snapshotCopier struct {
	// index returns the index in dst of the copy of the cell at p.
	index func(p unsafe.Pointer) (int, bool)
	dst   []cell
	seen  map[unsafe.Pointer]unsafe.Pointer // maps, interfaces, closures, slice headers, boxes: their copy
}

// errNoCopy stops a snapshot at something it cannot copy.
type errNoCopy struct{ reason string }

// extent is a range of cells [start, start+n) and, once laid out, the
// index of its copy.
type extent struct {
	p  unsafe.Pointer
	n  int
	at int
}

// start and end are the extent's bounds, as addresses.
func (e extent) start() uintptr { return uintptr(e.p) }
func (e extent) end() uintptr   { return uintptr(e.p) + uintptr(e.n)*uintptr(cellBytes) }

// take fills s with a copy of the memory roots reach; it returns why it
// cannot, or "".
func (s *initSnap) take(roots []snapRoot, ext map[any]any) (reason string) {
	w := &snapWalk{cells: map[*cell]bool{}, objs: map[unsafe.Pointer]bool{}}
	defer func() {
		if x := recover(); x != nil {
			nc, ok := x.(errNoCopy)
			if !ok {
				panic(x)
			}
			reason = nc.reason
		}
	}()
	for _, rt := range roots {
		w.cell(rt.c, 1)
	}
	for k, x := range ext {
		st, ok := x.(InitState)
		if !ok {
			return fmt.Sprintf("an initializer left stand-in state %T", x)
		}
		st.InitReach(w.value, w.addr)
		if s.ext == nil {
			s.ext = map[any]InitState{}
		}
		s.ext[k] = st
	}
	exts := w.layout()
	c := &snapshotCopier{seen: map[unsafe.Pointer]unsafe.Pointer{}}
	total := 0
	for _, e := range exts {
		total += e.n
	}
	c.dst = make([]cell, total)
	c.index = func(p unsafe.Pointer) (int, bool) {
		a := uintptr(p)
		i, _ := slices.BinarySearchFunc(exts, a, func(e extent, a uintptr) int {
			switch {
			case e.end() <= a:
				return -1
			case e.start() > a:
				return 1
			}
			return 0
		})
		if i == len(exts) || a < exts[i].start() || a >= exts[i].end() {
			return 0, false
		}
		return exts[i].at + int((a-exts[i].start())/uintptr(cellBytes)), true
	}
	for _, e := range exts {
		src := unsafe.Slice((*cell)(e.p), e.n)
		for i := range src {
			v := c.value(src[i].v)
			c.dst[e.at+i] = cell{v: v, st: NoEvent}
			if refers(v) {
				s.fix = append(s.fix, int32(e.at+i))
			}
		}
	}
	s.mem = c.dst
	for k, st := range s.ext {
		cp, ok := st.InitCopy(c.value, c.cellAt).(InitState)
		if !ok {
			return fmt.Sprintf("a copy of stand-in state %T is no InitState", st)
		}
		s.ext[k] = cp
	}
	for _, rt := range roots {
		i, _ := c.index(ptrOf(rt.c))
		v := snapVar{id: rt.id, cell: int32(i)}
		switch rt.kind {
		case rootGlobal:
			s.globals = append(s.globals, v)
		case rootZero:
			s.zero = append(s.zero, v)
		case rootSync:
			s.sync = append(s.sync, syncState{n: rt.sync.n, locked: rt.sync.locked, done: rt.sync.done})
			s.syncAt = append(s.syncAt, int32(i))
		}
	}
	return ""
}

// restore returns a fresh copy of s's memory, and the copier that
// translates references into s.mem into it.
func (s *initSnap) restore() ([]cell, *snapshotCopier) {
	mem := make([]cell, len(s.mem))
	copy(mem, s.mem)
	if len(s.mem) == 0 {
		return mem, &snapshotCopier{index: func(unsafe.Pointer) (int, bool) { return 0, false }}
	}
	base := uintptr(unsafe.Pointer(&s.mem[0]))
	end := base + uintptr(len(s.mem))*uintptr(cellBytes)
	c := &snapshotCopier{dst: mem, index: func(p unsafe.Pointer) (int, bool) {
		a := uintptr(p)
		if a < base || a >= end {
			return 0, false
		}
		return int((a - base) / uintptr(cellBytes)), true
	}}
	for _, i := range s.fix {
		mem[i].v = c.value(s.mem[i].v)
	}
	return mem, c
}

// refers reports whether v holds a reference a copy translates.
func refers(v Value) bool {
	switch v.k {
	case KindPointer, KindStruct, KindArray, KindSlice, KindMap, KindInterface, KindFunc, KindNative, KindChan:
		return v.p != nil
	}
	return false
}

// cellAt returns the copy of the cell at p.
func (c *snapshotCopier) cellAt(p unsafe.Pointer) unsafe.Pointer {
	i, ok := c.index(p)
	if !ok {
		panic(&InternalError{Value: "init snapshot: a reference out of the copied memory"})
	}
	return ptrOf(&c.dst[i])
}

// value returns the copy of v, whose cells are in the source memory.
func (c *snapshotCopier) value(v Value) Value {
	switch {
	case !refers(v):
		return v
	case v.k == KindPointer || v.isAgg():
		v.p = c.cellAt(v.p)
		return v
	}
	if c.seen == nil {
		c.seen = map[unsafe.Pointer]unsafe.Pointer{}
	}
	if q, ok := c.seen[v.p]; ok {
		v.p = q
		return v
	}
	v.p = c.object(v)
	return v
}

// object returns the copy of the object v refers to (a slice header,
// map, interface, closure, native box or channel), noting it in c.seen
// before copying what it holds: a map may hold itself through an
// interface.
func (c *snapshotCopier) object(v Value) unsafe.Pointer {
	switch v.k {
	case KindSlice:
		h := *(*[]cell)(v.p)
		var nh []cell
		if cap(h) == 0 {
			nh = []cell{}
		} else {
			i, ok := c.index(ptrOf(&h[:1][0]))
			if !ok {
				panic(&InternalError{Value: "init snapshot: a slice out of the copied memory"})
			}
			nh = c.dst[i : i+len(h) : i+cap(h)]
		}
		return c.note(v.p, ptrOf(&nh))
	case KindMap:
		m := (*mapObj)(v.p)
		nm := &mapObj{idx: make(map[mkey]*mentry, len(m.idx)), ents: make([]*mentry, len(m.ents)), nlive: m.nlive}
		c.note(v.p, ptrOf(nm))
		for i, e := range m.ents {
			ne := &mentry{k: c.value(e.k), c: cell{v: c.value(e.c.v), st: NoEvent}, dead: e.dead}
			nm.ents[i] = ne
			if !e.dead {
				nm.idx[keyOf(ne.k)] = ne
			}
		}
		return ptrOf(nm)
	case KindInterface:
		it := (*iface)(v.p)
		n := &iface{t: it.t, nat: it.nat}
		c.note(v.p, ptrOf(n))
		n.v = c.value(it.v)
		return ptrOf(n)
	case KindFunc:
		cl := (*closure)(v.p)
		if len(cl.env) == 0 {
			return c.note(v.p, v.p) // a function, or a stand-in by name: no state
		}
		if o := onceOf(cl); o != nil {
			n := &onceCall{started: o.started, done: o.done}
			q := c.note(v.p, n.value(cl.name).p)
			n.f, n.res = c.value(o.f), c.value(o.res)
			return q
		}
		n := &closure{fn: cl.fn, name: cl.name, envEv: cl.envEv, env: make([]Value, len(cl.env))}
		c.note(v.p, ptrOf(n))
		for i, e := range cl.env {
			n.env[i] = c.value(e)
		}
		return ptrOf(n)
	case KindNative:
		rv := (*nativeBox)(v.p).rv
		if st, ok := atomicState(rv); ok {
			nb := &nativeBox{rv: reflect.New(rv.Type()).Elem()}
			if st != nil {
				nb.rv.Addr().Interface().(*atomic.Value).Store(st.InitCopy(c.value, c.cellAt))
			}
			return c.note(v.p, ptrOf(nb))
		}
		if x, ok := rv.Interface().(rvalue); ok {
			if x.c != nil {
				x.c = (*cell)(c.cellAt(ptrOf(x.c)))
			}
			if x.fw != nil {
				x.fw = (*cell)(c.cellAt(ptrOf(x.fw)))
			}
			return c.note(v.p, nativeValue(x).p)
		}
		return c.note(v.p, copyVal(v).p)
	case KindChan:
		ch := (*chanObj)(v.p)
		n := &chanObj{cap: ch.cap, closed: ch.closed, timer: ch.timer, buf: make([]chanItem, len(ch.buf), cap(ch.buf))}
		c.note(v.p, ptrOf(n))
		n.zero = c.value(ch.zero)
		for i, it := range ch.buf {
			n.buf[i] = chanItem{v: c.value(it.v), ev: NoEvent}
		}
		return ptrOf(n)
	}
	panic(&InternalError{Value: "init snapshot: a " + v.k.String() + " to copy"})
}

// note records q as the copy of the object at p, and returns q.
func (c *snapshotCopier) note(p, q unsafe.Pointer) unsafe.Pointer {
	c.seen[p] = q
	return q
}

// snapWalk finds the memory a snapshot's roots reach, and stops at what
// cannot be copied.
type snapWalk struct {
	exts  []extent
	cells map[*cell]bool
	objs  map[unsafe.Pointer]bool
}

// cover notes that the n cells from p are reached.
func (w *snapWalk) cover(p unsafe.Pointer, n int) {
	w.exts = append(w.exts, extent{p: p, n: n})
}

// cell walks the n cells from c.
func (w *snapWalk) cell(c *cell, n int) {
	if n == 1 && w.cells[c] {
		return
	}
	w.cells[c] = true
	w.cover(ptrOf(c), n)
	for _, x := range unsafe.Slice(c, n) {
		w.value(x.v)
	}
}

// first reports whether the object at p is reached the first time.
func (w *snapWalk) first(p unsafe.Pointer) bool {
	if w.objs[p] {
		return false
	}
	w.objs[p] = true
	return true
}

func (w *snapWalk) value(v Value) {
	if v.p == nil {
		if v.k == kindIter || v.k == kindDefers {
			panic(errNoCopy{"an initializer left a " + v.k.String() + " in memory"})
		}
		return
	}
	switch v.k {
	case KindPointer:
		if v.n != 0 {
			panic(errNoCopy{"an initializer left an unsafe.Pointer in memory"})
		}
		w.cell((*cell)(v.p), 1)
	case KindStruct, KindArray:
		w.cover(v.p, int(v.n))
		for _, x := range v.cells() {
			w.value(x.v)
		}
	case KindSlice:
		if !w.first(v.p) {
			return
		}
		h := *(*[]cell)(v.p)
		if cap(h) > 0 {
			w.cell(&h[:1][0], cap(h))
		}
	case KindMap:
		if !w.first(v.p) {
			return
		}
		m := (*mapObj)(v.p)
		if m.nat != nil {
			panic(errNoCopy{"an initializer left a view of a native map in memory"})
		}
		for _, e := range m.ents {
			w.value(e.k)
			w.value(e.c.v)
		}
	case KindInterface:
		if !w.first(v.p) {
			return
		}
		it := (*iface)(v.p)
		if it.nat != nil {
			if !immutableNative(reflect.ValueOf(it.nat), 0) {
				panic(errNoCopy{fmt.Sprintf("an initializer left a native %T in memory", it.nat)})
			}
			return
		}
		w.value(it.v)
	case KindFunc:
		if !w.first(v.p) {
			return
		}
		cl := (*closure)(v.p)
		if o := onceOf(cl); o != nil {
			if o.panicked != nil || o.started != o.done || len(o.wait.waiters) > 0 {
				panic(errNoCopy{"an initializer left " + cl.name + " running or panicked"})
			}
			w.value(o.f)
			w.value(o.res)
			return
		}
		if cl.ext != nil {
			panic(errNoCopy{"an initializer left a native function value in memory: " + cl.name})
		}
		for _, e := range cl.env {
			w.value(e)
		}
	case KindNative:
		rv := (*nativeBox)(v.p).rv
		if st, ok := atomicState(rv); ok {
			if st != nil {
				st.InitReach(w.value, w.addr)
			}
			return
		}
		if rv.Type() == reflect.TypeFor[rvalue]() {
			x := rv.Interface().(rvalue)
			if x.c != nil {
				w.addr(ptrOf(x.c))
			}
			if x.fw != nil {
				w.addr(ptrOf(x.fw))
			}
			if !x.nv.IsValid() || immutableNative(x.nv, 0) {
				return
			}
		}
		if !immutableNative(rv, 0) {
			panic(errNoCopy{"an initializer left a native " + rv.Type().String() + " in memory"})
		}
	case KindChan:
		if !w.first(v.p) {
			return
		}
		ch := (*chanObj)(v.p)
		if ch.timer || hasWaiter(ch.recvq) || hasWaiter(ch.sendq) {
			panic(errNoCopy{"an initializer left a channel with waiters or a timer's in memory"})
		}
		if ch.nat.IsValid() {
			panic(errNoCopy{"an initializer left a native channel in memory"})
		}
		w.value(ch.zero)
		for _, it := range ch.buf {
			w.value(it.v)
		}
	case KindComplex, KindString:
	default:
		panic(errNoCopy{"an initializer left a " + v.k.String() + " in memory"})
	}
}

// onceOf returns the state of cl if it is a function sync.OnceFunc,
// OnceValue or OnceValues returned (bridge_sync.go), else nil.
func onceOf(cl *closure) *onceCall {
	if cl.ext == nil || len(cl.env) != 1 || cl.env[0].k != KindNative || cl.env[0].p == nil {
		return nil
	}
	o, _ := (*nativeBox)(cl.env[0].p).rv.Interface().(*onceCall)
	return o
}

// addr walks the variable at p.
func (w *snapWalk) addr(p unsafe.Pointer) { w.cell((*cell)(p), 1) }

// atomicState reports whether rv is a sync/atomic.Value, and returns the
// InitState it holds (nil if it holds nothing); one holding something
// else stops the snapshot.
func atomicState(rv reflect.Value) (InitState, bool) {
	if rv.Type() != reflect.TypeFor[atomic.Value]() || !rv.CanAddr() {
		return nil, false
	}
	x := rv.Addr().Interface().(*atomic.Value).Load()
	if x == nil {
		return nil, true
	}
	st, ok := x.(InitState)
	if !ok {
		panic(errNoCopy{fmt.Sprintf("an initializer left a native atomic.Value holding %T", x)})
	}
	return st, true
}

// layout sorts and merges the extents reached and gives each its place in
// the copy.
func (w *snapWalk) layout() []extent {
	slices.SortFunc(w.exts, func(a, b extent) int {
		switch {
		case a.start() < b.start():
			return -1
		case a.start() > b.start():
			return 1
		}
		return b.n - a.n
	})
	var out []extent
	for _, e := range w.exts {
		if e.n == 0 {
			continue
		}
		if k := len(out) - 1; k >= 0 {
			last := &out[k]
			if end := last.end(); e.start() < end { // overlapping: one allocation (adjacent ones may be two)
				if ee := e.end(); ee > end {
					last.n += int((ee - end) / uintptr(cellBytes))
				}
				continue
			}
		}
		out = append(out, e)
	}
	at := 0
	for i := range out {
		out[i].at = at
		at += out[i].n
	}
	return out
}

// sharedNatives are native pointer types whose values do not change once
// made (or are safe for concurrent use and change nothing observable):
// runs may share them.
var sharedNatives = map[reflect.Type]bool{
	reflect.TypeOf(errors.New("")):                   true,
	reflect.TypeOf(fmt.Errorf("%w", errors.New(""))): true,
	reflect.TypeOf(&regexp.Regexp{}):                 true,
	reflect.TypeOf(strings.NewReplacer()):            true,
	reflect.TypeOf(time.UTC):                         true,
	reflect.TypeOf(reflect.TypeOf(0)):                true,
	reflect.TypeOf(&rtype{}):                         true,
	reflect.TypeOf(base64.StdEncoding):               true,
	reflect.TypeOf(base32.StdEncoding):               true,
	// The standard library's tables, which stand-ins give every run.
	reflect.TypeOf(unicode.RangeTable{}):  true,
	reflect.TypeOf(&unicode.RangeTable{}): true,
	reflect.TypeOf(unicode.SpecialCase{}): true,
}

// immutableNative reports whether a copy of the native value rv (a Go
// assignment) shares nothing a run could change: it holds no references
// but to values of sharedNatives' types, the process's standard streams
// and strings.
func immutableNative(rv reflect.Value, depth int) bool {
	if depth > 16 {
		return false
	}
	if sharedNatives[rv.Type()] || rv.Type().Implements(reflect.TypeFor[Immutable]()) {
		return true
	}
	switch rv.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.String:
		return true
	case reflect.Array:
		for i := range rv.Len() {
			if !immutableNative(rv.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range rv.NumField() {
			if !immutableNative(rv.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Interface:
		return rv.IsNil() || immutableNative(rv.Elem(), depth+1)
	case reflect.Pointer:
		if rv.IsNil() {
			return true
		}
		p := rv.UnsafePointer()
		return p == unsafe.Pointer(stdoutFile) || p == unsafe.Pointer(stderrFile)
	case reflect.Map, reflect.Slice, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return rv.IsNil()
	}
	return false
}
