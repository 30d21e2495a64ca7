package slicing_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/examples/chops"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// A parser that fails on any input containing "<SELECT".
func crashes(_ context.Context, in []byte) slicing.Outcome {
	if strings.Contains(string(in), "<SELECT") {
		return slicing.Fail
	}
	return slicing.Pass
}

func ExampleDDMin() {
	input := []byte(`<SELECT NAME="priority" MULTIPLE SIZE=7>`)
	r, err := slicing.DDMin(context.Background(), input, crashes, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", r.Min)
	// Output:
	// "<SELECT"
}

func ExampleDD() {
	// Eight changes; the failure needs changes 1, 7 and 8 together
	// (Zeller and Hildebrandt's example). dd keeps one of them as the
	// difference, the other two already in the passing configuration.
	changes := []int{1, 2, 3, 4, 5, 6, 7, 8}
	test := func(_ context.Context, c []int) slicing.Outcome {
		n := 0
		for _, x := range c {
			if x == 1 || x == 7 || x == 8 {
				n++
			}
		}
		if n == 3 {
			return slicing.Fail
		}
		return slicing.Pass
	}
	r, err := slicing.DD(context.Background(), changes, test, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("pass:", r.Pass, "fail:", r.Fail, "difference:", r.Diff)
	// Output:
	// pass: [5 6 7 8] fail: [1 5 6 7 8] difference: [1]
}

func ExampleDDInputs() {
	// A file name longer than 1024 bytes overflows a buffer (the chops
	// paper's gzip case). dd isolates one character as the cause.
	overflow := func(_ context.Context, name []byte) slicing.Outcome {
		if len(name) > 1024 {
			return slicing.Fail
		}
		return slicing.Pass
	}
	pass := []byte(strings.Repeat("f", 1000))
	fail := []byte(strings.Repeat("f", 1100))
	r, err := slicing.DDInputs(context.Background(), pass, fail, overflow, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(r.Pass), len(r.Fail), len(r.Edits), r.Marked)
	// Output:
	// 1024 1025 1 [1000]
}

func ExampleOutcome_String() {
	fmt.Println(slicing.Unresolved, slicing.Pass, slicing.Fail)
	// Output:
	// unresolved pass fail
}

// Slicing the failing run of AgxFaults' foo: Foo(3, 5) returns 8, want 2.
// The plain backward slice of the result misses the fault (a = x at line
// 14); the relevant slice, which adds the untaken branch at line 18 that
// could have reassigned b, brings it in.
func ExampleGraph_Relevant() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/foo")
	if err != nil {
		fmt.Println(err)
		return
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	run, err := prog.Run(ctx, foo, []trace.Value{trace.Int(3), trace.Int(5)}, &trace.RunOptions{NoInit: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	g := slicing.NewGraph(run.Trace)
	result, _ := slicing.Output(run.Trace, 0)
	bs, _ := g.Backward(result)
	rs, _ := g.Relevant(result)
	lines := func(s *slicing.Slice) []int {
		var out []int
		for _, l := range s.Lines() {
			out = append(out, l.Line)
		}
		return out
	}
	fmt.Println(run)
	fmt.Println("backward:", lines(bs))
	fmt.Println("relevant:", lines(rs))
	// Output:
	// returned: 8
	// backward: [10 11 21]
	// relevant: [10 11 13 14 18 21]
}

// The failure-inducing chop of the chops subject: dd isolates the byte 'm'
// between a passing and a failing recipe; the chop of its forward slice with
// the backward slice of the wrong sweetness holds the fault (line 45).
func ExampleFailureInducingChop() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/chops")
	if err != nil {
		fmt.Println(err)
		return
	}
	taste := prog.Func("github.com/faultloc/faultloc/examples/chops", "Taste")
	rep, err := slicing.FailureInducingChop(ctx, &slicing.ChopProblem[byte]{
		Pass: []byte("chs"),
		Fail: []byte("cchmsh"),
		Test: func(_ context.Context, in []byte) slicing.Outcome {
			b, s := chops.Taste(string(in))
			wb, ws := chops.Spec(string(in))
			if b != wb || s != ws {
				return slicing.Fail
			}
			return slicing.Pass
		},
		Run: func(ctx context.Context, in []byte) (*trace.Result, error) {
			return prog.Run(ctx, taste, []trace.Value{trace.String(string(in))}, &trace.RunOptions{NoInit: true})
		},
		Criteria: func(r *trace.Result) ([]trace.EventID, error) {
			sweet, err := slicing.Output(r.Trace, 1)
			return []trace.EventID{sweet}, err
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("failing %q, passing %q, difference at %v\n", rep.Input, rep.PassInput, rep.Marked)
	fmt.Println(rep)
	for _, l := range rep.Chop.Lines() {
		fmt.Printf("%s:%d\n", filepath.Base(l.File), l.Line)
	}
	// Output:
	// failing "chms", passing "chs", difference at [2]
	// exec 19 lines (207 events), BS 14 lines (96), FS 12 lines (35), chop 9 lines (20 events; 9 lines by line intersection)
	// chops.go:29
	// chops.go:36
	// chops.go:37
	// chops.go:39
	// chops.go:41
	// chops.go:42
	// chops.go:43
	// chops.go:45
	// chops.go:50
}

// Why the fault of foo (a = x, line 14) is in the relevant slice of
// Foo(3, 5)'s result: the chain of dependences from the result back to it.
// The returned b was read at line 21 while the branch a >= y at line 18,
// not taken, could have reassigned it; that branch read a, stored at 14.
func ExampleGraph_Why() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/foo")
	if err != nil {
		fmt.Println(err)
		return
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	run, err := prog.Run(ctx, foo, []trace.Value{trace.Int(3), trace.Int(5)}, &trace.RunOptions{NoInit: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	t := run.Trace
	g := slicing.NewGraph(t)
	result, _ := slicing.Output(t, 0)
	var fault trace.EventID = trace.NoEvent
	for _, e := range t.Events(t.Pos(result).Filename, 14) {
		if _, ok := t.Instr(e).(*ssa.Store); ok {
			fault = e
		}
	}
	chain, _ := g.Why(result, fault, true)
	for _, edge := range chain {
		fmt.Printf("line %d -%s-> line %d\n", t.Pos(edge.From).Line, edge.Kind, t.Pos(edge.To).Line)
	}
	// Output:
	// line 21 -data-> line 21
	// line 21 -data-> line 21
	// line 21 -potential-> line 18
	// line 18 -data-> line 18
	// line 18 -data-> line 18
	// line 18 -data-> line 14
}
