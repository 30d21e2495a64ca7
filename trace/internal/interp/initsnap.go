package interp

import (
	"fmt"
	"go/types"
	"io"
	"maps"
	"slices"
	"strings"
	"unsafe"

	"golang.org/x/tools/go/ssa"
)

// Initialization from a snapshot. Every run of a package's code first
// runs the initializers of the libraries it imports (libinit.go), then
// its own: tens of thousands of steps for a package that imports the
// standard library's encoders, hundreds of thousands for one that fills
// lookup tables, the same in every run and often more than the case
// itself. A run that records nothing of them (no trace, no hooks: a plain
// or coverage-only run) starts instead from a copy of the memory they
// left in an earlier such run of the Program: the package variables and
// what they reach, the libraries set aside, and the steps, allocations
// and covered blocks the initializers took, so that the run's budgets,
// step counts, coverage and everything after are those of a run that
// executed them. There are two snapshots per entry package: of the whole
// initialization, and of the libraries' alone, which serves runs the
// first cannot. Presets (RunOptions.Presets) are applied before the
// initializers run, which may read them: the snapshot of the whole notes
// the variables the initializers named (the operands of the instructions
// of the blocks they completed) and serves the runs whose presets of
// those variables are its own; a run whose presets differ there takes a
// snapshot of its own (a few are kept, snapshotCache), and the variables
// it presets and the initializers did not touch keep its presets. A
// recorded run executes every initializer: its trace holds their events.
//
// A snapshot is taken at the end of the initialization it stands for in
// the first such run on the fast form (initSnapKey: per entry package, map
// seed, program arguments and directory, the run's inputs initializers
// may read) and copied for each later run (snapshotCopier,
// initsnap_copy.go), which preserves the identity and aliasing of what it
// copies (pointers, arrays shared by slices, maps, channels, closures,
// interfaces) and the address order of its variables. A snapshot is only
// kept if a copy means what running the initializers means: when they
// leave something a copy cannot reproduce (goroutines, timers or waiters;
// output written; native values that may change; stand-in state that is
// no InitState; addresses issued as uintptrs; in the libraries' snapshot,
// variables of a package that is not a library), initSnap.reason says why and every run runs them, as
// before. A run whose budget the initializers exceed runs them too, to
// stop where they do. Runs on the naive form use a snapshot but take none.
// What the initializers read from outside the run (files, the process's
// environment) is read once per snapshot: a change to them between runs
// of the Program does not reach the runs that copy it.

// InitState is implemented by what a stand-in keeps for a run
// ([Call.State]) or stores in a native value of the run (the content of a
// sync/atomic.Value) when it refers to interpreted memory: a snapshot of
// initialization copies it with the memory. State that does not
// implement it makes the snapshot unusable: the initializers then run in
// every run.
type InitState interface {
	// InitReach calls value with each interpreted value the state holds
	// and addr with the address of each interpreted variable it is keyed
	// by ([Addr]).
	InitReach(value func(Value), addr func(unsafe.Pointer))
	// InitCopy returns a copy of the state whose values are value's
	// copies of its values and addresses addr's copies of its addresses.
	InitCopy(value func(Value) Value, addr func(unsafe.Pointer) unsafe.Pointer) any
}

// Immutable is implemented by the native values stand-ins give a run that
// never change once made (a godebug setting's name): a snapshot of
// initialization shares them between runs instead of giving up.
type Immutable interface {
	// Immutable does nothing; it marks the type.
	Immutable()
}

// initSnapKey names the initialization a snapshot stands for.
type initSnapKey struct {
	pkg   *ssa.Package // the entry's package: which libraries are initialized
	seed  uint64       // map iteration order
	argv0 string       // os.Args
	args  string
	dir   string // relative file names
	// whole: the snapshot is of the entry package's initialization too,
	// with these presets (RunOptions.Presets) of the variables the
	// initializers read; otherwise of the libraries' only.
	whole   bool
	presets string
}

// initSnap is the memory initialization left, or why it cannot be copied
// (reason).
type initSnap struct {
	reason string
	// mem holds the cells reachable from the variables, laid out in the
	// address order they had; references into it point into it.
	mem []cell
	// fix lists the cells of mem whose value holds a reference: the ones
	// a copy translates (the others are copied as they are).
	fix []int32
	// globals: the package variables initialization made (by global
	// index), with their cells in mem; zero, the run's zero-size
	// variables (zerobase.go).
	globals []snapVar
	zero    []snapVar
	// sched: the run has a scheduler (goroutine.go), with the states of
	// the sync variables used (at sync's cells).
	sched    bool
	sync     []syncState
	syncAt   []int32
	poisoned map[*types.Package]error
	bst      *bridgeState
	ext      map[any]InitState // the stand-ins' state (Call.State), in mem's terms
	// steps and alloc are what the initializers took; covered, the
	// blocks they completed (cover.go), and blockEntries and blockExits
	// the block instances they entered and left.
	steps, alloc             int64
	covered                  []int32
	blockEntries, blockExits int64
	varN, slabN              int
	// touched holds the package variables (by global index) the
	// initializers read or wrote; presets, the presets of the run that
	// took the snapshot for those (Program.presetsRead): a run with
	// others must not use it.
	touched map[int]bool
	presets string
	// ran holds the instructions (and parameters) of the blocks the
	// initializers completed: hooks naming one rule the snapshot out.
	ran []bool
	// maxDepth is the depth budget of the run that took the snapshot: a
	// run with a smaller one might not have finished the initializers.
	maxDepth int
}

// snapVar is a variable of a snapshot: its index (global index or zero
// type id) and its cell in initSnap.mem.
type snapVar struct {
	id, cell int32
}

// initSnapshots reports whether r may start from a snapshot of
// initialization: a run that records nothing (no trace). A run with
// hooks uses one only if none of them names an instruction the
// initializers ran (initSnap.hookFree), and only under the default
// allocation budget: its allocations count the initializers' as a plain
// run makes them (a run with hooks makes a variable for each instance of
// a local where a plain run reuses one), a difference of a few cells
// that only that budget, itself grown by the process's heap, could see.
// Only a plain run takes a snapshot.
func (r *run) initSnapshots(o *RunOptions) bool {
	return r.tr == nil && !o.noInitSnap
}

// hookFree reports whether r has no hooks, or hooks that name no
// instruction the initializers of s ran (they would not have changed
// them) under the default allocation budget (see initSnapshots).
func (s *initSnap) hookFree(r *run) bool {
	h := r.h
	if h == nil {
		return true
	}
	if !r.defaultAlloc {
		return false
	}
	ran := func(sid StaticID) bool { return int(sid) < len(s.ran) && s.ran[sid] }
	if h.Substitute != nil || h.StopAt != nil && ran(h.StopAt.Static) {
		return false
	}
	for k := range h.Values {
		if ran(k.Static) {
			return false
		}
	}
	for k := range h.Branches {
		if ran(k.Static) {
			return false
		}
	}
	return true
}

// snapKey returns the key of the initialization of r for entry package
// pkg: of its libraries, or of the whole with presets (in the form of
// Program.presetsRead).
func (r *run) snapKey(pkg *ssa.Package, whole bool, presets string) initSnapKey {
	k := initSnapKey{pkg: pkg, seed: r.seed, argv0: r.argv0, dir: r.dir, whole: whole, presets: presets}
	for _, a := range r.args {
		k.args += a + "\x00"
	}
	return k
}

// initSnapped initializes what key names: from the Program's snapshot if
// it has a usable one, else by calling init and, the first time, taking
// the snapshot: of the libraries' variables if key is theirs, else of
// every variable, the run's presets.
func (r *run) initSnapped(key initSnapKey, presets map[string]Value, init func()) {
	p := r.p
	p.mu.Lock()
	s, tried := p.initSnaps[key]
	if key.presets != "" && !tried && !p.snaps.taking() {
		tried = true // snapshots per presets are not used again: take no more
	}
	if s != nil && key.presets != "" {
		p.snaps.hits++
	}
	p.mu.Unlock()
	if s != nil && s.reason == "" && s.steps < r.max && s.alloc <= r.maxAlloc && s.maxDepth <= r.maxDepth && s.hookFree(r) {
		if !key.whole || r.p.presetsRead(s, presets) == s.presets {
			r.restoreInit(s)
			p.initRestores.Add(1)
			return
		}
		tried = true // its initializers read presets the run sets otherwise
	}
	if tried || r.noFast || !r.plain {
		// A run on the naive form (the fast form's oracle, or a run with
		// hooks) takes no snapshot: it does not mark the blocks a
		// coverage-only run's copy adds to its own (cover.go), nor the
		// instructions hooks may name.
		init()
		return
	}
	s = r.takeInit(!key.whole, presets, init)
	p.mu.Lock()
	if _, ok := p.initSnaps[key]; !ok {
		if p.initSnaps == nil {
			p.initSnaps = map[initSnapKey]*initSnap{}
		}
		p.initSnaps[key] = s
		if key.presets != "" {
			p.snaps.add(p.initSnaps, key)
		}
	}
	p.mu.Unlock()
}

// snapshotCache bounds the snapshots of initializations with presets:
// a mutation analysis presets each mutant's selector, and its snapshots,
// each as large as the package's memory, are only worth keeping while
// the runs of one mutant follow each other.
type snapshotCache struct {
	preset        []initSnapKey // the keys with presets kept, oldest first
	hits, evicted int
}

// maxPresetSnaps is the number of snapshots with presets a Program keeps.
const maxPresetSnaps = 8

// add notes that snaps has a new snapshot with presets, key, dropping the
// oldest beyond maxPresetSnaps.
func (c *snapshotCache) add(snaps map[initSnapKey]*initSnap, key initSnapKey) {
	c.preset = append(c.preset, key)
	if len(c.preset) > maxPresetSnaps {
		delete(snaps, c.preset[0])
		c.preset = c.preset[1:]
		c.evicted++
	}
}

// taking reports whether snapshots with presets are still taken: not once
// many were dropped and few used (runs change presets more often than
// the cache holds).
func (c *snapshotCache) taking() bool { return c.evicted < 4*maxPresetSnaps || c.hits >= c.evicted }

// initialize runs the initializers of entry package pkg's libraries, then
// its own (init), from snapshots where they can (see initSnapshots).
func (r *run) initialize(pkg *ssa.Package, o *RunOptions, init func()) {
	if !r.initSnapshots(o) {
		r.initLibraries(pkg) // libinit.go
		init()
		return
	}
	whole := func() {
		r.initSnapped(r.snapKey(pkg, false, ""), nil, func() { r.initLibraries(pkg) })
		init()
	}
	// The snapshot of the whole initialization serves every run whose
	// presets it read are those of the run that took it (most read none:
	// an all-mutants schema's selector is read by the code it mutates);
	// otherwise, one per presets.
	key := r.snapKey(pkg, true, "")
	r.p.mu.Lock()
	g := r.p.initSnaps[key]
	r.p.mu.Unlock()
	if g != nil && g.reason == "" {
		if read := r.p.presetsRead(g, o.Presets); read != g.presets {
			key = r.snapKey(pkg, true, "presets:"+read) // never the key of g
		}
	}
	r.initSnapped(key, o.Presets, whole)
}

// presetsRead returns the entries of presets for the variables the
// initialization s stands for reads or writes (initSnap.touched), in a
// canonical form.
func (p *Program) presetsRead(s *initSnap, presets map[string]Value) string {
	var sb strings.Builder
	for _, name := range slices.Sorted(maps.Keys(presets)) {
		g, err := p.presetGlobal(name)
		if err != nil {
			continue
		}
		p.mu.Lock()
		gid, ok := p.globals[g]
		p.mu.Unlock()
		if ok && s.touched[gid] {
			v := presets[name]
			fmt.Fprintf(&sb, "%s=%d:%d:%q\x00", name, v.k, v.n, v.Str())
		}
	}
	return sb.String()
}

// ranStatics returns the static instructions of the blocks covered, and
// the parameters of the functions whose entry block it holds.
func (p *Program) ranStatics(covered []int32) []bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]bool, len(p.statics))
	for _, b := range covered {
		br := p.covBlocks[b]
		if br.b == 0 {
			for _, sid := range br.c.psid {
				out[sid] = true
			}
		}
		for _, sid := range br.c.blocks[br.b].sids {
			out[sid] = true
		}
	}
	return out
}

// touchedGlobals returns the package variables (by global index) that
// the instructions of the blocks covered name: those the initializers
// that completed them read or wrote, directly or through a pointer they
// took.
func (p *Program) touchedGlobals(covered []int32) map[int]bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[int]bool{}
	var ops []*ssa.Value
	for _, b := range covered {
		br := p.covBlocks[b]
		for _, sid := range br.c.blocks[br.b].sids {
			in := p.statics[sid].Instr
			if in == nil {
				continue
			}
			for _, op := range in.Operands(ops[:0]) {
				if g, ok := (*op).(*ssa.Global); ok {
					if gid, ok := p.globals[g]; ok {
						out[gid] = true
					}
				}
			}
		}
	}
	return out
}

// initOutput counts what is written to the run's output while the
// libraries are initialized.
type initOutput struct {
	w io.Writer
	n int
}

func (o *initOutput) Write(b []byte) (int, error) {
	o.n += len(b)
	return o.w.Write(b)
}

// takeInit calls init, which initializes packages, and returns the
// snapshot of what it left: of the variables it made if libs (which
// must all be libraries'), else of every variable but those preset
// (presets) that it did not touch. If init stops the run (a panic, a
// budget, an exit), no snapshot is taken: the caller's run ends.
func (r *run) takeInit(libs bool, presets map[string]Value, init func()) *initSnap {
	before := len(r.globals)
	preset := make([]bool, before)
	for i, c := range r.globals {
		preset[i] = c != nil
	}
	steps, alloc := r.steps, r.alloc
	out, errOut := r.out, r.errOut
	wo := &initOutput{w: out}
	we := wo
	if errOut != out {
		we = &initOutput{w: errOut}
	}
	r.out, r.errOut = wo, we
	cov := r.cov
	if cov == nil {
		r.cov = r.p.newCoverage()
	}
	var entries, exits int64
	if cov != nil {
		entries, exits = cov.entries, cov.exits
	}
	var done []bool
	if cov != nil {
		done = append([]bool(nil), cov.done...)
	}
	func() {
		defer func() {
			r.out, r.errOut = out, errOut
			if cov == nil {
				r.cov, cov = nil, r.cov
			}
		}()
		init()
	}()
	s := &initSnap{steps: r.steps - steps, alloc: r.alloc - alloc, varN: r.varN, slabN: r.slabN, maxDepth: r.maxDepth}
	s.blockEntries, s.blockExits = cov.entries-entries, cov.exits-exits
	for i, d := range cov.done {
		if d && (i >= len(done) || !done[i]) {
			s.covered = append(s.covered, int32(i))
		}
	}
	switch {
	case wo.n > 0 || we.n > 0:
		s.reason = "an initializer wrote output"
	case s.blockEntries != s.blockExits:
		s.reason = "an initializer left a block midway"
	case r.s != nil && !idleScheduler(r):
		s.reason = "an initializer left goroutines, timers or waiters"
	case r.net != nil || r.loggers != nil || len(r.atEnd) > 0:
		s.reason = "an initializer left state of the stand-ins"
	case len(r.rvCells) > 0:
		s.reason = "an initializer made reflect.Values of references"
	case r.stop != nil:
		s.reason = "an initializer's stop was swallowed"
	}
	if s.reason != "" {
		s.mem = nil
		return s
	}
	if r.bst != nil {
		s.bst = &bridgeState{now: r.bst.now, env: maps.Clone(r.bst.env), clear: r.bst.clear}
	}
	s.poisoned = maps.Clone(r.poisoned)
	s.ran = r.p.ranStatics(s.covered)
	if !libs {
		s.touched = r.p.touchedGlobals(s.covered)
		s.presets = r.p.presetsRead(s, presets)
	}
	var roots []snapRoot
	for gid, c := range r.globals {
		if c == nil || gid < before && preset[gid] && !s.touched[gid] {
			continue
		}
		if g := r.p.globalOf(gid); g == nil || libs && r.p.inScope(g.Pkg) && !r.p.libs[g.Pkg.Pkg] {
			s.reason = "an initializer made a variable of a package that is not a library"
			return s
		}
		roots = append(roots, snapRoot{kind: rootGlobal, id: int32(gid), c: c})
	}
	for id, c := range r.zeroCells {
		roots = append(roots, snapRoot{kind: rootZero, id: id, c: c})
	}
	if r.s != nil {
		s.sched = true
		for p, st := range r.s.sync {
			roots = append(roots, snapRoot{kind: rootSync, sync: *st, c: (*cell)(p)})
		}
	}
	if reason := s.take(roots, r.ext); reason != "" {
		*s = initSnap{reason: reason}
	}
	return s
}

// snapRoot is a variable a snapshot starts from.
type snapRoot struct {
	kind rootKind
	id   int32
	c    *cell
	sync syncState // of a sync variable (bridge_sync.go), c
}

// rootKind says what a snapRoot is.
type rootKind uint8

const (
	rootGlobal rootKind = iota // a package variable, by global index
	rootZero                   // the zero-size variable of a type, by type id (zerobase.go)
	rootSync                   // a sync variable with its state
)

// restoreInit sets r's memory to a copy of s, as if the initializers had
// just run.
func (r *run) restoreInit(s *initSnap) {
	mem, c := s.restore()
	for _, g := range s.globals {
		for len(r.globals) <= int(g.id) {
			r.globals = append(r.globals, nil)
		}
		if r.globals[g.id] != nil && !s.touched[int(g.id)] {
			continue // preset, and the initializers left it alone
		}
		r.globals[g.id] = &mem[g.cell]
	}
	if len(s.zero) > 0 {
		r.zeroCells = make(map[int32]*cell, len(s.zero))
		for _, z := range s.zero {
			r.zeroCells[z.id] = &mem[z.cell]
		}
	}
	if len(s.poisoned) > 0 {
		r.poisoned = maps.Clone(s.poisoned)
	}
	if s.sched {
		sch := r.sch()
		for i, st := range s.sync {
			sch.sync[ptrOf(&mem[s.syncAt[i]])] = &syncState{n: st.n, locked: st.locked, done: st.done}
		}
	}
	if len(s.ext) > 0 {
		r.ext = make(map[any]any, len(s.ext))
		for k, st := range s.ext {
			r.ext[k] = st.InitCopy(c.value, c.cellAt)
		}
	}
	if s.bst != nil {
		r.bst = &bridgeState{now: s.bst.now, env: maps.Clone(s.bst.env), clear: s.bst.clear}
	}
	r.steps += s.steps
	r.alloc += s.alloc
	r.varN, r.slabN = max(r.varN, s.varN), max(r.slabN, s.slabN)
	r.setLimit()
	if cv := r.cov; cv != nil {
		for _, b := range s.covered {
			if int(b) >= len(cv.done) {
				cv.done = append(cv.done, make([]bool, int(b)+1-len(cv.done))...)
			}
			cv.done[b] = true
		}
		cv.entries += s.blockEntries
		cv.exits += s.blockExits
	}
}

// idleScheduler reports whether r's scheduler holds nothing but the
// entry goroutine and the states of idle sync variables: a fresh one
// with those states stands for it.
func idleScheduler(r *run) bool {
	s := r.s
	if len(s.gs) != 1 || len(s.runq) > 0 || s.fatal != nil || len(s.timers) > 0 || len(s.byCell) > 0 || s.rng != r.seed|1 {
		return false
	}
	s.ext.mu.Lock()
	busy := len(s.ext.queue) > 0 || s.ext.outside > 0
	s.ext.mu.Unlock()
	if busy {
		return false
	}
	for _, st := range s.sync {
		if len(st.waiters) > 0 {
			return false
		}
	}
	return true
}

// globalOf returns the package variable with global index gid.
func (p *Program) globalOf(gid int) *ssa.Global {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.globalByID == nil || len(p.globalByID) < len(p.globals) {
		p.globalByID = make([]*ssa.Global, len(p.globals))
		for g, i := range p.globals {
			p.globalByID[i] = g
		}
	}
	if gid < len(p.globalByID) {
		return p.globalByID[gid]
	}
	return nil
}
