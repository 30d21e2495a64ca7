package trace_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// Run the AgxFaults example's failing test, Foo(3, 5), and walk its trace:
// the statements executed, with their values and control parents.
func Example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/foo")
	if err != nil {
		log.Fatal(err)
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	res, err := prog.Run(ctx, foo, []trace.Value{trace.Int(3), trace.Int(5)}, &trace.RunOptions{NoInit: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Outcome, res.Returns[0])
	tr := res.Trace
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		switch tr.Instr(e).(type) {
		case *ssa.Store, *ssa.If, *ssa.Return:
		default:
			continue
		}
		if tr.StaticInfo(tr.Static(e)).Synthetic {
			continue // parameter spills and defer bookkeeping
		}
		pos := tr.Pos(e)
		fmt.Printf("%s:%d %v ctrl=%v\n", filepath.Base(pos.Filename), pos.Line, tr.Value(e), tr.ControlParent(e) >= 0)
	}
	// Output:
	// returned 8
	// foo.go:11 8 ctrl=false
	// foo.go:13 true ctrl=false
	// foo.go:14 3 ctrl=true
	// foo.go:18 false ctrl=false
	// foo.go:21 8 ctrl=false
	// foo.go:21 8 ctrl=false
}

// Substitute an angelic value: with a = 5 at the faulty line, the failing
// test passes. Instance keys come from a first run.
func ExampleHooks() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/foo")
	if err != nil {
		log.Fatal(err)
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	test := trace.Test{Name: "testFoo", Func: foo, Args: []trace.Value{trace.Int(3), trace.Int(5)}, Want: []trace.Value{trace.Int(2)}}
	res, err := prog.RunTest(ctx, test, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res)
	// Find the store at line 14 (a = x) and substitute its value.
	tr := res.Trace
	hooks := &trace.Hooks{Values: map[trace.InstanceKey]trace.Value{}}
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if _, ok := tr.Instr(e).(*ssa.Store); ok && tr.Pos(e).Line == 14 {
			hooks.Values[tr.Key(e)] = trace.Int(5)
		}
	}
	res, err = prog.RunTest(ctx, test, &trace.RunOptions{Hooks: hooks})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res)
	// Output:
	// assertion failed: 8: result 0 = 8, want 2
	// returned: 2
}

// Values are small typed structs; ValueOf and Interface convert from and to
// native Go values.
func ExampleValueOf() {
	v, err := trace.ValueOf([]string{"a", "b"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(v.Kind(), v.Len(), v, v.Interface())
	fmt.Println(trace.Int(-3), trace.Uint(3), trace.Bool(true), trace.String("x"), trace.Float(0.5))
	fmt.Println(trace.Equal(trace.Struct(trace.Int(1), trace.String("x")), trace.Struct(trace.Int(1), trace.String("x"))))
	// Output:
	// slice 2 ["a" "b"] [a b]
	// -3 3 true "x" 0.5
	// true
}

// Record only which lines a run executes (for spectrum-based
// localization over many tests): no trace, at the speed of an unrecorded
// run.
func ExampleRunOptions_coverOnly() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: ".."}, "./examples/foo")
	if err != nil {
		log.Fatal(err)
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	res, err := prog.Run(ctx, foo, []trace.Value{trace.Int(3), trace.Int(5)}, &trace.RunOptions{NoInit: true, CoverOnly: true})
	if err != nil {
		log.Fatal(err)
	}
	lines := map[int]bool{}
	for _, s := range res.Covered {
		if st, _ := prog.StaticInfo(s); !st.Synthetic {
			lines[st.Position.Line] = true
		}
	}
	fmt.Println(res.Outcome, res.Trace == nil, slices.Sorted(maps.Keys(lines)))
	// Output:
	// returned true [10 11 12 13 14 18 21]
}

// Run a case again in a fixed version of the program, loaded from the
// same source with the fix as an overlay: Rebind finds the test's
// function there, and the failing test passes.
func ExampleProgram_Rebind() {
	ctx := context.Background()
	cfg := trace.Config{Dir: ".."}
	prog, err := trace.Load(ctx, &cfg, "./examples/foo")
	if err != nil {
		log.Fatal(err)
	}
	foo := prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo")
	c := prog.TestCase(trace.Test{Name: "Foo(3, 5)", Func: foo,
		Args: []trace.Value{trace.Int(3), trace.Int(5)}, Want: []trace.Value{trace.Int(2)}})

	file, err := filepath.Abs("../examples/foo/foo.go")
	if err != nil {
		log.Fatal(err)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	cfg.Overlay = map[string][]byte{file: bytes.Replace(src, []byte("a = x // L3"), []byte("a = 2 * x // L3"), 1)}
	fixed, err := trace.Load(ctx, &cfg, "./examples/foo")
	if err != nil {
		log.Fatal(err)
	}
	fc, err := fixed.Rebind(c)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range []trace.Case{c, fc} {
		res, err := c.Run(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.Name, res.Returns[0], res.Passed())
	}
	// Output:
	// Foo(3, 5) 8 false
	// Foo(3, 5) 2 true
}
