package encode_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// TestBlamableOnly encodes foo's failing run with blame restricted to the
// relevant slice of its failure, the instances outside it encoded as hard
// constraints or (BlamableOnly) left out: left out are exactly the
// instances the filter rejects but returns (counted here
// from the trace), the run's values still satisfy what was encoded
// (Sanity), and the one-statement fixes are the same both ways.
func TestBlamableOnly(t *testing.T) {
	ctx := context.Background()
	prog, test, _ := fooFailing(t)
	cr, err := prog.TestCase(test).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, tr := cr.Result, cr.Trace
	crit, err := slicing.FailedOutputs(cr)
	if err != nil {
		t.Fatal(err)
	}
	sl, err := slicing.NewGraph(tr).Relevant(crit...)
	if err != nil {
		t.Fatal(err)
	}
	in := map[trace.InstanceKey]bool{}
	for _, e := range sl.Events() {
		in[tr.Key(e)] = true
	}
	blamable := func(k trace.InstanceKey) bool { return in[k] }
	rejected := 0
	for e := trace.EventID(0); int(e) < tr.Len(); e++ {
		if _, ret := tr.Instr(e).(*ssa.Return); !ret && !in[tr.Key(e)] {
			rejected++
		}
	}
	if rejected == 0 || len(in) == 0 {
		t.Fatalf("the premise: %d instances in the slice, %d outside it to leave out", len(in), rejected)
	}
	fixes := map[bool][]string{}
	for _, tt := range []struct {
		only    bool
		leftOut int
	}{{false, 0}, {true, rejected}} {
		s, enc := newEncoder(t, prog, test, &encode.Options{Blamable: blamable, BlamableOnly: tt.only, Sanity: true})
		if _, err := enc.AddRun(res); err != nil {
			t.Fatalf("BlamableOnly %v: %v", tt.only, err)
		}
		if st := enc.Stats(); st.LeftOut != tt.leftOut || st.Events != tr.Len() {
			t.Errorf("BlamableOnly %v: %d of %d events left out, want %d of %d", tt.only, st.LeftOut, st.Events, tt.leftOut, tr.Len())
		}
		fixes[tt.only] = encode.OneStatementFixes(ctx, t, s)
		slices.Sort(fixes[tt.only])
	}
	if len(fixes[false]) == 0 || !slices.Equal(fixes[false], fixes[true]) {
		t.Errorf("one-statement fixes: %q encoding the whole run, %q leaving out what is outside the slice", fixes[false], fixes[true])
	}
}

// TestNamesWithoutPaths: the formula's names do not hold the program's
// file paths (a fault predicate is named by its statement's number), so
// that Z3, whose choices follow the names, gives the same models wherever
// the program is checked out.
func TestNamesWithoutPaths(t *testing.T) {
	prog, test, res := fooFailing(t)
	s, enc := newEncoder(t, prog, test, nil)
	if _, err := enc.AddRun(res); err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("../examples/foo")
	if err != nil {
		t.Fatal(err)
	}
	smt := s.SMTLIB()
	if enc.Stats().Statements == 0 || !strings.Contains(smt, "ab_0") {
		t.Fatalf("the premise: %d statements, fault predicates in the formula %v", enc.Stats().Statements, strings.Contains(smt, "ab_0"))
	}
	if strings.Contains(smt, dir) || strings.Contains(smt, "foo.go") {
		t.Errorf("the formula names the program's files:\n%s", smt)
	}
}
