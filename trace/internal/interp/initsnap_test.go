package interp

import (
	"bytes"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/trace/internal/corpus"
	"golang.org/x/tools/go/ssa"
)

// A run that starts from a copy of initialization (initsnap.go)
// must be the run that executes the initializers: same outcome, results,
// steps, allocations, output and coverage.

// snapOf returns a snapshot of initialization p keeps for the
// package with path pkgPath (the first, if runs differ in seed or
// arguments), or nil.
func snapOf(p *Program, pkgPath string) *initSnap {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, s := range p.initSnaps {
		if k.pkg.Pkg.Path() == pkgPath {
			return s
		}
	}
	return nil
}

// snapOutcome formats everything a plain or coverage-only run's Result
// says, with its allocations and covered instructions.
func snapOutcome(p *Program, name string, opts RunOptions) string {
	var out bytes.Buffer
	opts.Stdout = &out
	fn := p.Func(corpusPkg, name)
	res, err := p.Run(bgContext, fn, nil, &opts)
	var sb strings.Builder
	if err != nil {
		fmt.Fprintf(&sb, "error: %v\n", err)
	}
	if res == nil {
		return sb.String()
	}
	fmt.Fprintf(&sb, "outcome %v, steps %d, alloc %d, failure %q, exit %d\n", res.Outcome, res.Steps, res.Alloc, res.Failure, res.ExitCode)
	for _, v := range res.Returns {
		fmt.Fprintf(&sb, "return %s\n", v)
	}
	if pi := res.Panic; pi != nil {
		fmt.Fprintf(&sb, "panic %q at %v\n", pi.Message, pi.Pos)
	}
	fmt.Fprintf(&sb, "output %q\ncovered %v\n", out.String(), res.Covered)
	return address.ReplaceAllString(sb.String(), "0xADDR")
}

// TestInitSnapshotCorpus runs the corpus programs plainly and
// coverage-only, with the initializers run (the oracle) and from the
// snapshots, twice (the second run copies what the first left: a
// program's changes to package variables must not reach it), and with
// budgets that stop inside the initializers and just after them.
// Without the build tag long, the programs costly to interpret are left
// out, and each program runs plainly and one of the other two ways
// (coverage-only, another map seed), dealt in turn.
func TestInitSnapshotCorpus(t *testing.T) {
	t.Parallel()
	p := load(t, "./trace/internal/corpus")
	names := slices.Sorted(maps.Keys(corpus.Programs))
	runs := 0
	for i, name := range names {
		if fromSourceCostly(name) && !longtest.Enabled || realTimed[name] {
			continue
		}
		opts := []RunOptions{{NoTrace: true}, {CoverOnly: true}, {NoTrace: true, Seed: 7}}
		if !longtest.Enabled {
			opts = []RunOptions{opts[0], opts[1+i%2]}
		}
		if s := snapOf(p, corpusPkg); s != nil && s.reason == "" && i%4 == 0 {
			opts = append(opts, RunOptions{NoTrace: true, MaxSteps: s.steps - 1}, RunOptions{CoverOnly: true, MaxSteps: s.steps + 1})
		}
		for _, o := range opts {
			ref := o
			ref.noInitSnap = true
			want := snapOutcome(p, name, ref)
			for range 2 {
				runs++
				if got := snapOutcome(p, name, o); got != want {
					t.Fatalf("%s %+v: from the snapshot\n%s\nrunning the initializers\n%s", name, o, got, want)
				}
			}
		}
	}
	s := snapOf(p, corpusPkg)
	if s == nil || s.reason != "" {
		t.Fatalf("no usable snapshot of the corpus's library initialization: %+v", s)
	}
	t.Logf("%d runs compared; the snapshot: %d cells, %d variables, %d steps", runs, len(s.mem), len(s.globals), s.steps)
}

// TestInitSnapshotNoLeak runs a go test case whose library's variables
// (slices sharing an array, a pointer into it, a map, a ring of
// pointers) it checks and then changes, several times: each run must see
// them as the initializer left them, with their aliasing; and the
// package's own variables, which its initializer computes from a preset
// one, as the run's preset makes them.
func TestInitSnapshotNoLeak(t *testing.T) {
	const a = "github.com/faultloc/faultloc/trace/testdata/initsnap/a"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/initsnap/a")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		opts      RunOptions
		mode, sel int64
	}{
		{RunOptions{NoTrace: true}, 0, 0},
		{RunOptions{NoTrace: true}, 0, 0},
		{RunOptions{NoTrace: true}, 0, 1},
		{RunOptions{CoverOnly: true}, 0, 2},
		{RunOptions{NoTrace: true}, 0, 0},
		{RunOptions{CoverOnly: true}, 1, 0},
		{RunOptions{NoTrace: true}, 1, 3},
		{RunOptions{NoTrace: true}, 2, 0},
		{RunOptions{}, 1, 1},
		{RunOptions{NoTrace: true}, 0, 5},
		{RunOptions{NoTrace: true}, 1, 0},
	} {
		opts := c.opts
		opts.Presets = map[string]Value{}
		if c.mode != 0 {
			opts.Presets[a+".Mode"] = Int(c.mode)
		}
		if c.sel != 0 {
			opts.Presets[a+".Sel"] = Int(c.sel)
		}
		cr, err := p.RunGoTest(bgContext, a, "TestBump", &opts)
		if err != nil || !cr.Ran || cr.Failed {
			t.Fatalf("run %d (%+v): %v, %v\n%s", i, opts, cr, err, cr.Log)
		}
		if want := fmt.Sprintf("Mode %d, Derived %d, Sel %d", c.mode, 10*c.mode, c.sel); !strings.Contains(cr.Log, want) {
			t.Errorf("run %d (%+v) logged\n%s\nwant %q", i, opts, cr.Log, want)
		}
	}
	// Sel, which no initializer reads, needs no snapshot of its own;
	// each value of Mode, which one reads, does.
	p.mu.Lock()
	var keys []string
	for k := range p.initSnaps {
		if k.presets != "" {
			keys = append(keys, k.presets)
		}
	}
	p.mu.Unlock()
	if len(keys) != 2 {
		t.Errorf("snapshots per presets: %q, want one for Mode 1 and one for Mode 2", keys)
	}
	if s := snapOf(p, a); s == nil || s.reason != "" {
		t.Fatalf("no usable snapshot: %+v", s)
	}
}

// TestInitSnapshotFallback runs a go test case whose library's
// initializer prints: no copy of memory reproduces that, so every run
// runs it, and prints.
func TestInitSnapshotFallback(t *testing.T) {
	const b = "github.com/faultloc/faultloc/trace/testdata/initsnap/b"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true}, "./trace/testdata/initsnap/b")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		var out bytes.Buffer
		cr, err := p.RunGoTest(bgContext, b, "TestReady", &RunOptions{NoTrace: true, Stdout: &out})
		if err != nil || !cr.Ran || cr.Failed {
			t.Fatalf("run %d: %v, %v\n%s", i, cr, err, cr.Log)
		}
		if !strings.Contains(out.String(), "noisy ready") {
			t.Errorf("run %d printed %q, want the initializer's line", i, out.String())
		}
	}
	s := snapOf(p, b)
	if s == nil || !strings.Contains(s.reason, "output") {
		t.Fatalf("snapshot %+v, want one set aside for the initializer's output", s)
	}
}

// TestSnapshotCacheBound checks that a Program keeps at most
// maxPresetSnaps snapshots with presets, the latest, and stops taking
// them when runs do not use them again.
func TestSnapshotCacheBound(t *testing.T) {
	var c snapshotCache
	snaps := map[initSnapKey]*initSnap{}
	for i := range 5 * maxPresetSnaps {
		if !c.taking() {
			t.Fatalf("stopped taking after %d snapshots, %d evicted, %d used", i, c.evicted, c.hits)
		}
		k := initSnapKey{whole: true, presets: fmt.Sprint(i)}
		snaps[k] = &initSnap{}
		c.add(snaps, k)
		if len(snaps) != min(i+1, maxPresetSnaps) || len(c.preset) != len(snaps) {
			t.Fatalf("after %d snapshots: %d kept, %d listed", i+1, len(snaps), len(c.preset))
		}
		if _, ok := snaps[k]; !ok {
			t.Fatalf("the latest snapshot %d was dropped", i)
		}
	}
	if c.taking() {
		t.Errorf("%d snapshots dropped unused, still taking", c.evicted)
	}
	c.hits = c.evicted
	if !c.taking() {
		t.Errorf("snapshots used as often as dropped, not taking")
	}
}

var allocs = regexp.MustCompile(`alloc [0-9]+, `)

// TestInitSnapshotHooks runs corpus programs untraced with a hook that
// flips a branch, from the snapshot and running the initializers: a
// branch of the program's own code leaves the initializers alone, so
// the run starts from the snapshot; a branch the initializers take rules
// it out. Either way the outcomes must agree. (A run with hooks takes
// no snapshot: a plain run does first.)
func TestInitSnapshotHooks(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	for _, name := range []string{"Ints", "Strings", "Maps", "Closures"} {
		fn := p.Func(corpusPkg, name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		if _, err := p.Run(bgContext, fn, nil, &RunOptions{NoTrace: true}); err != nil {
			t.Fatal(err) // takes the snapshots, if no run did
		}
		res, err := p.Run(bgContext, fn, nil, &RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		tr := res.Trace
		var own, init *InstanceKey
		for e := range EventID(tr.Len()) {
			if _, ok := tr.Instr(e).(*ssa.If); !ok {
				continue
			}
			k := tr.Key(e)
			f := tr.StaticInfo(tr.Static(e)).Func
			switch {
			case f == fn:
				own = &k // the last
			case init == nil && f.Pkg != nil && f.Pkg.Pkg.Path() != corpusPkg:
				init = &k
			}
		}
		for _, k := range []*InstanceKey{own, init} {
			if k == nil {
				continue
			}
			h := &Hooks{Branches: map[InstanceKey]bool{*k: true}}
			before := p.initRestores.Load()
			// A run with hooks counts the initializers' allocations as a
			// plain run makes them (see initSnapshots).
			got := allocs.ReplaceAllString(snapOutcome(p, name, RunOptions{NoTrace: true, Hooks: h}), "")
			restored := p.initRestores.Load() > before
			want := allocs.ReplaceAllString(snapOutcome(p, name, RunOptions{NoTrace: true, Hooks: h, noInitSnap: true}), "")
			if got != want {
				t.Errorf("%s with %v forced: from the snapshot\n%s\nrunning the initializers\n%s", name, *k, got, want)
			}
			if restored != (k == own) {
				t.Errorf("%s with %v forced (own code %v): restored %v", name, *k, k == own, restored)
			}
		}
		tr.Release()
	}
}
