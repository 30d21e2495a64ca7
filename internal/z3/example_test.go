//go:build cgo

package z3_test

import (
	"context"
	"fmt"

	"github.com/faultloc/faultloc/internal/z3"
)

// A solver with an assumption literal: the core names the assumptions that
// conflict, and without them the model gives x's value.
func Example() {
	c, err := z3.NewContext()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	bv8, _ := c.BVSort(8)
	boolean, _ := c.BoolSort()
	x, _ := c.Const("x", bv8)
	p, _ := c.Const("p", boolean)
	k200, _ := c.Uint64(200, bv8)
	k100, _ := c.Uint64(100, bv8)
	sum, _ := c.App(z3.OpBVAdd, 0, 0, x, k100) // wraps around at 256
	eq, _ := c.App(z3.OpEq, 0, 0, sum, k200)
	k150, _ := c.Uint64(150, bv8)
	lt, _ := c.App(z3.OpBVULT, 0, 0, x, k150)
	guarded, _ := c.App(z3.OpImplies, 0, 0, p, lt)

	s, _ := c.NewSolver(z3.DefaultSolver)
	s.Assert(eq)
	s.Assert(guarded)
	r, _ := s.Check(context.Background(), []z3.AST{p})
	fmt.Println(r)
	m, _ := s.Model()
	v, _ := m.Eval(x, true)
	fmt.Println("x =", v.Uint64)

	ge, _ := c.App(z3.OpBVUGE, 0, 0, x, k200)
	q, _ := c.Const("q", boolean)
	gq, _ := c.App(z3.OpImplies, 0, 0, q, ge)
	s.Assert(gq)
	r, _ = s.Check(context.Background(), []z3.AST{p, q})
	core, _ := s.UnsatCore(nil)
	fmt.Println(r, len(core))
	// Output:
	// sat
	// x = 100
	// unsat 1
}
