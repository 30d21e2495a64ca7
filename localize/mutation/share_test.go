package mutation

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestMergeShares splits the analysis of testdata/mutation's lines, with
// angelic values on two of them, between two shares as a sharded run
// does: one is given only the candidates without values, and each runs
// its half of the other mutants. Their analyses, through JSON, merge
// into the one analysis of every candidate: the same mutants in the same
// order, with the same counts and fixed tests. Without the share that
// made the value mutants, Merge names one it lacks.
func TestMergeShares(t *testing.T) {
	ctx := context.Background()
	cfg, prog := mutationSubject(t)
	tests, file := classifyTests(t, prog)
	at := func(line int) localize.Position { return localize.Position{File: file, Line: line} }
	var plain []localize.Candidate
	for line := 8; line <= 15; line++ {
		plain = append(plain, localize.Candidate{Locations: []localize.Location{{Position: at(line)}}})
	}
	// a = a + 1 should have added 0 in t5 (ACR: 1 -> 0, ANG: 1), and
	// Classify returned 1 where 0 was wanted (ANG: 0).
	valued := localize.Candidate{
		Locations: []localize.Location{{Position: at(13)}, {Position: at(15)}},
		Angelic:   []localize.AngelicValue{{Position: at(13), Value: "1", Orig: "2"}, {Position: at(15), Value: "0", Orig: "1"}},
	}
	all := append(slices.Clone(plain), valued)
	opts := func(share func(localize.MutantResult) bool) *Options {
		return &Options{Load: cfg, Patterns: []string{"."}, Cases: prog.TestCases(tests), Repair: true, Share: share}
	}
	whole, err := Analyze(ctx, all, opts(nil))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(whole.Mutants, func(m localize.MutantResult) bool { return FromValues(m.Op) }) {
		t.Fatalf("no mutant made from the angelic values: %v", whole.Mutants)
	}
	half := func(k int) func(localize.MutantResult) bool {
		return func(m localize.MutantResult) bool { return FromValues(m.Op) || (m.Column+len(m.Repl))%2 == k }
	}
	var shares []*Analysis
	for k, cands := range [][]localize.Candidate{plain, all} {
		a, err := Analyze(ctx, cands, opts(half(k)))
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Mutants) == 0 || len(a.Mutants) >= len(whole.Mutants) {
			t.Fatalf("share %d ran %d of the %d mutants", k, len(a.Mutants), len(whole.Mutants))
		}
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back Analysis
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		shares = append(shares, &back)
	}
	got, err := Merge(ctx, all, opts(nil), shares)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Mutants, whole.Mutants) {
		t.Errorf("merged mutants:\n%v\nwhole analysis:\n%v", got.Mutants, whole.Mutants)
	}
	for i := range whole.Mutants {
		if !slices.Equal(got.Fixed(i), whole.Fixed(i)) {
			t.Errorf("mutant %v fixes %v merged, %v whole", whole.Mutants[i], got.Fixed(i), whole.Fixed(i))
		}
	}
	if got.Failing != whole.Failing || got.Passing != whole.Passing || got.Dropped != whole.Dropped {
		t.Errorf("merged: %d failing, %d passing, %d dropped; whole: %d, %d, %d", got.Failing, got.Passing, got.Dropped, whole.Failing, whole.Passing, whole.Dropped)
	}
	var me *MissingMutantError
	if _, err := Merge(ctx, all, opts(nil), shares[:1]); !errors.As(err, &me) {
		t.Errorf("merge of one share: %v; want a *MissingMutantError", err)
	}
}
