package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"runtime"
	"time"

	"github.com/faultloc/faultloc/internal/shard"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// localize -fixes: mutation analysis of the lines the failing cases
// executed and of the candidates' lines, each report given the plausible
// fixes of its case. Sharded, each shard runs a share of the mutants
// and merge combines the shares (mutation.Merge).

// fixCandidates returns what -fixes mutates: every report's candidates
// (with their angelic values, for the ANG mutants), then each line that
// a failing case of sm among the selected ones executed.
func fixCandidates(reports []*localize.Report, sm *spectra.Matrix, selected map[string]bool) []localize.Candidate {
	var cands []localize.Candidate
	for _, rep := range reports {
		cands = append(cands, rep.Candidates...)
	}
	for t := range sm.NumTests() {
		if tr := sm.Test(t); !tr.Failed || !selected[tr.Name] {
			continue
		}
		for _, e := range sm.Covered(nil, t) {
			l := sm.Element(e)
			cands = append(cands, localize.Candidate{Locations: []localize.Location{{Position: localize.Position{File: l.File, Line: l.Line}}}})
		}
	}
	return cands
}

// fixOptions are the options of -fixes' analysis of the package pattern
// loaded as cfg says, running cases.
func fixOptions(cfg *trace.Config, pattern string, cases []trace.Case) *mutation.Options {
	return &mutation.Options{Load: *cfg, Patterns: []string{pattern}, Cases: cases, Parallel: runtime.NumCPU(), Repair: true}
}

// addFixes runs mutation analysis on cands (fixCandidates) over every
// case that ran, and adds to each report the plausible fixes of its case.
func addFixes(ctx context.Context, reports []*localize.Report, cands []localize.Candidate, cfg *trace.Config, pattern string, cases []trace.Case, stderr io.Writer) error {
	a, err := mutation.Analyze(ctx, cands, fixOptions(cfg, pattern, cases))
	if err != nil {
		return err
	}
	fixesDone(stderr, "localize", a, reports)
	return nil
}

// fixesDone adds a's plausible fixes to the reports and says on stderr
// what the analysis did.
func fixesDone(stderr io.Writer, command string, a *mutation.Analysis, reports []*localize.Report) {
	n := 0
	for _, rep := range reports {
		a.AddFixes(rep)
		n += len(rep.Fixes)
	}
	fmt.Fprintf(stderr, "faultloc %s: -fixes: %d mutants of the failing cases' lines, %d test runs in %v: %d plausible fix%s\n",
		command, len(a.Mutants), a.Stats.Runs, a.Stats.Total.Round(time.Millisecond), n, map[bool]string{true: "es"}[n != 1])
}

// fixesShard is a localize shard's share of -fixes' mutation analysis,
// and how merge loads the package again to make the whole schema.
type fixesShard struct {
	Pattern  string             `json:"pattern"`           // the package argument
	Tags     string             `json:"tags,omitempty"`    // -tags
	Overlay  string             `json:"overlay,omitempty"` // -overlay's file
	Analysis *mutation.Analysis `json:"analysis"`          // files relative to the shard's directory
}

// shardFixes runs shard sh's share of the mutation analysis of cands
// (fixCandidates of the shard's own reports): the mutants made from its
// candidates' angelic values, which only it knows; the mutants of lines
// that only its candidates name; and of the mutants of the lines the
// failing cases executed, which every shard makes, those whose place and
// replacement (files relative to base) hash to sh. The shares together
// run every mutant of the unsharded analysis, some more than once.
func shardFixes(ctx context.Context, sh shard.Shard, cands []localize.Candidate, sm *spectra.Matrix, selected map[string]bool, cfg *trace.Config, pattern string, cases []trace.Case, base string, stderr io.Writer) (*mutation.Analysis, error) {
	type line struct {
		file string
		line int
	}
	executed := map[line]bool{}
	for _, c := range fixCandidates(nil, sm, selected) {
		executed[line{c.Locations[0].File, c.Locations[0].Line}] = true
	}
	opts := fixOptions(cfg, pattern, cases)
	opts.Share = func(m localize.MutantResult) bool {
		if mutation.FromValues(m.Op) || !executed[line{m.File, m.Line}] {
			return true
		}
		file := m.File
		if r, err := filepath.Rel(base, file); err == nil {
			file = filepath.ToSlash(r)
		}
		return shard.Of(fmt.Sprintf("%s:%d:%d: %s -> %s", file, m.Line, m.Column, m.Orig, m.Repl), sh.Total) == sh.Index
	}
	a, err := mutation.Analyze(ctx, cands, opts)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "faultloc localize: -fixes: shard %s: %d mutants, %d test runs in %v\n", sh, len(a.Mutants), a.Stats.Runs, a.Stats.Total.Round(time.Millisecond))
	return a, nil
}

// mergeFixes adds to the merged reports the plausible fixes of the
// whole analysis, which mutation.Merge makes from the shards' shares:
// the candidates those of every report, in the order of one machine's,
// and the lines those the spectrum says the failing cases executed.
func mergeFixes(ctx context.Context, shards []*shardFile, reports []*localize.Report, base string, stderr io.Writer) error {
	l := shards[0].Localize
	fx := l.Fixes
	if l.Spectrum == nil {
		return fmt.Errorf("shard %d/%d has -fixes' analysis but no spectrum", shards[0].Index, shards[0].Total)
	}
	sm, err := l.Spectrum.matrix(shards[0], base)
	if err != nil {
		return err
	}
	var parts []*mutation.Analysis
	for _, f := range shards {
		if f.Localize.Fixes == nil || f.Localize.Fixes.Analysis == nil {
			return fmt.Errorf("shard %d/%d has no share of -fixes' analysis (it was stopped, or found no failing case)", f.Index, f.Total)
		}
		a := f.Localize.Fixes.Analysis
		if err := rebase(a, absoluteBelow(base)); err != nil {
			return err
		}
		parts = append(parts, a)
	}
	if len(reports) == 0 {
		return nil
	}
	selected := map[string]bool{}
	for _, name := range l.Cases {
		selected[name] = true
	}
	cfg := &trace.Config{Tests: true, Module: true}
	if fx.Tags != "" {
		cfg.BuildFlags = []string{"-tags=" + fx.Tags}
	}
	if fx.Overlay != "" {
		if cfg.Overlay, err = readOverlay(fx.Overlay); err != nil {
			return err
		}
	}
	a, err := mutation.Merge(ctx, fixCandidates(reports, sm, selected), fixOptions(cfg, fx.Pattern, nil), parts)
	if err != nil {
		return err
	}
	fixesDone(stderr, "merge", a, reports)
	return nil
}

// errShardAll is localize -all's refusal of shard sh.
func errShardAll(sh shard.Shard) error {
	return fmt.Errorf("shard %s: not with -all: its diagnoses are sets of statements that explain every failing case at once, found by one search over all of them (the cases share one fault predicate per statement), so the work does not split by case; run -all on one machine (-deadline bounds it), or shard localize without -all and merge its per-case reports", sh)
}

// relativeTo returns a function that names a file relative to base
// (slash-separated), as shard files do; files outside base stay
// absolute.
func relativeTo(base string) func(string) string {
	return func(f string) string {
		if !filepath.IsAbs(f) {
			return f
		}
		if r, err := filepath.Rel(base, f); err == nil {
			return filepath.ToSlash(r)
		}
		return f
	}
}

// absoluteBelow returns a function that makes a shard file's relative
// file name absolute below base.
func absoluteBelow(base string) func(string) string {
	return func(f string) string {
		if f == "" || filepath.IsAbs(filepath.FromSlash(f)) {
			return f
		}
		return filepath.Join(base, filepath.FromSlash(f))
	}
}

// rebase renames every "file" of v's JSON (v a pointer) by name: v is
// encoded, renamed and decoded again.
func rebase(v any, name func(string) string) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				if f, ok := y.(string); ok && k == "file" && f != "" {
					x[k] = name(f)
					continue
				}
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(x)
	if b, err = json.Marshal(x); err != nil {
		return err
	}
	reflect.ValueOf(v).Elem().SetZero()
	return json.Unmarshal(b, v)
}
