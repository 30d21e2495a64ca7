package encode_test

import (
	"context"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestEquals: Equals gives the constraint that a blamable instance has a
// value, nil for the others and for values of another kind. On Foo(3, 5)
// = 8, a passing run, with only `x + y` (L1) blamable: its value may
// differ from 8 only with its statement relaxed, and then the formula
// says which values keep the result 8 (none: b is returned as computed);
// with only the branch of L2 blamable, its other decision is satisfiable
// (the side no run took is free in the formula; a = y - x = 2 < y does
// keep the result).
func TestEquals(t *testing.T) {
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	test := trace.Test{
		Name: "pass",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(8)},
	}
	res, err := prog.RunTest(context.Background(), test, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Trace
	find := func(match func(ssa.Instruction) bool) trace.EventID {
		for e := range tr.Len() {
			if in := tr.Instr(trace.EventID(e)); in != nil && in.Parent().Name() == "Foo" && match(in) {
				return trace.EventID(e)
			}
		}
		t.Fatal("instruction not in the run")
		return 0
	}
	sum := find(func(in ssa.Instruction) bool {
		b, ok := in.(*ssa.BinOp)
		return ok && b.Op.String() == "+"
	})
	branch := find(func(in ssa.Instruction) bool { _, ok := in.(*ssa.If); return ok })
	for _, tt := range []struct {
		name  string
		ev    trace.EventID
		other trace.Value // a value of the wrong kind
		sat   bool        // another value keeps the result
	}{
		{"x + y", sum, trace.Bool(true), false},
		{"if x < y", branch, trace.Int(1), true},
	} {
		k := tr.Key(tt.ev)
		s, enc := newEncoder(t, prog, test, &encode.Options{Blamable: func(x trace.InstanceKey) bool { return x == k }})
		if _, err := enc.AddRun(res); err != nil {
			t.Fatal(err)
		}
		eq := enc.Equals(k, tr.Value(tt.ev))
		if eq == nil {
			t.Fatalf("%s: Equals of the blamable instance is nil", tt.name)
		}
		if enc.Equals(k, tt.other) != nil {
			t.Errorf("%s: Equals with a value of another kind is not nil", tt.name)
		}
		if other := tr.Key(sum ^ branch ^ tt.ev); enc.Equals(other, tr.Value(sum^branch^tt.ev)) != nil {
			t.Errorf("%s: Equals of an instance that is not blamable is not nil", tt.name)
		}
		groups := s.GroupNames()
		if len(groups) != 1 {
			t.Fatalf("%s: groups %v, want one", tt.name, groups)
		}
		ctx := context.Background()
		if _, st, err := s.CheckRelaxed(ctx, nil, maxsat.Not(eq)); err != nil || st != maxsat.Unsat {
			t.Errorf("%s: another value with its statement enforced: %v %v, want unsat", tt.name, st, err)
		}
		want := maxsat.Unsat
		if tt.sat {
			want = maxsat.Sat
		}
		if _, st, err := s.CheckRelaxed(ctx, groups, maxsat.Not(eq)); err != nil || st != want {
			t.Errorf("%s: another value with its statement relaxed: %v %v, want %v", tt.name, st, err, want)
		}
	}
}
