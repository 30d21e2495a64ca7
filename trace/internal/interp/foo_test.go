package interp

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/examples"
)

const modRoot = "../../.."

const (
	modPath   = "github.com/faultloc/faultloc/"
	gotestPkg = modPath + "trace/testdata/gotest"
)

var (
	loadOnce  sync.Map // pattern -> *loaded
	fooPkg    = "github.com/faultloc/faultloc/examples/foo"
	fooFile   = mustAbs("../../../examples/foo/foo.go")
	bgContext = context.Background()
)

type loaded struct {
	once sync.Once
	p    *Program
	err  error
}

func mustAbs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		panic(err)
	}
	return a
}

// load loads pattern once per test binary (with SSA sanity checks on).
func load(t testing.TB, pattern string) *Program {
	t.Helper()
	v, _ := loadOnce.LoadOrStore(pattern, &loaded{})
	l := v.(*loaded)
	l.once.Do(func() {
		// The SSA sanity checker prints spurious warnings about naive-form
		// locals in larger functions; it is on for the small subjects.
		sanity := !strings.Contains(pattern, "corpus") && !strings.Contains(pattern, "workload")
		l.p, l.err = Load(bgContext, &Config{Dir: modRoot, sanity: sanity}, strings.Fields(pattern)...)
	})
	if l.err != nil {
		t.Fatal(l.err)
	}
	return l.p
}

func runFoo(t *testing.T, h *Hooks) *Result {
	t.Helper()
	p := load(t, "./examples/foo")
	fn := p.Func(fooPkg, "Foo")
	if fn == nil {
		t.Fatal("Foo not found")
	}
	res, err := p.Run(bgContext, fn, []Value{Int(3), Int(5)}, &RunOptions{Hooks: h})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// lineEvents returns the events of fn's frame at the given line of foo.go
// whose instruction's string starts with prefix.
func lineEvents(tr *Trace, line int, match func(e EventID) bool) []EventID {
	var out []EventID
	for _, e := range tr.Events(fooFile, line) {
		if match == nil || match(e) {
			out = append(out, e)
		}
	}
	return out
}

func isStore(tr *Trace) func(EventID) bool {
	return func(e EventID) bool { return isKind(tr.Instr(e), "*ssa.Store") }
}

func isIf(tr *Trace) func(EventID) bool {
	return func(e EventID) bool { return isKind(tr.Instr(e), "*ssa.If") }
}

func TestFooTrace(t *testing.T) {
	res := runFoo(t, nil)
	if res.Outcome != Returned || len(res.Returns) != 1 || res.Returns[0].Int() != 8 {
		t.Fatalf("Foo(3,5) = %v, want returned 8", res)
	}
	tr := res.Trace
	faults, err := examples.FaultLines("../../../examples/foo")
	if err != nil || len(faults) != 1 {
		t.Fatalf("fault lines: %v %v", faults, err)
	}
	l3 := faults[0].Line // a = x
	l1, l2, l6, l8 := l3-3, l3-1, l3+4, l3+7

	// L1: b := x + y stores 8, reading the loads of x (3) and y (5).
	st := lineEvents(tr, l1, isStore(tr))
	if len(st) != 1 || tr.Value(st[0]).Int() != 8 {
		t.Fatalf("L1 stores: %v", st)
	}
	add := onlyDep(t, tr, st[0], "*ssa.BinOp")
	if tr.Value(add).Int() != 8 {
		t.Errorf("L1 sum = %v", tr.Value(add))
	}
	// L2: x < y is true, at the top level of the frame.
	br := lineEvents(tr, l2, isIf(tr))
	if len(br) != 1 || !tr.Value(br[0]).Bool() || tr.ControlParent(br[0]) != tr.CallOf(br[0]) {
		t.Fatalf("L2 branch: %v", br)
	}
	// L3: a = x stores 3, control dependent on L2's branch.
	st3 := lineEvents(tr, l3, isStore(tr))
	if len(st3) != 1 || tr.Value(st3[0]).Int() != 3 || tr.ControlParent(st3[0]) != br[0] {
		t.Fatalf("L3 store: %v (ctrl %v)", st3, tr.ControlParent(st3[0]))
	}
	// L4 is not executed.
	if ev := tr.Events(fooFile, l3+2); len(ev) != 0 {
		t.Errorf("L4 executed: %v", ev)
	}
	// L6: a >= y is false; its load of a reads the store at L3.
	br6 := lineEvents(tr, l6, isIf(tr))
	if len(br6) != 1 || tr.Value(br6[0]).Bool() {
		t.Fatalf("L6 branch: %v", br6)
	}
	if !reaches(tr, br6[0], st3[0]) {
		t.Errorf("L6 does not depend on L3's store")
	}
	if tr.ControlParent(br6[0]) != tr.CallOf(br6[0]) {
		t.Errorf("L6 control parent = %d", tr.ControlParent(br6[0]))
	}
	// L7 is not executed; L8 returns 8, reading L1's store.
	if ev := tr.Events(fooFile, l6+1); len(ev) != 0 {
		t.Errorf("L7 executed: %v", ev)
	}
	var ret EventID = NoEvent
	for _, e := range tr.Events(fooFile, l8) {
		if isKind(tr.Instr(e), "*ssa.Return") {
			ret = e
		}
	}
	if ret < 0 || tr.Value(ret).Int() != 8 || !reaches(tr, ret, st[0]) {
		t.Fatalf("L8 return %d", ret)
	}
	if reaches(tr, ret, st3[0]) {
		t.Errorf("the result depends on L3 (data), but b is not assigned from a")
	}
	// Parameters are inputs.
	if len(tr.Inputs()) != 2 || tr.Value(tr.Inputs()[0]).Int() != 3 || tr.Value(tr.Inputs()[1]).Int() != 5 {
		t.Errorf("inputs: %v", tr.Inputs())
	}
}

func onlyDep(t *testing.T, tr *Trace, e EventID, kind string) EventID {
	t.Helper()
	for _, d := range tr.Deps(e, nil) {
		if isKind(tr.Instr(d), kind) {
			return d
		}
	}
	t.Fatalf("event %d has no %s dependency", e, kind)
	return NoEvent
}

// reaches reports whether from depends transitively (data only) on to.
func reaches(tr *Trace, from, to EventID) bool {
	seen := map[EventID]bool{}
	stack := []EventID{from}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e == to {
			return true
		}
		if seen[e] {
			continue
		}
		seen[e] = true
		stack = tr.Deps(e, stack)
	}
	return false
}
