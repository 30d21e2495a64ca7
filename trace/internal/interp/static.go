package interp

// StaticInfo describes static instruction id, as [Trace.StaticInfo] does,
// without a trace: a hook ([Hooks.Substitute]) sees instances by
// [InstanceKey] only, and a run without recording (RunOptions.NoTrace)
// has no trace to ask. ok is false for an id the program has not
// assigned (IDs are assigned as functions are first compiled, so every
// instance a hook is asked about has one). Safe for concurrent use, also
// from hooks of concurrent runs.
func (p *Program) StaticInfo(id StaticID) (s Static, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if id < 0 || int(id) >= len(p.statics) {
		return Static{}, false
	}
	return p.statics[id], true
}

// NumStatics returns the number of static IDs the program has assigned so
// far (they are 0 to NumStatics()-1; more are assigned as functions are
// first compiled). Safe for concurrent use.
func (p *Program) NumStatics() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.statics)
}
