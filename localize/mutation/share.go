package mutation

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/faultloc/faultloc/internal/mutate"
	"github.com/faultloc/faultloc/localize"
)

// A sharded analysis: each machine runs Analyze with an Options.Share
// that accepts its share of the mutants, writes its Analysis as JSON,
// and Merge combines the shares into the analysis one machine makes.

// FromValues reports whether the mutants of operator op (a
// MutantResult's Op) are made from the candidates' angelic values (ANG,
// and ACR with Options.Repair), not from the code alone: a machine of a
// sharded analysis makes them only from the candidates it was given.
func FromValues(op string) bool {
	return op == string(mutate.ANG) || op == string(mutate.ACR)
}

// mutantKey identifies a mutant across schemas: its place and its
// replacement (two operators may make the same replacement; the schema
// keeps one).
type mutantKey struct {
	file         string
	line, column int
	orig, repl   string
}

func keyOf(m localize.MutantResult) mutantKey {
	return mutantKey{m.File, m.Line, m.Column, m.Orig, m.Repl}
}

// Merge returns the analysis Analyze(ctx, cands, opts) gives (opts.Share
// ignored) from the analyses of shares of its mutants (Analyze with
// Options.Share, on schemas of the same lines, maybe from fewer of the
// candidates' values) that together ran every one of its mutants: the
// mutant schema of cands is made again, which loads the program but runs
// no test, and each of its mutants takes its results from a share that
// ran the same replacement at the same place. The shares must have run
// the same cases. Runs adds up the shares' runs; Time is the shares'
// longest plus Merge's own. A mutant that no share ran is a
// *MissingMutantError.
func Merge(ctx context.Context, cands []localize.Candidate, opts *Options, shares []*Analysis) (*Analysis, error) {
	start := time.Now()
	if opts == nil || len(opts.Patterns) == 0 {
		return nil, fmt.Errorf("localize: Mutation needs the program's load patterns")
	}
	lc := opts.Load
	schema, err := mutate.Build(ctx, &mutate.Config{Dir: lc.Dir, Tests: lc.Tests, BuildFlags: lc.BuildFlags, Overlay: lc.Overlay, Env: lc.Env, Repair: opts.Repair},
		opts.Patterns, targetsOf(cands))
	if err != nil {
		return nil, err
	}
	type ran struct {
		m     localize.MutantResult
		fixed []string
	}
	byKey := map[mutantKey]ran{}
	a := &Analysis{Dropped: schema.Dropped}
	var longest time.Duration
	for i, s := range shares {
		if i == 0 {
			a.Failing, a.Passing = s.Failing, s.Passing
		} else if s.Failing != a.Failing || s.Passing != a.Passing {
			return nil, fmt.Errorf("localize: merging mutation analyses: share %d ran %d failing and %d passing cases, share 0 %d and %d: not the same cases", i, s.Failing, s.Passing, a.Failing, a.Passing)
		}
		for j, m := range s.Mutants {
			if _, ok := byKey[keyOf(m)]; !ok {
				byKey[keyOf(m)] = ran{m, s.Fixed(j)}
			}
		}
		a.Stats.Add(s.Stats)
		longest = max(longest, s.Stats.Total)
	}
	for _, m := range schema.Mutants {
		want := mutantResult(m)
		r, ok := byKey[keyOf(want)]
		if !ok {
			return nil, &MissingMutantError{Mutant: want}
		}
		// The schema's operator: another may have made the same
		// replacement in a share's schema.
		got := r.m
		got.Op = want.Op
		a.Mutants = append(a.Mutants, got)
		a.fixed = append(a.fixed, r.fixed)
	}
	a.Stats.Total = longest + time.Since(start)
	return a, nil
}

// MissingMutantError says that no share given to [Merge] ran a mutant
// of the whole analysis: the shares' Options.Share did not cover every
// mutant, or the shares were made from other candidates or code.
type MissingMutantError struct {
	Mutant localize.MutantResult
}

// Error names the mutant.
func (e *MissingMutantError) Error() string {
	m := e.Mutant
	return fmt.Sprintf("localize: merging mutation analyses: no share ran the mutant %s:%d:%d %s %s -> %s", m.File, m.Line, m.Column, m.Op, m.Orig, m.Repl)
}

// analysisJSON is an Analysis as JSON.
type analysisJSON struct {
	Mutants []localize.MutantResult `json:"mutants"`
	Failing int                     `json:"failing"`
	Passing int                     `json:"passing"`
	Dropped int                     `json:"dropped"`
	Stats   localize.Stats          `json:"stats"`
	// Fixed are, per mutant, the failing cases it made pass.
	Fixed [][]string `json:"fixed"`
}

// MarshalJSON encodes a with, for each mutant, the failing tests it made
// pass (Analysis.Fixed): what [Merge] needs of a share.
func (a *Analysis) MarshalJSON() ([]byte, error) {
	v := analysisJSON{Mutants: a.Mutants, Failing: a.Failing, Passing: a.Passing, Dropped: a.Dropped, Stats: a.Stats, Fixed: a.fixed}
	if v.Mutants == nil {
		v.Mutants = []localize.MutantResult{}
	}
	if v.Fixed == nil {
		v.Fixed = [][]string{}
	}
	return json.Marshal(v)
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (a *Analysis) UnmarshalJSON(b []byte) error {
	var v analysisJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	if len(v.Fixed) != 0 && len(v.Fixed) != len(v.Mutants) {
		return fmt.Errorf("localize: mutation analysis: %d mutants, the cases fixed of %d", len(v.Mutants), len(v.Fixed))
	}
	*a = Analysis{Mutants: v.Mutants, Failing: v.Failing, Passing: v.Passing, Dropped: v.Dropped, Stats: v.Stats, fixed: v.Fixed}
	return nil
}
