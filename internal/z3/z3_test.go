//go:build cgo

package z3

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func newCtx(t testing.TB) *Context {
	t.Helper()
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func must[T any](t testing.TB) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestVersion(t *testing.T) {
	if v := Version(); v == "" || v == "0.0.0" {
		t.Fatalf("Version() = %q", v)
	}
}

func TestSatUnsatCoreModel(t *testing.T) {
	c := newCtx(t)
	ast := must[AST](t)
	srt := must[Sort](t)
	bv8 := srt(c.BVSort(8))
	b := srt(c.BoolSort())
	x := ast(c.Const("x", bv8))
	p := ast(c.Const("p", b))
	q := ast(c.Const("q", b))
	ten := ast(c.Uint64(10, bv8))
	two := ast(c.Uint64(2, bv8))
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	// p => x = 10; q => x = 2
	if err := s.Assert(ast(c.App(OpImplies, 0, 0, p, ast(c.App(OpEq, 0, 0, x, ten))))); err != nil {
		t.Fatal(err)
	}
	if err := s.Assert(ast(c.App(OpImplies, 0, 0, q, ast(c.App(OpEq, 0, 0, x, two))))); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := must[Result](t)(s.Check(ctx, []AST{p, q}))
	if r != Unsat {
		t.Fatalf("check(p,q) = %v, want unsat", r)
	}
	core := must[[]AST](t)(s.UnsatCore(nil))
	if len(core) != 2 || !(core[0] == p && core[1] == q || core[0] == q && core[1] == p) {
		t.Fatalf("core = %v, want [p q] by identity", core)
	}
	r = must[Result](t)(s.Check(ctx, []AST{p}))
	if r != Sat {
		t.Fatalf("check(p) = %v", r)
	}
	m := must[*Model](t)(s.Model())
	v := must[Value](t)(m.Eval(x, true))
	if v.Kind != Uint64Value || v.Uint64 != 10 {
		t.Fatalf("x = %+v, want 10", v)
	}
	v = must[Value](t)(m.Eval(p, true))
	if v.Kind != BoolValue || !v.Bool {
		t.Fatalf("p = %+v, want true", v)
	}
}

func TestLargeNumerals(t *testing.T) {
	c := newCtx(t)
	ast := must[AST](t)
	bv64 := must[Sort](t)(c.BVSort(64))
	bv128 := must[Sort](t)(c.BVSort(128))
	x := ast(c.Const("x", bv64))
	big := uint64(1<<63 + 5)
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	s.Assert(ast(c.App(OpEq, 0, 0, x, ast(c.Uint64(big, bv64)))))
	if r := must[Result](t)(s.Check(context.Background(), nil)); r != Sat {
		t.Fatal(r)
	}
	m := must[*Model](t)(s.Model())
	if v := must[Value](t)(m.Eval(x, true)); v.Uint64 != big {
		t.Fatalf("x = %+v, want %d", v, big)
	}
	wide := ast(c.App(OpConcat, 0, 0, x, x))
	_ = bv128
	v := must[Value](t)(m.Eval(wide, true))
	if v.Kind != BigValue || v.Big.String() != "170141183460469231833144396121286639621" {
		t.Fatalf("concat = %+v", v)
	}
}

func TestIllSortedIsError(t *testing.T) {
	c := newCtx(t)
	bv8 := must[Sort](t)(c.BVSort(8))
	bv16 := must[Sort](t)(c.BVSort(16))
	x := must[AST](t)(c.Const("x", bv8))
	y := must[AST](t)(c.Const("y", bv16))
	_, err := c.App(OpBVAdd, 0, 0, x, y)
	var ze *Error
	if !errors.As(err, &ze) {
		t.Fatalf("bvadd(bv8, bv16): err = %v, want *Error", err)
	}
	// The context stays usable.
	if _, err := c.App(OpBVAdd, 0, 0, x, x); err != nil {
		t.Fatal(err)
	}
	if _, err := c.App(OpNot, 0, 0); err == nil {
		t.Fatal("not() with no argument: no error")
	}
	if _, err := c.App(Op(999), 0, 0, x); err == nil {
		t.Fatal("unknown op: no error")
	}
}

// hard builds a pigeonhole-like unsatisfiable bit-vector problem that takes
// Z3 a while: n distinct values in a range of n-1, over products.
func hard(t testing.TB, c *Context, s *Solver, n int) {
	bv := must[Sort](t)(c.BVSort(32))
	ast := must[AST](t)
	var xs []AST
	for i := 0; i < n; i++ {
		x := ast(c.Const(fmt.Sprintf("x%d", i), bv))
		y := ast(c.Const(fmt.Sprintf("y%d", i), bv))
		p := ast(c.App(OpBVMul, 0, 0, x, y))
		s.Assert(ast(c.App(OpBVULT, 0, 0, p, ast(c.Uint64(uint64(n-1), bv)))))
		s.Assert(ast(c.App(OpBVUGT, 0, 0, x, ast(c.Uint64(1, bv)))))
		s.Assert(ast(c.App(OpBVUGT, 0, 0, y, ast(c.Uint64(1, bv)))))
		s.Assert(ast(c.App(OpBVULT, 0, 0, x, ast(c.Uint64(1<<16, bv)))))
		s.Assert(ast(c.App(OpBVULT, 0, 0, y, ast(c.Uint64(1<<16, bv)))))
		xs = append(xs, p)
	}
	s.Assert(ast(c.App(OpDistinct, 0, 0, xs...)))
}

func TestCancelMidCheck(t *testing.T) {
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	hard(t, c, s, 40)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := s.Check(ctx, nil)
	el := time.Since(start)
	if r != Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("check = %v, %v; want unknown with deadline error", r, err)
	}
	if el > 5*time.Second {
		t.Fatalf("cancellation took %v", el)
	}
	// An interrupt must not stick to the context: a fresh easy check works.
	s2 := must[*Solver](t)(c.NewSolver(DefaultSolver))
	p := must[AST](t)(c.Const("p", must[Sort](t)(c.BoolSort())))
	s2.Assert(p)
	if r, err := s2.Check(context.Background(), nil); r != Sat || err != nil {
		t.Fatalf("check after interrupt = %v, %v", r, err)
	}
	if r, err := s2.Check(context.Background(), nil); r != Sat || err != nil {
		t.Fatalf("second check after interrupt = %v, %v", r, err)
	}
}

func TestCancelledBeforeCheck(t *testing.T) {
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err := s.Check(ctx, nil); r != Unknown || !errors.Is(err, context.Canceled) {
		t.Fatalf("check = %v, %v", r, err)
	}
}

func TestTimeout(t *testing.T) {
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	hard(t, c, s, 40)
	if err := s.SetTimeout(50 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r, err := s.Check(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r == Unknown && s.ReasonUnknown() == "" {
		t.Fatal("no reason for unknown")
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Fatalf("timeout took %v", el)
	}
}

func TestPushPop(t *testing.T) {
	c := newCtx(t)
	b := must[Sort](t)(c.BoolSort())
	p := must[AST](t)(c.Const("p", b))
	np := must[AST](t)(c.App(OpNot, 0, 0, p))
	s := must[*Solver](t)(c.NewSolver(DefaultSolver))
	s.Assert(p)
	s.Push()
	s.Assert(np)
	if r, _ := s.Check(context.Background(), nil); r != Unsat {
		t.Fatalf("p & !p: %v", r)
	}
	if s.NumScopes() != 1 {
		t.Fatal("scopes")
	}
	s.Pop(1)
	if r, _ := s.Check(context.Background(), nil); r != Sat {
		t.Fatalf("after pop: %v", r)
	}
}

func TestOptimizeSoft(t *testing.T) {
	c := newCtx(t)
	b := must[Sort](t)(c.BoolSort())
	ast := must[AST](t)
	p := ast(c.Const("p", b))
	q := ast(c.Const("q", b))
	o := must[*Optimize](t)(c.NewOptimize())
	o.Assert(ast(c.App(OpOr, 0, 0, ast(c.App(OpNot, 0, 0, p)), ast(c.App(OpNot, 0, 0, q)))))
	if _, err := o.AssertSoft(p, 3, "g"); err != nil {
		t.Fatal(err)
	}
	if _, err := o.AssertSoft(q, 5, "g"); err != nil {
		t.Fatal(err)
	}
	if r := must[Result](t)(o.Check(context.Background(), nil)); r != Sat {
		t.Fatal(r)
	}
	m := must[*Model](t)(o.Model())
	pv := must[Value](t)(m.Eval(p, true))
	qv := must[Value](t)(m.Eval(q, true))
	if pv.Bool || !qv.Bool {
		t.Fatalf("p=%v q=%v, want p=false q=true (drop the lighter soft)", pv.Bool, qv.Bool)
	}
	if st := o.Statistics(); st == nil {
		t.Fatal("no statistics")
	}
}

func TestClosed(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	s, _ := c.NewSolver(DefaultSolver)
	c.Close()
	c.Close()
	if _, err := c.BoolSort(); !errors.Is(err, ErrClosed) {
		t.Fatalf("BoolSort after Close: %v", err)
	}
	if _, err := s.Check(context.Background(), nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("Check after Close: %v", err)
	}
}

func TestEvalBoolsAndKinds(t *testing.T) {
	for _, kind := range []SolverKind{DefaultSolver, SimpleSolver, BVSolver} {
		c := newCtx(t)
		b := must[Sort](t)(c.BoolSort())
		ast := must[AST](t)
		p, q, r := ast(c.Const("p", b)), ast(c.Const("q", b)), ast(c.Const("r", b))
		bv := must[Sort](t)(c.BVSort(16))
		x := ast(c.Const("x", bv))
		s := must[*Solver](t)(c.NewSolver(kind))
		s.Assert(p)
		s.Assert(ast(c.App(OpNot, 0, 0, q)))
		s.Assert(ast(c.App(OpEq, 0, 0, ast(c.App(OpBVMul, 0, 0, x, x)), ast(c.Uint64(49, bv)))))
		// At most one of p, q, r; r is then free or false.
		s.Assert(ast(c.App(OpAtMost, 1, 0, p, q, r)))
		if res := must[Result](t)(s.Check(context.Background(), nil)); res != Sat {
			t.Fatalf("%v: %v", kind, res)
		}
		m := must[*Model](t)(s.Model())
		vals, err := m.EvalBools([]AST{p, q, r})
		if err != nil || vals[0] != 1 || vals[1] != 0 || vals[2] != 0 {
			t.Fatalf("%v: EvalBools = %v, %v", kind, vals, err)
		}
		xv := must[Value](t)(m.Eval(x, true))
		if xv.Uint64*xv.Uint64%(1<<16) != 49 {
			t.Fatalf("%v: x = %d, x*x != 49 mod 2^16", kind, xv.Uint64)
		}
		if st := s.Statistics(); len(st) == 0 {
			t.Errorf("%v: no statistics", kind)
		}
	}
}

func TestPBLe(t *testing.T) {
	c := newCtx(t)
	b := must[Sort](t)(c.BoolSort())
	ast := must[AST](t)
	p, q := ast(c.Const("p", b)), ast(c.Const("q", b))
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	s.Assert(ast(c.PBLe([]AST{p, q}, []int{3, 2}, 4)))
	if r := must[Result](t)(s.Check(context.Background(), []AST{p, q})); r != Unsat {
		t.Fatalf("3p + 2q <= 4 with p, q: %v", r)
	}
	if r := must[Result](t)(s.Check(context.Background(), []AST{p})); r != Sat {
		t.Fatalf("3p + 2q <= 4 with p: %v", r)
	}
	if _, err := c.PBLe([]AST{p}, nil, 1); err == nil {
		t.Fatal("PBLe with missing coefficients: no error")
	}
}

func TestCloseUntracks(t *testing.T) {
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	for i := 0; i < 100; i++ {
		if r, err := s.Check(context.Background(), nil); r != Sat || err != nil {
			t.Fatal(r, err)
		}
		m := must[*Model](t)(s.Model())
		m.Close()
		m.Close()
	}
	if len(c.objs) != 1 {
		t.Fatalf("%d objects tracked after closing the models, want 1 (the solver)", len(c.objs))
	}
	s.Close()
	if len(c.objs) != 0 {
		t.Fatalf("%d objects tracked after closing the solver", len(c.objs))
	}
}

func TestSetParam(t *testing.T) {
	c := newCtx(t)
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	if err := s.SetParam("smt.relevancy", 0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetParam("model", true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetParam("timeout", "x"); err == nil {
		t.Error("string value: no error")
	}
	if err := s.SetParam("timeout", -1); err == nil {
		t.Error("negative value: no error")
	}
}

// TestPinned: each term or sort a call makes holds one reference, recorded
// once per call (a hash-consed term made twice twice, a cached sort once,
// a failed call not at all), and Close gives every one back before it
// deletes the context, with solvers and models still holding terms.
func TestPinned(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	ast := must[AST](t)
	b := must[Sort](t)(c.BoolSort())
	c.BoolSort()
	bv := must[Sort](t)(c.BVSort(8))
	c.BVSort(8)
	i := must[Sort](t)(c.IntSort())
	if n := len(c.pinned); n != 3 {
		t.Fatalf("%d references after three sorts (two asked twice), want 3", n)
	}
	p, p2 := ast(c.Const("p", b)), ast(c.Const("p", b))
	if p != p2 {
		t.Fatal("Const p made twice: two terms")
	}
	x := ast(c.Const("x", bv))
	s := must[*Solver](t)(c.NewSolver(SimpleSolver))
	s.Assert(p)
	s.Assert(ast(c.App(OpEq, 0, 0, x, ast(c.Uint64(7, bv)))))
	ast(c.Fresh("f", i))
	ast(c.Numeral("-12", i))
	ast(c.BoolVal(true))
	ast(c.StringVal("ab"))
	ast(c.PBLe([]AST{p}, []int{1}, 1))
	if n := len(c.pinned); n != 3+10 {
		t.Fatalf("%d references after 10 terms made, want 13", n)
	}
	if _, err := c.App(OpBVAdd, 0, 0, x, p); err == nil {
		t.Fatal("bvadd of a bit-vector and a Boolean: no error")
	}
	if n := len(c.pinned); n != 13 {
		t.Fatalf("%d references after a failed App, want 13", n)
	}
	if r := must[Result](t)(s.Check(context.Background(), nil)); r != Sat {
		t.Fatal(r)
	}
	m := must[*Model](t)(s.Model())
	if v := must[Value](t)(m.Eval(x, true)); v.Uint64 != 7 {
		t.Fatalf("x = %d, want 7", v.Uint64)
	}
	c.Close()
	if c.pinned != nil {
		t.Fatalf("%d references kept after Close", len(c.pinned))
	}
}

// BenchmarkCloseChain closes a context holding a chain of n nested sums,
// the shape a run's encoding has (each value built from earlier ones).
// Deleting a context whose terms are still referenced peels the term
// graph one layer per pass over all its terms; with the references given
// back first (fl_dec_refs), it frees the terms through their counts.
func BenchmarkCloseChain(b *testing.B) {
	for _, n := range []int{0, 500, 2000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				c := newCtx(b)
				is := must[Sort](b)(c.IntSort())
				acc := must[AST](b)(c.Const("acc", is))
				for range n {
					v := must[AST](b)(c.Fresh("v", is))
					acc = must[AST](b)(c.App(OpAdd, 0, 0, acc, v))
				}
				b.StartTimer()
				c.Close()
			}
		})
	}
}
