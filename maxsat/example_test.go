package maxsat_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/maxsat"
)

// A three-statement trace with a failing oracle, encoded as AgxFaults does:
// each statement s holds unless its fault predicate ab_s is true, and ¬ab_s
// is soft, one group per statement. Each MCS is a minimal set of statements
// to change, and its model gives the angelic values.
func Example() {
	const w = 8
	x, y, z := maxsat.BVVar("x", w), maxsat.BVVar("y", w), maxsat.BVVar("z", w)
	ab := func(s string) *maxsat.Term { return maxsat.BoolVar("ab_" + s) }

	s, err := maxsat.NewSolver(nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	s.AddHard(maxsat.Eq(x, maxsat.BV(3, w)))                                     // input x = 3
	s.AddHard(maxsat.Or(ab("s1"), maxsat.Eq(y, maxsat.Add(x, maxsat.BV(1, w))))) // s1: y := x + 1
	s.AddHard(maxsat.Or(ab("s2"), maxsat.Eq(z, maxsat.Add(y, maxsat.BV(2, w))))) // s2: z := y + 2
	s.AddHard(maxsat.Eq(z, maxsat.BV(10, w)))                                    // oracle: z == 10
	s.AddSoft(maxsat.Not(ab("s1")), 1, "s1")
	s.AddSoft(maxsat.Not(ab("s2")), 1, "s2")

	ctx := context.Background()
	for {
		mcs, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 2})
		if errors.Is(err, maxsat.ErrExhausted) {
			break
		} else if err != nil {
			fmt.Println(err)
			return
		}
		yv, _ := mcs.Model.BV(y)
		zv, _ := mcs.Model.BV(z)
		fmt.Printf("fix %v (cost %d): y=%d z=%d\n", mcs.Groups, mcs.Cost, yv, zv)
		s.Block(mcs.Groups)
	}
	// Output:
	// fix [s1] (cost 1): y=8 z=10
	// fix [s2] (cost 1): y=4 z=10
}

// Ill-sorted terms do not panic: the error travels with the term and is
// reported where the term is used.
func ExampleSortError() {
	t := maxsat.Add(maxsat.BVVar("a", 8), maxsat.BVVar("b", 16))
	u := maxsat.Eq(t, maxsat.BV(0, 8)) // built on an ill-sorted term
	s, _ := maxsat.NewSolver(nil)
	defer s.Close()
	err := s.AddHard(u)
	var se *maxsat.SortError
	fmt.Println(errors.As(err, &se), err)
	// Output:
	// true maxsat: ill-sorted add(BV8, BV16): operands must have the same sort
}

// MUS names a minimal set of soft groups that conflict.
func ExampleSolver_MUS() {
	p, q, r := maxsat.BoolVar("p"), maxsat.BoolVar("q"), maxsat.BoolVar("r")
	s, _ := maxsat.NewSolver(nil)
	defer s.Close()
	s.AddHard(maxsat.Implies(p, q))
	s.AddSoft(p, 1, "p")
	s.AddSoft(maxsat.Not(q), 1, "not q")
	s.AddSoft(r, 1, "r")
	mus, err := s.MUS(context.Background())
	fmt.Println(mus, err)
	// Output:
	// [p not q] <nil>
}

// A weighted problem read from WCNF: the optimum by Fu–Malik, then every
// MCS in non-decreasing cost.
func ExampleReadWCNF() {
	w, err := maxsat.ReadWCNF(strings.NewReader(`c exactly one of x1, x2; x3 -> x1
h 1 2 0
h -1 -2 0
h -3 1 0
3 3 0
2 -1 0
2 4 -2 0
1 -4 0
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s, _ := maxsat.NewSolver(nil)
	defer s.Close()
	w.AddTo(s)
	opt, _ := s.Optimum(context.Background())
	fmt.Println("optimum", opt.Cost, opt.Groups)
	all, _ := s.AllMCS(context.Background(), maxsat.Bounds{}, nil)
	for _, m := range all {
		fmt.Println(m.Cost, m.Groups)
	}
	// Output:
	// optimum 2 [s1]
	// 2 [s1]
	// 4 [s0 s3]
	// 5 [s0 s2]
}
