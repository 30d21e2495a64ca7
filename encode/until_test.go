package encode_test

import (
	"context"
	"errors"
	"go/constant"
	"go/types"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// fooFailing loads examples/foo and runs its failing test Foo(3, 5), want
// 2.
func fooFailing(t *testing.T) (*trace.Program, trace.Test, *trace.Result) {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	test := trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(2)},
	}
	res, err := prog.RunTest(context.Background(), test, nil)
	if err != nil {
		t.Fatal(err)
	}
	return prog, test, res
}

// newEncoder returns a new solver, closed when t ends, and an encoder of
// test into it.
func newEncoder(t *testing.T, prog *trace.Program, test trace.Test, opts *encode.Options) (*maxsat.Solver, *encode.Encoder) {
	t.Helper()
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	enc, err := encode.New(prog, s, test, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s, enc
}

// TestAddRunUntil checks AddRunUntil's arguments, and that encoding a
// prefix of foo's failing run adds fewer constraints than the whole run.
func TestAddRunUntil(t *testing.T) {
	prog, test, res := fooFailing(t)
	n := res.Trace.Len()
	added := func(until int, avoid ...trace.EventID) (int, error) {
		_, enc := newEncoder(t, prog, test, nil)
		return enc.AddRunUntil(res, until, avoid...)
	}
	for _, tt := range []struct {
		until int
		avoid []trace.EventID
		err   string
	}{
		{until: -1, err: "events of a run"},
		{until: n + 1, err: "events of a run"},
		{until: n / 2, avoid: []trace.EventID{trace.EventID(n - 1)}, err: "is not among the first"},
	} {
		if _, err := added(tt.until, tt.avoid...); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("AddRunUntil(%d, %v): %v, want an error with %q", tt.until, tt.avoid, err, tt.err)
		}
	}
	whole, err := added(n)
	if err != nil {
		t.Fatal(err)
	}
	half, err := added(n / 2)
	if err != nil {
		t.Fatal(err)
	}
	if !(0 < half && half < whole) {
		t.Errorf("constraints: %d for the first %d events, %d for all %d", half, n/2, whole, n)
	}
}

// TestAddRunExpect checks expectations as the oracle, on foo's failing run
// encoded with no oracle of its own (NewAssertions): an expectation of
// Foo's result that the run meets needs no fault; one it does not meet
// does, and the cheapest fix is one statement; an expectation on a value
// the encoding does not model is an error unless the run meets it.
func TestAddRunExpect(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res, err := prog.RunTest(ctx, trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Trace
	ret := trace.NoEvent
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if _, ok := tr.Instr(e).(*ssa.Return); ok && tr.Func(e).Name() == "Foo" {
			ret = e
		}
	}
	if ret == trace.NoEvent {
		t.Fatal("no Return event of Foo")
	}
	result := tr.Instr(ret).(*ssa.Return).Results[0]
	str := ssa.NewConst(constant.MakeString("x"), types.Typ[types.String])
	for _, tt := range []struct {
		name   string
		expect encode.Expectation
		status maxsat.Status // with every statement as it is
		err    string
	}{
		{"met", encode.Expectation{Event: ret, Operand: result, Want: trace.Int(8)}, maxsat.Sat, ""},
		{"not met", encode.Expectation{Event: ret, Operand: result, Want: trace.Int(2)}, maxsat.Unsat, ""},
		{"string met", encode.Expectation{Event: ret, Operand: str, Want: trace.String("x")}, maxsat.Sat, ""},
		{"string not met", encode.Expectation{Event: ret, Operand: str, Want: trace.String("y")}, 0, "cannot be encoded"},
		{"no operand", encode.Expectation{Event: ret, Want: trace.Int(2)}, 0, "not among the first"},
		{"beyond the run", encode.Expectation{Event: trace.EventID(tr.Len()), Operand: result, Want: trace.Int(2)}, 0, "not among the first"},
	} {
		s, err := maxsat.NewSolver(nil)
		if err != nil {
			t.Fatal(err)
		}
		enc := encode.NewAssertions(prog, s, &encode.Options{Sanity: true})
		_, err = enc.AddRunExpect(res, tr.Len(), []encode.Expectation{tt.expect})
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.err)
			}
			s.Close()
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if _, st, err := s.CheckRelaxed(ctx, nil); err != nil || st != tt.status {
			t.Errorf("%s: with no statement changed: %v, %v; want %v", tt.name, st, err, tt.status)
		}
		if tt.status == maxsat.Unsat {
			if m, err := s.Optimum(ctx); err != nil || len(m.Groups) != 1 {
				t.Errorf("%s: optimum %v, %v; want one statement", tt.name, m, err)
			}
		}
		s.Close()
	}
}

// TestAddRunDone: a closed Options.Done stops the encoding of a run with
// ErrInterrupted; an open one changes nothing.
func TestAddRunDone(t *testing.T) {
	prog, test, res := fooFailing(t)
	open := make(chan struct{})
	_, enc := newEncoder(t, prog, test, &encode.Options{Done: open})
	want, err := enc.AddRun(res)
	if err != nil || want == 0 {
		t.Fatalf("AddRun with an open Done: %d, %v", want, err)
	}
	closed := make(chan struct{})
	close(closed)
	_, enc = newEncoder(t, prog, test, &encode.Options{Done: closed})
	if n, err := enc.AddRun(res); !errors.Is(err, encode.ErrInterrupted) || n != 0 {
		t.Errorf("AddRun with a closed Done: %d, %v; want 0, ErrInterrupted", n, err)
	}
}
