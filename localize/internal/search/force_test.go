package search

import (
	"context"
	"go/token"
	"math"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestAcross: the value nearest w that turns v op w the other way, for
// every comparison and outcome, checked by evaluating the comparison;
// none past the ends of w's kind.
func TestAcross(t *testing.T) {
	cmpInt := func(op token.Token, v, w int64) bool {
		switch op {
		case token.EQL:
			return v == w
		case token.NEQ:
			return v != w
		case token.LSS:
			return v < w
		case token.LEQ:
			return v <= w
		case token.GTR:
			return v > w
		}
		return v >= w
	}
	for _, tt := range []struct {
		op   token.Token
		was  bool
		w    int64
		want int64
	}{
		{token.EQL, false, 5, 5},
		{token.EQL, true, 5, 6},
		{token.NEQ, true, 5, 5},
		{token.NEQ, false, 5, 6},
		{token.LSS, true, 5, 5},
		{token.LSS, false, 5, 4},
		{token.LEQ, true, 5, 6},
		{token.LEQ, false, 5, 5},
		{token.GTR, true, 5, 5},
		{token.GTR, false, 5, 6},
		{token.GEQ, true, 5, 4},
		{token.GEQ, false, 5, 5},
	} {
		got, ok := across(tt.op, tt.was, trace.Int(tt.w))
		if !ok || got.Int() != tt.want {
			t.Errorf("across(%v, %v, %d) = %v, %v; want %d", tt.op, tt.was, tt.w, got, ok, tt.want)
			continue
		}
		if cmpInt(tt.op, got.Int(), tt.w) == tt.was {
			t.Errorf("across(%v, %v, %d) = %d: the comparison still comes out %v", tt.op, tt.was, tt.w, got.Int(), tt.was)
		}
	}
	for _, tt := range []struct {
		op  token.Token
		was bool
		w   trace.Value
	}{
		{token.LSS, false, trace.Uint(0)},
		{token.GEQ, true, trace.Uint(0)},
		{token.GTR, false, trace.Uint(math.MaxUint64)},
		{token.LSS, false, trace.Int(math.MinInt64)},
		{token.EQL, true, trace.Int(math.MaxInt64)},
		{token.EQL, false, trace.Float(1)},
	} {
		if got, ok := across(tt.op, tt.was, tt.w); ok {
			t.Errorf("across(%v, %v, %v) = %v, want none", tt.op, tt.was, tt.w, got)
		}
	}
	if got, ok := across(token.LEQ, true, trace.Uint(7)); !ok || got.Uint() != 8 {
		t.Errorf("across(<=, true, uint 7) = %v, %v; want 8", got, ok)
	}
}

// TestMirror: v mirror(op) w holds exactly when w op v does.
func TestMirror(t *testing.T) {
	eval := func(op token.Token, a, b int) bool {
		switch op {
		case token.EQL:
			return a == b
		case token.NEQ:
			return a != b
		case token.LSS:
			return a < b
		case token.LEQ:
			return a <= b
		case token.GTR:
			return a > b
		}
		return a >= b
	}
	for _, op := range []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ} {
		for v := -1; v <= 1; v++ {
			for w := -1; w <= 1; w++ {
				if eval(mirror(op), v, w) != eval(op, w, v) {
					t.Errorf("%d %v %d != %d %v %d", v, mirror(op), w, w, op, v)
				}
			}
		}
	}
}

// TestTriesStopWithContext: the tries are made as they are asked for,
// and when the context has ended only the predicate switches, made
// before any replacement, come: no replacement is made past the end.
func TestTriesStopWithContext(t *testing.T) {
	p := testutil.Examples(t)
	sub := &Subject{Prog: p, Case: p.TestCase(testutil.IntTest(t, p, "loops", "Sum", "SumFails", 45, 10))}
	v, err := sub.Run(context.Background(), &trace.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Release()
	tr := v.Res.Trace
	f := NewForcer(tr, nil, map[trace.StaticID]ForceKind{})
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if k := f.Kind(e); k != ForceNone {
			f.Add(e, k)
		}
	}
	flipped := len(flips(tr, f.preds))
	all := slices.Collect(f.tries(context.Background()))
	if flipped == 0 || len(all) <= flipped {
		t.Fatalf("%d tries of which %d predicate switches: want both kinds", len(all), flipped)
	}
	if n := len(all) - flipped; n > maxReplacements {
		t.Errorf("%d replacements, want at most %d", n, maxReplacements)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := slices.Collect(f.tries(ctx)); len(got) != flipped {
		t.Errorf("after the context ended: %d tries, want the %d predicate switches only", len(got), flipped)
	}
	// Taking the first only makes no more.
	for range f.tries(context.Background()) {
		break
	}
}

// TestPoll: Stopped looks at the context once every pollEvery calls.
func TestPoll(t *testing.T) {
	for _, tt := range []struct {
		name   string
		cancel bool
		calls  int
		want   bool
	}{
		{"live, at the poll", false, pollEvery, false},
		{"ended, before the poll", true, pollEvery - 1, false},
		{"ended, at the poll", true, pollEvery, true},
		{"ended, past the poll", true, pollEvery + 1, false},
		{"ended, at the second poll", true, 2 * pollEvery, true},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		if tt.cancel {
			cancel()
		}
		p := NewPoll(ctx)
		got := false
		for range tt.calls {
			got = p.Stopped()
		}
		cancel()
		if got != tt.want {
			t.Errorf("%s: call %d: Stopped = %v, want %v", tt.name, tt.calls, got, tt.want)
		}
	}
}
