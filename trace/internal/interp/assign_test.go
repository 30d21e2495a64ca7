package interp

import (
	"path/filepath"
	"strings"
	"testing"
)

const subjectsPkg = "github.com/faultloc/faultloc/trace/testdata/subjects"

var subjectsFile, _ = filepath.Abs("../../testdata/subjects/subjects.go")

// Every source assignment is an event, including those lifted SSA erases:
// sum := 1 before a loop, and m = b.
func TestAssignmentsAreEvents(t *testing.T) {
	p := load(t, "./trace/testdata/subjects")
	res, err := p.Run(bgContext, p.Func(subjectsPkg, "Sum"), []Value{Slice(Int(2), Int(3))}, nil)
	if err != nil || res.Outcome != Returned || res.Returns[0].Int() != 6 {
		t.Fatalf("Sum = %v, %v", res, err)
	}
	tr := res.Trace
	var init EventID = NoEvent
	for _, e := range tr.Events(subjectsFile, 6) { // sum := 1
		if isKind(tr.Instr(e), "*ssa.Store") {
			init = e
		}
	}
	if init < 0 || tr.Value(init).Int() != 1 {
		t.Fatalf("no Store of 1 at line 6")
	}
	var ret EventID = NoEvent
	for _, e := range tr.Events(subjectsFile, 10) {
		if isKind(tr.Instr(e), "*ssa.Return") {
			ret = e
		}
	}
	if ret < 0 || !reaches(tr, ret, init) {
		t.Fatal("the result does not depend on sum := 1")
	}
	// sum += x runs twice in the loop, each a Store on line 8.
	n := 0
	for _, e := range tr.Events(subjectsFile, 8) {
		if isKind(tr.Instr(e), "*ssa.Store") {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d stores at sum += x, want 2", n)
	}

	res, err = p.Run(bgContext, p.Func(subjectsPkg, "Copy"), []Value{Int(1), Int(2)}, nil)
	if err != nil || res.Returns[0].Int() != 2 {
		t.Fatalf("Copy = %v, %v", res, err)
	}
	tr = res.Trace
	for line, want := range map[int]int64{15: 1, 16: 2} {
		found := false
		for _, e := range tr.Events(subjectsFile, line) {
			if isKind(tr.Instr(e), "*ssa.Store") && tr.Value(e).Int() == want {
				found = true
			}
		}
		if !found {
			t.Errorf("no Store of %d at line %d", want, line)
		}
	}
}

func TestCallLinkage(t *testing.T) {
	p := load(t, "./trace/testdata/subjects")
	res, err := p.Run(bgContext, p.Func(subjectsPkg, "Abs"), []Value{Int(-4)}, nil)
	if err != nil || res.Returns[0].Int() != 4 {
		t.Fatalf("Abs = %v, %v", res, err)
	}
	tr := res.Trace
	var call EventID = NoEvent
	for e := EventID(0); int(e) < tr.Len(); e++ {
		if isKind(tr.Instr(e), "*ssa.Call") && tr.Func(e).Name() == "Abs" {
			call = e
		}
	}
	if call < 0 || tr.Value(call).Int() != 4 {
		t.Fatalf("call event %d", call)
	}
	entry, ret, ok := tr.Callee(call)
	if !ok || tr.Func(entry).Name() != "abs" || tr.CallOf(entry) != call || tr.CallOf(ret) != call {
		t.Fatalf("callee of %d: %d %d %v", call, entry, ret, ok)
	}
	if tr.Value(entry).Int() != -4 || !reaches(tr, entry, tr.Deps(call, nil)[0]) {
		t.Errorf("callee parameter event %d does not carry the argument", entry)
	}
	// Events inside abs are control dependent on its branch or on the call.
	for e := entry; e <= ret; e++ {
		if tr.Func(e).Name() != "abs" {
			continue
		}
		c := tr.ControlParent(e)
		if c != call && !isKind(tr.Instr(c), "*ssa.If") {
			t.Errorf("event %d (%v) has control parent %d", e, tr.Instr(e), c)
		}
		if tr.Depth(e) != 1 {
			t.Errorf("depth of %d = %d", e, tr.Depth(e))
		}
	}
	// The use of abs's result (x + 0) depends on abs's Return.
	found := false
	for e := ret + 1; int(e) < tr.Len(); e++ {
		if isKind(tr.Instr(e), "*ssa.BinOp") {
			for _, d := range tr.Deps(e, nil) {
				if d == ret {
					found = true
				}
			}
		}
	}
	if !found {
		t.Error("no use of the call's result depends on the callee's Return")
	}
	lines := tr.Lines()
	var got []int
	for _, l := range lines {
		got = append(got, l.Line)
	}
	want := []int{21, 22, 25, 26, 27}
	if len(got) != len(want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("lines %v, want %v", got, want)
		}
	}
}

// What the program prints goes to RunOptions.Stdout.
func TestStdout(t *testing.T) {
	p := load(t, "./trace/testdata/subjects")
	var out strings.Builder
	res, err := p.Run(bgContext, p.Func(subjectsPkg, "Hello"), []Value{String("go")}, &RunOptions{Stdout: &out})
	if err != nil || res.Outcome != Returned {
		t.Fatalf("Hello: %v, %v", res, err)
	}
	if want := "hello, go\n2\ndone\nraw 1\n"; out.String() != want {
		t.Errorf("printed %q, want %q", out.String(), want)
	}
}
