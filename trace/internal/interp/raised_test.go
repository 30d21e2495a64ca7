package interp

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

const raisedSrc = `package raised

type node struct{ next *node; v int }

func at(xs []int, i int) (v int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return xs[i], true // line 11
}

func set(m map[string]int) (ok bool) {
	defer func() { ok = recover() == nil }()
	m["k"] = 1 // line 16
	return true
}

func value(n *node) int { return n.v } // line 20

func next(n *node) int { return value(n.next) } // line 22

func deref(n *node) (v int) {
	defer func() { recover() }()
	return next(n) // line 26
}

func loop() {
	for i := range 40 {
		func() {
			defer func() { recover() }()
			panic(i) // line 33
		}()
	}
}

func All() int {
	_, _ = at([]int{1}, 3)
	set(nil)
	deref(&node{})
	return 0
}

func Loop() { loop() }

func None() int { return len("x") }
`

// TestTracePanics: a trace keeps the panics the run raised and
// recovered, run-time errors included (an index out of range, a write
// to a nil map, a nil dereference two calls deep), with their position
// and interpreted stack; only the last maxRaised of a loop; none for a
// run that raises none.
func TestTracePanics(t *testing.T) {
	p := loadSource(t, "raised", raisedSrc)
	res, err := p.Run(bgContext, p.Func("raised", "All"), nil, nil)
	if err != nil || res.Outcome != Returned {
		t.Fatalf("Run = %v, %v", res, err)
	}
	ps := res.Trace.Panics()
	want := []struct {
		msg   string
		lines []int // the stack's lines, innermost first
	}{
		{"index out of range [3] with length 1", []int{11, 39}},
		{"assignment to entry in nil map", []int{16, 40}},
		{"invalid memory address or nil pointer dereference", []int{20, 22, 26, 41}},
	}
	if len(ps) != len(want) {
		t.Fatalf("Panics() = %d panics, want %d: %+v", len(ps), len(want), ps)
	}
	for i, w := range want {
		pi := ps[i]
		if !strings.Contains(pi.Message, w.msg) || pi.Pos.Line != w.lines[0] {
			t.Errorf("panic %d: %q at line %d, want %q at line %d", i, pi.Message, pi.Pos.Line, w.msg, w.lines[0])
		}
		var lines []int
		for _, f := range pi.Stack {
			lines = append(lines, f.Pos.Line)
		}
		if len(lines) != len(w.lines) {
			t.Errorf("panic %d: stack lines %v, want %v", i, lines, w.lines)
			continue
		}
		for j := range lines {
			if lines[j] != w.lines[j] {
				t.Errorf("panic %d: stack lines %v, want %v", i, lines, w.lines)
				break
			}
		}
	}
	if ps[0].Event == NoEvent || res.Trace.Pos(ps[0].Event).Line != 11 {
		t.Errorf("index panic's event %d, want the index's event at line 11", ps[0].Event)
	}
	res.Trace.Release()

	res, err = p.Run(bgContext, p.Func("raised", "Loop"), nil, nil)
	if err != nil || res.Outcome != Returned {
		t.Fatalf("Run(Loop) = %v, %v", res, err)
	}
	ps = res.Trace.Panics()
	if len(ps) != maxRaised || ps[0].Message != "8" || ps[maxRaised-1].Message != "39" || ps[0].Pos.Line != 33 {
		var msgs []string
		for _, pi := range ps {
			msgs = append(msgs, pi.Message)
		}
		t.Errorf("Loop's Panics() = %v, want the last %d: 8 to 39 at line 33", msgs, maxRaised)
	}
	res.Trace.Release()

	res, err = p.Run(bgContext, p.Func("raised", "None"), nil, nil)
	if err != nil || res.Outcome != Returned {
		t.Fatalf("Run(None) = %v, %v", res, err)
	}
	if ps := res.Trace.Panics(); len(ps) != 0 {
		t.Errorf("None's Panics() = %+v, want none", ps)
	}
	res.Trace.Release()
}

// TestRaisedEvents: each run-time error of raisedSrc's All (an index out
// of range, a write to a nil map, a nil dereference two calls deep)
// records its instruction's event, at its line, with the operands that
// made it fail as dependences, and the recover() call that stops it
// depends on that event: whether the run is recorded by execRec, by
// exec (noRecFast) or with hooks.
func TestRaisedEvents(t *testing.T) {
	p := loadSource(t, "raised", raisedSrc)
	for _, mode := range []struct {
		name string
		opts *RunOptions
	}{{"execRec", nil}, {"exec", &RunOptions{noRecFast: true}}, {"hooks", &RunOptions{Hooks: &Hooks{}}}} {
		res, err := p.Run(bgContext, p.Func("raised", "All"), nil, mode.opts)
		if err != nil || res.Outcome != Returned {
			t.Fatalf("Run = %v, %v", res, err)
		}
		tr := res.Trace
		ps := tr.Panics()
		if len(ps) != 3 {
			t.Fatalf("Panics() = %+v, want 3", ps)
		}
		for i, pi := range ps {
			e := pi.Event
			if e == NoEvent || tr.Pos(e).Line != pi.Pos.Line {
				t.Errorf("%s: panic %d's event %d, want one at line %d", mode.name, i, e, pi.Pos.Line)
				continue
			}
			if v := tr.Value(e); v.Kind() != KindInvalid {
				t.Errorf("%s: panic %d's event has value %v, want none", mode.name, i, v)
			}
			if len(tr.Deps(e, nil)) == 0 {
				t.Errorf("%s: panic %d's event (%v) has no dependences", mode.name, i, tr.Instr(e))
			}
			recovered := false
			for d := e + 1; int(d) < tr.Len() && !recovered; d++ {
				if c, ok := tr.Instr(d).(*ssa.Call); ok {
					if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "recover" {
						recovered = slices.Contains(tr.Deps(d, nil), e)
						break
					}
				}
			}
			if !recovered {
				t.Errorf("%s: the recover() after panic %d does not depend on its event", mode.name, i)
			}
		}
		tr.Release()
	}
}
