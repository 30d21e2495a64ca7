package interp

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/examples"
)

// fooKeys returns the instance keys of the store at the fault line (L3),
// of the branch a >= y (L6), of the return (L8) and of the first store to b
// (L1) in the failing run Foo(3, 5).
func fooKeys(t *testing.T) (l3, l6, l8, l1 InstanceKey) {
	res := runFoo(t, nil)
	tr := res.Trace
	faults, err := examples.FaultLines("../../../examples/foo")
	if err != nil || len(faults) != 1 {
		t.Fatalf("fault lines: %v %v", faults, err)
	}
	line := faults[0].Line
	one := func(line int, kind string) InstanceKey {
		var got []EventID
		for _, e := range tr.Events(fooFile, line) {
			if isKind(tr.Instr(e), kind) {
				got = append(got, e)
			}
		}
		if len(got) != 1 {
			t.Fatalf("line %d: %d %s events", line, len(got), kind)
		}
		return tr.Key(got[0])
	}
	return one(line, "*ssa.Store"), one(line+4, "*ssa.If"), one(line+7, "*ssa.Return"), one(line-3, "*ssa.Store")
}

func TestFooHooks(t *testing.T) {
	l3, l6, l8, l1 := fooKeys(t)
	p := load(t, "./examples/foo")
	test := Test{Name: "testFoo", Func: p.Func(fooPkg, "Foo"), Args: []Value{Int(3), Int(5)}, Want: []Value{Int(2)}}
	cases := []struct {
		name  string
		hooks *Hooks
		pass  bool
	}{
		{"no hooks: the failing test fails", nil, false},
		{"a = 5 at the fault line", &Hooks{Values: map[InstanceKey]Value{l3: Int(5)}}, true},
		{"a = 6 at the fault line", &Hooks{Values: map[InstanceKey]Value{l3: Int(6)}}, true},
		{"a = 4 at the fault line (wrong value)", &Hooks{Values: map[InstanceKey]Value{l3: Int(4)}}, false},
		{"a >= y forced true", &Hooks{Branches: map[InstanceKey]bool{l6: true}}, true},
		{"a >= y forced true via Values", &Hooks{Values: map[InstanceKey]Value{l6: Bool(true)}}, true},
		{"a >= y forced false", &Hooks{Branches: map[InstanceKey]bool{l6: false}}, false},
		{"return 2", &Hooks{Values: map[InstanceKey]Value{l8: Int(2)}}, true},
		{"b = 2 at L1", &Hooks{Values: map[InstanceKey]Value{l1: Int(2)}}, true},
		{"b = 3 at L1 (wrong value)", &Hooks{Values: map[InstanceKey]Value{l1: Int(3)}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := p.RunTest(bgContext, test, &RunOptions{Hooks: c.hooks})
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed() != c.pass {
				t.Errorf("passed = %v (%v), want %v", res.Passed(), res, c.pass)
			}
			if c.hooks != nil {
				n := 0
				for e := 0; e < res.Trace.Len(); e++ {
					if res.Trace.Steered(EventID(e)) {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%d steered events, want 1", n)
				}
			}
		})
	}
}

// Keys are stable between a run and a re-run up to the first divergence.
func TestKeysStableAcrossRerun(t *testing.T) {
	l3, l6, _, _ := fooKeys(t)
	base := runFoo(t, nil).Trace
	re := runFoo(t, &Hooks{Branches: map[InstanceKey]bool{l6: true}}).Trace
	div := -1
	for e := 0; e < base.Len() && e < re.Len(); e++ {
		if base.Key(EventID(e)) != re.Key(EventID(e)) || !sameScalar(base.Value(EventID(e)), re.Value(EventID(e))) {
			div = e
			break
		}
	}
	if div < 0 {
		t.Fatal("runs did not diverge")
	}
	if got := base.Instr(EventID(div)); !isKind(got, "*ssa.If") || base.Key(EventID(div)) != l6 || !re.Steered(EventID(div)) {
		t.Errorf("first divergence at %v, want at the forced If", got)
	}
	// The forced run executes L7 (b = y - x) and returns 2.
	found := false
	for e := 0; e < re.Len(); e++ {
		if re.Key(EventID(e)) == l3 {
			found = true
		}
	}
	if !found {
		t.Error("L3's key not found in the re-run")
	}
}

func TestObserveAndInputs(t *testing.T) {
	l3, _, _, _ := fooKeys(t)
	var seen []EventID
	var storeVal Value
	h := &Hooks{
		Inputs: map[InstanceKey]bool{l3: true},
		Observe: func(tr *Trace, e EventID) {
			seen = append(seen, e)
			if tr.Pos(e).Filename == "" && !tr.StaticInfo(tr.Static(e)).Synthetic {
				t.Errorf("event %d has no position during the run", e)
			}
			if tr.Key(e) == l3 {
				storeVal = tr.Value(e)
			}
		},
	}
	res := runFoo(t, h)
	if len(seen) != res.Trace.Len() {
		t.Errorf("observed %d events of %d", len(seen), res.Trace.Len())
	}
	for i, e := range seen {
		if int(e) != i {
			t.Fatalf("observed out of order at %d: %d", i, e)
		}
	}
	if storeVal.Int() != 3 {
		t.Errorf("observed L3 value %v", storeVal)
	}
	in := res.Trace.Inputs()
	if len(in) != 3 || res.Trace.Key(in[2]) != l3 {
		t.Errorf("inputs = %v", in)
	}
}

// sameScalar compares values, treating references (whose addresses differ
// between runs) as equal.
func sameScalar(a, b Value) bool {
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case KindPointer, KindSlice, KindMap, KindFunc, KindInterface, KindNative, KindChan, kindIter, kindDefers:
		return a.IsNil() == b.IsNil()
	case KindStruct, KindArray, KindTuple:
		if a.Len() != b.Len() {
			return false
		}
		for i := 0; i < a.Len(); i++ {
			if !sameScalar(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return Equal(a, b)
}

// TestStopAt ends runs of examples/loops' Sum(10) at an instance of its
// loop's branch: the run is Stopped, its trace is the full run's up to
// and including that instance's event (same instances, same values), and
// a StopAt the run never reaches changes nothing.
func TestStopAt(t *testing.T) {
	p := load(t, "./examples/loops")
	sum := p.Func("github.com/faultloc/faultloc/examples/loops", "Sum")
	run := func(h *Hooks) *Result {
		t.Helper()
		res, err := p.Run(bgContext, sum, []Value{Int(10)}, &RunOptions{Hooks: h})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	full := run(&Hooks{})
	ft := full.Trace
	var ifs []EventID
	for e := EventID(0); int(e) < ft.Len(); e++ {
		if isKind(ft.Instr(e), "*ssa.If") && ft.Func(e) == sum {
			ifs = append(ifs, e)
		}
	}
	if full.Outcome != Returned || len(ifs) < 5 {
		t.Fatalf("the premise: %v with %d branch instances in Sum", full.Outcome, len(ifs))
	}
	never := ft.Key(ifs[0])
	never.Occ = 1000
	for _, tt := range []struct {
		name    string
		at      InstanceKey
		outcome Outcome
		len     int
	}{
		{"first", ft.Key(ifs[0]), Stopped, int(ifs[0]) + 1},
		{"fourth", ft.Key(ifs[3]), Stopped, int(ifs[3]) + 1},
		{"last", ft.Key(ifs[len(ifs)-1]), Stopped, int(ifs[len(ifs)-1]) + 1},
		{"never reached", never, Returned, ft.Len()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			at := tt.at
			res := run(&Hooks{StopAt: &at})
			tr := res.Trace
			if res.Outcome != tt.outcome || tr.Len() != tt.len {
				t.Fatalf("%v with %d events, want %v with %d", res.Outcome, tr.Len(), tt.outcome, tt.len)
			}
			if tt.outcome == Stopped && (tr.Key(EventID(tr.Len()-1)) != at || res.String() != "stopped") {
				t.Errorf("last event %v, want %v; result %q", tr.Key(EventID(tr.Len()-1)), at, res)
			}
			for e := EventID(0); int(e) < tr.Len(); e++ {
				// (As printed: their variables and slices are their own.)
				if tr.Key(e) != ft.Key(e) || tr.Value(e).String() != ft.Value(e).String() {
					t.Fatalf("event %d: %v = %v, the full run's %v = %v", e, tr.Key(e), tr.Value(e), ft.Key(e), ft.Value(e))
				}
			}
		})
	}
}

func TestRuntimeFuncName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"example.com/p.F", "example.com/p.F"},
		{"example.com/p.F$1", "example.com/p.F.func1"},
		{"example.com/p.F$1$2", "example.com/p.F.func1.2"},
		{"(*example.com/p.T).M$1", "(*example.com/p.T).M.func1"},
		{"(example.com/p.T).M$bound", "(example.com/p.T).M$bound"},
	} {
		if got := runtimeFuncName(tt.in); got != tt.want {
			t.Errorf("runtimeFuncName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestBoxedValues: a value given in Hooks.Values or by Hooks.Substitute
// for an instance whose value is an interface (the any that boxes a) is
// boxed in the dynamic type of the value it replaces, so the assertion
// that unboxes it succeeds; Value.DynamicType names that type. Substitute's
// false means no substitution, whatever value it returns; Values comes
// first.
func TestBoxedValues(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/trace/testdata/boxed"
	p := load(t, "./trace/testdata/boxed")
	fn := p.Func(pkg, "Sum")
	run := func(h *Hooks) *Result {
		res, err := p.Run(bgContext, fn, []Value{Int(3), Int(4)}, &RunOptions{Hooks: h})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run(nil)
	tr := res.Trace
	var boxes []EventID
	for e := EventID(0); int(e) < tr.Len(); e++ {
		if _, ok := tr.Instr(e).(*ssa.MakeInterface); ok {
			boxes = append(boxes, e)
		}
	}
	if len(boxes) != 2 {
		t.Fatalf("%d MakeInterface events, want 2", len(boxes))
	}
	v := tr.Value(boxes[0])
	if dt := v.DynamicType(); dt == nil || dt.String() != "int" || v.Elem().Int() != 3 {
		t.Fatalf("boxed a: %v of dynamic type %v, want 3 of int", v, dt)
	}
	if Int(3).DynamicType() != nil || (Value{k: KindInterface}).DynamicType() != nil {
		t.Error("DynamicType of an int or a nil interface is not nil")
	}
	a := tr.Key(boxes[0])
	only := func(nv Value) func(InstanceKey, Value) (Value, bool) {
		return func(k InstanceKey, v Value) (Value, bool) {
			if k == a {
				return nv, true
			}
			return Value{}, false
		}
	}
	for _, tt := range []struct {
		name    string
		hooks   *Hooks
		want    int64
		steered int
	}{
		{"no hooks", nil, 7, 0},
		{"Values: a boxed as 10", &Hooks{Values: map[InstanceKey]Value{a: Int(10)}}, 14, 1},
		{"Substitute: a boxed as 10", &Hooks{Substitute: only(Int(10))}, 14, 1},
		{"Substitute: a as an interface", &Hooks{Substitute: only(v)}, 7, 1},
		{"Substitute declines with the zero Value", &Hooks{Substitute: func(InstanceKey, Value) (Value, bool) { return Value{}, false }}, 7, 0},
		{"Substitute declines with another value", &Hooks{Substitute: func(InstanceKey, Value) (Value, bool) { return Int(99), false }}, 7, 0},
		{"Values before Substitute", &Hooks{Values: map[InstanceKey]Value{a: Int(20)}, Substitute: only(Int(10))}, 24, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := run(tt.hooks)
			if res.Outcome != Returned || len(res.Returns) != 1 || res.Returns[0].Int() != tt.want {
				t.Fatalf("%v, want %d", res, tt.want)
			}
			n := 0
			for e := EventID(0); int(e) < res.Trace.Len(); e++ {
				if res.Trace.Steered(e) {
					n++
				}
			}
			if n != tt.steered {
				t.Errorf("%d steered events, want %d", n, tt.steered)
			}
		})
	}
}
