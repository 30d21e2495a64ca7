package encode_test

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/maxsat"
	"github.com/faultloc/faultloc/trace"
)

// TestShared encodes two failing tests of foo into one solver with one
// table of fault predicates: one soft group per statement (not one per
// test), every term of the second encoder named apart from the first's,
// the runs' values still satisfying the formula (Sanity), and the
// one-statement correction sets exactly those that correct each test
// alone, decoded with each test's own angelic values.
func TestShared(t *testing.T) {
	ctx := context.Background()
	prog, first, _ := fooFailing(t)
	second := first
	second.Name, second.Args, second.Want = "testFoo2", []trace.Value{trace.Int(2), trace.Int(3)}, []trace.Value{trace.Int(1)}
	tests := []trace.Test{first, second}

	// Each test alone.
	alone := make([][]string, len(tests))
	for i, test := range tests {
		s, enc := newEncoder(t, prog, test, nil)
		res, err := prog.RunTest(ctx, test, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := enc.AddRun(res); err != nil {
			t.Fatal(err)
		}
		alone[i] = singles(t, s)
	}

	// Both together.
	s, err := maxsat.NewSolver(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sh := encode.NewShared()
	var encs []*encode.Encoder
	for _, test := range tests {
		enc, err := encode.New(prog, s, test, &encode.Options{Shared: sh, Sanity: true})
		if err != nil {
			t.Fatal(err)
		}
		res, err := prog.RunTest(ctx, test, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := enc.AddRun(res); err != nil {
			t.Fatal(err)
		}
		encs = append(encs, enc)
	}
	if n, m := len(s.GroupNames()), len(sh.Statements()); n != m || n == 0 {
		t.Errorf("%d soft groups for %d shared statements", n, m)
	}
	if st := encs[1].Stats(); st.Statements != 0 {
		t.Errorf("the second encoder created %d fault predicates; both tests run the same statements", st.Statements)
	}
	var both []string
	for {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 1})
		if errors.Is(err, maxsat.ErrExhausted) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		g := filepath.Base(m.Groups[0])
		both = append(both, g)
		// Each encoder decodes its own test's angelic values.
		var vals []string
		for _, enc := range encs {
			c, err := enc.Decode(m)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Statements) != 1 || len(c.Angelic) == 0 {
				t.Fatalf("%s: decoded %d statements, %d angelic values", g, len(c.Statements), len(c.Angelic))
			}
			vals = append(vals, c.Angelic[len(c.Angelic)-1].Value.String())
		}
		if g == "foo.go:21" && !slices.Equal(vals, []string{"2", "1"}) { // return b: each test's expected result
			t.Errorf("return b: angelic values %v, want [2 1]", vals)
		}
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(both)
	var want []string
	for _, g := range alone[0] {
		if slices.Contains(alone[1], g) {
			want = append(want, g)
		}
	}
	if !slices.Contains(both, "foo.go:21") {
		t.Errorf("return b (foo.go:21) is no correction set of both tests: %v", both)
	}
	if !slices.Equal(both, want) || len(want) == 0 {
		t.Errorf("one-statement correction sets of both tests %v, want those of each alone: %v and %v", both, alone[0], alone[1])
	}
}

// singles returns the one-statement correction sets of s, by file base
// name and line, sorted.
func singles(t *testing.T, s *maxsat.Solver) []string {
	t.Helper()
	out := encode.OneStatementFixes(context.Background(), t, s)
	for i, g := range out {
		out[i] = filepath.Base(g)
	}
	slices.Sort(out)
	return out
}
