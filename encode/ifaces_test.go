package encode

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// TestInterfacesSanity: runs passing ints through interfaces (a heap of
// any ordered by a comparator, a type switch over several dynamic types,
// interface equality, a map of any, an any through a call, structs kept in
// a []any whose fields are read after assertions) are encoded
// with their own results and Options.Sanity: the run's values must
// satisfy the encoding, and the instances of interface type holding ints
// get terms.
func TestInterfacesSanity(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/ifaces"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/faultloc/faultloc/encode/testdata/ifaces"
	rng := rand.New(rand.NewPCG(5, 9))
	for range 15 {
		n := func() trace.Value { return trace.Int(int64(rng.IntN(41) - 20)) }
		for _, test := range []trace.Test{
			{Name: "Least", Func: prog.Func(pkg, "Least"), Args: []trace.Value{n(), n(), n(), n(), n()}},
			{Name: "Mixed", Func: prog.Func(pkg, "Mixed"), Args: []trace.Value{n(), n(), trace.String("xyz"[:rng.IntN(4)])}},
			{Name: "Report", Func: prog.Func(pkg, "Report"), Args: []trace.Value{n()}},
			{Name: "Urgent", Func: prog.Func(pkg, "Urgent"), Args: []trace.Value{n(), n(), n()}},
		} {
			st, err := selfSanity(ctx, prog, test)
			if err != nil {
				t.Errorf("%s%v: %v", test.Name, test.Args, err)
			}
			if st.Interfaces == 0 && test.Name != "Urgent" {
				t.Errorf("%s: no instance of interface type encoded", test.Name)
			}
			if test.Name == "Urgent" && st.FieldCopies < 3 {
				t.Errorf("Urgent: %d fields linked through copies, want at least 3 (through the interfaces)", st.FieldCopies)
			}
		}
	}
}

// TestFormatted: values boxed only to be formatted by the standard
// library (fmt.Sprint's arguments) get no terms; those passed to a
// variadic function of the program do.
func TestFormatted(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/ifaces"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	e := newEncoder(prog, nil, &Options{})
	for _, p := range prog.Packages {
		e.scope[p] = true
	}
	var got []string
	for _, b := range prog.Func("github.com/faultloc/faultloc/encode/testdata/ifaces", "Report").Blocks {
		for _, in := range b.Instrs {
			switch in.(type) {
			case *ssa.MakeInterface, *ssa.Store:
				if v, ok := in.(ssa.Value); ok && v.Type().String() != "any" {
					continue
				}
				got = append(got, fmt.Sprintf("%v:%v", in, e.formatted(in)))
			}
		}
	}
	want := 0
	for _, g := range got {
		if strings.HasSuffix(g, ":true") {
			want++
		}
	}
	// fmt.Sprint's two boxes (the constant's and n's) and their stores are
	// formatted; total's two boxes and stores are not.
	if want != 4 || len(got) < 8 {
		t.Errorf("formatted: %v; want 4 of at least 8 true", got)
	}
}
