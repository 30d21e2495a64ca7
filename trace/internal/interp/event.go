package interp

// event records an event for in with the given occurrence and value, with
// the definitions of its register operands as dependencies.
func (r *run) event(fr *frame, in *ins, occ int32, v Value) EventID {
	t := r.tr
	if r.h == nil {
		return t.addIns(fr, in, occ, v, NoEvent)
	}
	if r.obs != nil && r.pending >= 0 {
		p := r.pending
		r.pending = NoEvent
		r.obs(t, p)
	}
	e := t.add(in.sid, fr.idx, occ, fr.ctrl, v)
	for _, s := range in.a {
		if s >= 0 {
			t.ev.Dep(fr.defs[s])
		}
	}
	if r.h != nil {
		r.hookEvent(fr, in, occ, e)
	}
	return e
}

func (r *run) hookEvent(fr *frame, in *ins, occ int32, e EventID) {
	if r.h.Inputs != nil && r.h.Inputs[InstanceKey{Static: in.sid, Path: fr.path, Occ: occ}] {
		r.tr.ev.AddInput(e)
	}
	if r.obs != nil {
		r.pending = e
	}
}

func (r *run) steer(fr *frame, sid StaticID, occ int32, v Value) (Value, bool) {
	k := InstanceKey{Static: sid, Path: fr.path, Occ: occ}
	nv, ok := r.h.Values[k]
	if !ok && r.h.Substitute != nil {
		nv, ok = r.h.Substitute(k, v)
	}
	if !ok {
		return v, false
	}
	return substitute(v, nv), true
}

// substitute returns nv to stand for v, the value an instance produced
// (Hooks.Values and Hooks.Substitute): a value that is not an interface
// given for a non-nil interface is boxed in the dynamic type of the
// value it replaces.
func substitute(v, nv Value) Value {
	if v.k == KindInterface && v.p != nil && nv.k != KindInterface && nv.k != KindInvalid && (*iface)(v.p).nat == nil {
		return Value{k: KindInterface, p: ptrOf(&iface{t: (*iface)(v.p).t, v: nv})}
	}
	return nv
}

func (r *run) markSteered(e EventID) {
	if r.tr == nil || e < 0 {
		return
	}
	r.tr.ev.Steer(e)
}

// def completes a value-producing instruction: hooks, event, register.
func (r *run) def(fr *frame, in *ins, v Value) EventID {
	if r.plain {
		fr.regs[in.dst] = v
		return NoEvent
	}
	return r.defRec(fr, in, v)
}

func (r *run) defRec(fr *frame, in *ins, v Value) EventID {
	occ := fr.occ[in.loc] - 1
	if r.h == nil { // recording without hooks: event's work, inline
		if in.sc {
			setWord(&fr.regs[in.dst], v.n, v.k)
		} else {
			fr.regs[in.dst] = v
		}
		e := r.tr.addIns(fr, in, occ, v, NoEvent)
		fr.defs[in.dst] = e
		return e
	}
	steered := false
	if r.h != nil {
		v, steered = r.steer(fr, in.sid, occ, v)
	}
	fr.regs[in.dst] = v
	if r.tr == nil {
		return NoEvent
	}
	e := r.event(fr, in, occ, v)
	fr.defs[in.dst] = e
	if steered {
		r.markSteered(e)
	}
	return e
}

// stmtV records an instruction that defines no register but has a value
// hooks may substitute (Store, MapUpdate, Return).
func (r *run) stmtV(fr *frame, in *ins, v Value) (Value, EventID) {
	if r.plain {
		return v, NoEvent
	}
	return r.stmtVRec(fr, in, v)
}

func (r *run) stmtVRec(fr *frame, in *ins, v Value) (Value, EventID) {
	occ := fr.occ[in.loc] - 1
	if r.h == nil { // recording without hooks
		return v, r.tr.addIns(fr, in, occ, v, NoEvent)
	}
	steered := false
	if r.h != nil {
		v, steered = r.steer(fr, in.sid, occ, v)
	}
	if r.tr == nil {
		return v, NoEvent
	}
	e := r.event(fr, in, occ, v)
	if steered {
		r.markSteered(e)
	}
	return v, e
}

// stmt records an instruction that defines no register.
func (r *run) stmt(fr *frame, in *ins, v Value) (EventID, int32) {
	occ := fr.occ[in.loc] - 1
	if r.tr == nil {
		return NoEvent, occ
	}
	return r.event(fr, in, occ, v), occ
}

func (r *run) ctrlFor(fr *frame, b int) EventID {
	best := fr.callEv
	if fr.lastIf == nil {
		return best
	}
	for _, a := range fr.c.cdeps[b] {
		if e := fr.lastIf[a]; e > best {
			best = e
		}
	}
	return best
}

// memDeps adds to e the last stores into c (and its parts, for aggregates).
func (r *run) memDeps(c *cell, e EventID) {
	if c.st >= 0 {
		r.tr.ev.PushDep(c.st)
	}
	if c.v.isAgg() {
		seen := 0
		var walk func(cs []cell)
		walk = func(cs []cell) {
			for i := range cs {
				if seen > 16 {
					return
				}
				if cs[i].st >= 0 && cs[i].st != c.st && cs[i].st != e {
					r.tr.ev.Dep(cs[i].st)
					seen++
				}
				if cs[i].v.isAgg() {
					walk(cs[i].v.cells())
				}
			}
		}
		walk(c.v.cells())
	}
}
