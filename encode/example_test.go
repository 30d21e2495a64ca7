package encode_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// Encode the failing run of the AgxFaults paper's foo as a single-path
// flow-sensitive formula (FS) and list its minimal correction sets: the
// statements whose change can make Foo(3, 5) return 2.
func Example() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		panic(err)
	}
	test := trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(2)},
	}
	res, err := prog.RunTest(ctx, test, nil)
	if err != nil {
		panic(err)
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		panic(err)
	}
	defer s.Close()
	enc, err := encode.New(prog, s, test, &encode.Options{Mode: encode.FS})
	if err != nil {
		panic(err)
	}
	if _, err := enc.AddRun(res); err != nil {
		panic(err)
	}
	mcses, err := s.AllMCS(ctx, maxsat.Bounds{}, nil)
	if err != nil {
		panic(err)
	}
	for _, m := range mcses {
		for _, g := range m.Groups {
			st := enc.Statement(g)
			fmt.Printf("%s:%d\n", filepath.Base(st.Pos.Filename), st.Pos.Line)
		}
	}
	// Unordered output:
	// foo.go:11
	// foo.go:14
	// foo.go:18
	// foo.go:21
	// foo.go:13
}

// A fault in strings: Greeting("Ada", true) returns "Dear Ada:" where
// "Dear Ada," is expected. Each minimal correction set comes with the
// angelic value its statement must produce instead: the ending, the
// result, or the branch on formal taking its other side (past which the
// single-path formula FS encodes nothing, so that anything could follow;
// localize's AgxFaults would re-run the test along it and refute it).
func Example_strings() {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/strs"}, ".")
	if err != nil {
		panic(err)
	}
	test := trace.Test{
		Name: "testGreeting",
		Func: prog.Func("github.com/faultloc/faultloc/encode/testdata/strs", "Greeting"),
		Args: []trace.Value{trace.String("Ada"), trace.Bool(true)},
		Want: []trace.Value{trace.String("Dear Ada,")},
	}
	res, err := prog.RunTest(ctx, test, nil)
	if err != nil {
		panic(err)
	}
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		panic(err)
	}
	defer s.Close()
	enc, err := encode.New(prog, s, test, &encode.Options{Mode: encode.FS})
	if err != nil {
		panic(err)
	}
	if _, err := enc.AddRun(res); err != nil {
		panic(err)
	}
	mcses, err := s.AllMCS(ctx, maxsat.Bounds{MaxSize: 1}, nil)
	if err != nil {
		panic(err)
	}
	for _, m := range mcses {
		c, err := enc.Decode(m)
		if err != nil {
			panic(err)
		}
		for _, a := range c.Angelic {
			fmt.Printf("line %d: %v\n", a.Pos.Line, a.Value)
		}
	}
	// Unordered output:
	// line 10: ","
	// line 11: "Dear Ada,"
	// line 7: false
}
