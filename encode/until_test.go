package encode_test

import (
	"context"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestAddRunUntil checks AddRunUntil's arguments, and that encoding a
// prefix of foo's failing run adds fewer constraints than the whole run.
func TestAddRunUntil(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples/foo"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	test := trace.Test{
		Name: "testFoo",
		Func: prog.Func("github.com/faultloc/faultloc/examples/foo", "Foo"),
		Args: []trace.Value{trace.Int(3), trace.Int(5)},
		Want: []trace.Value{trace.Int(2)},
	}
	res, err := prog.RunTest(ctx, test, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := res.Trace.Len()
	added := func(until int, avoid ...trace.EventID) (int, error) {
		s, err := maxsat.NewSolver(nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		enc, err := encode.New(prog, s, test, nil)
		if err != nil {
			t.Fatal(err)
		}
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
