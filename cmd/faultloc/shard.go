package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/faultloc/faultloc/internal/shard"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
)

// A sharded run (-shard, or the environment of the engine that runs the
// machines) writes a shard file: what its share of the cases gave, in
// JSON, which faultloc merge combines into the report one machine gives.

// shardMagic marks a shard file and its version.
const shardMagic = "faultloc shard 1"

// shardFile is what one shard of spectra or localize writes.
type shardFile struct {
	Faultloc string `json:"faultloc"` // shardMagic
	Command  string `json:"command"`  // spectra or localize
	Index    int    `json:"index"`    // this shard, of
	Total    int    `json:"total"`    // the shards of the run
	// Args are the command's flags and arguments, -shard left out: every
	// shard of a run must have the same.
	Args []string `json:"args"`
	// Stopped says why the shard stopped before its cases were done (a
	// signal, -deadline); merge refuses such a shard.
	Stopped  string         `json:"stopped,omitempty"`
	Spectra  *spectraShard  `json:"spectra,omitempty"`
	Localize *localizeShard `json:"localize,omitempty"`
}

// spectraShard is a spectra shard's part of the coverage matrix.
type spectraShard struct {
	// Formula, Ties, Bonus and Suspects are the ranking's flags.
	Formula  string  `json:"formula"`
	Ties     string  `json:"ties"`
	Bonus    float64 `json:"bonus"`
	Suspects string  `json:"suspects,omitempty"`
	// Listed are every case of the run, the shard's and the others', in
	// the order go test lists them: the order of the merged matrix.
	Listed []string `json:"listed"`
	shardMatrix
	Changed []string `json:"changed,omitempty"` // GoTestStats.Changed
	Lost    []string `json:"lost,omitempty"`    // GoTestStats.Lost
}

// shardMatrix is a coverage matrix as a shard file holds it: its
// elements, and its rows in the matrix's order.
type shardMatrix struct {
	Elements []shardElement `json:"elements"`
	Tests    []shardTest    `json:"tests"`
}

// shardElement is a spectra.Element, its file relative to the shard's
// working directory.
type shardElement struct {
	Kind    string `json:"kind"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col,omitempty"`
	EndLine int    `json:"endLine,omitempty"`
	EndCol  int    `json:"endCol,omitempty"`
	Name    string `json:"name,omitempty"`
}

// shardTest is a row of the matrix: a spectra.TestRun and the indices
// of the elements (in shardFile.Spectra.Elements) it covered.
type shardTest struct {
	Name     string `json:"name"`
	Failed   bool   `json:"failed"`
	Duration int64  `json:"durationNanos"`
	Message  string `json:"message,omitempty"`
	Covered  []int  `json:"covered"`
}

// localizeShard is a localize shard's reports.
type localizeShard struct {
	Package string `json:"package"`
	// Cases are the selected cases; Failing every failing case, in the
	// order of the reports of one machine (each shard runs them all for
	// the evidence, and localizes its share).
	Cases   []string `json:"cases"`
	Failing []string `json:"failing"`
	// Reports are the shard's reports, before the case-set refiners
	// (which merge runs on all of them), files relative to the shard's
	// working directory.
	Reports []*localize.Report `json:"reports"`
	// NoneFailing is the line the text report prints when no case fails.
	NoneFailing string `json:"noneFailing,omitempty"`
	// Spectrum is the coverage of every case of the package, which each
	// shard collects whole: the heat map of -format html.
	Spectrum *shardMatrix `json:"spectrum,omitempty"`
	// Fixes is the shard's share of -fixes' mutation analysis.
	Fixes *fixesShard `json:"fixes,omitempty"`
}

// shardFlag defines -shard on fs.
func shardFlag(fs *flag.FlagSet) *string {
	return fs.String("shard", "", "run shard i of n (i/n, counted from 0) of the test cases, split by a stable hash of their names, and write the shard's result (JSON) for faultloc merge; default from the environment (TEST_SHARD_INDEX and TEST_TOTAL_SHARDS, JOB_COMPLETION_INDEX and JOB_COMPLETIONS, CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL); off: no sharding")
}

// resolveShard returns the shard that -shard (value) or the environment
// gives, and acknowledges Bazel's sharding. output are the flags that
// shape a report, which a shard does not write (merge does): set
// explicitly with sharding on, they are an error.
func resolveShard(fs *flag.FlagSet, value string, output ...string) (shard.Shard, error) {
	var sh shard.Shard
	var err error
	switch value {
	case "off":
		return shard.Shard{}, nil
	case "":
		sh, _, err = shard.FromEnv(nil)
	default:
		sh, err = shard.Parse("-shard", value)
	}
	if err != nil || !sh.On() {
		return sh, err
	}
	var set []string
	fs.Visit(func(f *flag.Flag) {
		if slices.Contains(output, f.Name) {
			set = append(set, "-"+f.Name)
		}
	})
	if len(set) > 0 {
		return sh, fmt.Errorf("shard %s writes the shard's result for faultloc merge, not a report: give %s to merge", sh, strings.Join(set, ", "))
	}
	return sh, shard.Acknowledge(nil)
}

// shardArgs returns the flags set on fs (-shard left out) and its
// arguments, as a shard file records them.
func shardArgs(fs *flag.FlagSet) []string {
	var out []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "shard" {
			out = append(out, "-"+f.Name+"="+f.Value.String())
		}
	})
	return append(out, fs.Args()...)
}

// writeShard writes f as JSON.
func writeShard(w io.Writer, f *shardFile) error {
	f.Faultloc = shardMagic
	return localize.EncodeJSON(w, f)
}

// spectraShardOf returns the shard file of matrix m, files relative to
// base.
func spectraShardOf(m *spectra.Matrix, listed []string, stats spectra.GoTestStats, base string) *spectraShard {
	s := &spectraShard{Listed: listed, shardMatrix: *matrixShard(m, base), Changed: stats.Changed, Lost: stats.Lost}
	if s.Listed == nil {
		s.Listed = []string{}
	}
	return s
}

// matrixShard returns matrix m as a shard file holds it, files relative
// to base.
func matrixShard(m *spectra.Matrix, base string) *shardMatrix {
	s := &shardMatrix{Elements: []shardElement{}, Tests: []shardTest{}}
	for i := range m.NumElements() {
		e := m.Element(i)
		file := e.File
		if r, err := filepath.Rel(base, file); err == nil && filepath.IsAbs(file) {
			file = filepath.ToSlash(r)
		}
		s.Elements = append(s.Elements, shardElement{Kind: e.Kind.String(), File: file, Line: e.Line, Col: e.Col, EndLine: e.EndLine, EndCol: e.EndCol, Name: e.Name})
	}
	for t := range m.NumTests() {
		tr := m.Test(t)
		s.Tests = append(s.Tests, shardTest{Name: tr.Name, Failed: tr.Failed, Duration: int64(tr.Duration), Message: tr.Message, Covered: m.Covered(nil, t)})
	}
	return s
}

// elements returns s's elements, files absolute below base; f is the
// shard, for errors.
func (s *shardMatrix) elements(f *shardFile, base string) ([]spectra.Element, error) {
	elems := make([]spectra.Element, len(s.Elements))
	for i, e := range s.Elements {
		k, err := spectra.ParseKind(e.Kind)
		if err != nil {
			return nil, fmt.Errorf("shard %d/%d: %v", f.Index, f.Total, err)
		}
		file := filepath.FromSlash(e.File)
		if !filepath.IsAbs(file) {
			file = filepath.Join(base, file)
		}
		elems[i] = spectra.Element{Kind: k, File: file, Line: e.Line, Col: e.Col, EndLine: e.EndLine, EndCol: e.EndCol, Name: e.Name}
	}
	return elems, nil
}

// covered returns the elements (of elems, s's) that test t covers; f
// is the shard, for errors.
func (t *shardTest) covered(f *shardFile, elems []spectra.Element) ([]spectra.Element, error) {
	var cov []spectra.Element
	for _, i := range t.Covered {
		if i < 0 || i >= len(elems) {
			return nil, fmt.Errorf("shard %d/%d: case %s covers element %d of %d", f.Index, f.Total, t.Name, i, len(elems))
		}
		cov = append(cov, elems[i])
	}
	return cov, nil
}

// matrix rebuilds the matrix s holds, files absolute below base; f is
// the shard, for errors.
func (s *shardMatrix) matrix(f *shardFile, base string) (*spectra.Matrix, error) {
	elems, err := s.elements(f, base)
	if err != nil {
		return nil, err
	}
	m := spectra.NewMatrix()
	m.AddElements(elems...)
	for _, t := range s.Tests {
		cov, err := t.covered(f, elems)
		if err != nil {
			return nil, err
		}
		if _, err := m.Add(spectra.TestRun{Name: t.Name, Failed: t.Failed, Duration: time.Duration(t.Duration), Message: t.Message}, cov); err != nil {
			return nil, fmt.Errorf("shard %d/%d: %v", f.Index, f.Total, err)
		}
	}
	return m, nil
}

// readShards reads the shard files and checks that they are the n
// shards of one run: the same command, total and arguments, each index
// once, none stopped.
func readShards(files []string) ([]*shardFile, error) {
	var out []*shardFile
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var f shardFile
		if err := json.Unmarshal(b, &f); err != nil || f.Faultloc != shardMagic {
			if err == nil {
				err = fmt.Errorf("not a shard file of this faultloc (%q, want %q)", f.Faultloc, shardMagic)
			}
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		if f.Stopped != "" {
			return nil, fmt.Errorf("%s: shard %d/%d stopped before its cases were done (%s): run it again", name, f.Index, f.Total, f.Stopped)
		}
		if (f.Command == "spectra") != (f.Spectra != nil) || (f.Command == "localize") != (f.Localize != nil) || f.Command != "spectra" && f.Command != "localize" {
			return nil, fmt.Errorf("%s: a shard of %q without its results", name, f.Command)
		}
		if len(out) > 0 {
			first := out[0]
			switch {
			case f.Command != first.Command:
				return nil, fmt.Errorf("%s: a shard of %s, %s one of %s", name, f.Command, files[0], first.Command)
			case f.Total != first.Total:
				return nil, fmt.Errorf("%s: shard %d/%d, %s shard %d/%d: not one run", name, f.Index, f.Total, files[0], first.Index, first.Total)
			case !slices.Equal(f.Args, first.Args):
				return nil, fmt.Errorf("%s: run with %q, %s with %q: not one run", name, f.Args, files[0], first.Args)
			}
		}
		for i, o := range out {
			if o.Index == f.Index {
				return nil, fmt.Errorf("%s and %s are both shard %d/%d", files[i], name, f.Index, f.Total)
			}
		}
		out = append(out, &f)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no shard files")
	}
	if n := out[0].Total; len(out) != n {
		var missing []string
		for i := range n {
			if !slices.ContainsFunc(out, func(f *shardFile) bool { return f.Index == i }) {
				missing = append(missing, fmt.Sprintf("%d/%d", i, n))
			}
		}
		return nil, fmt.Errorf("shards %s missing", strings.Join(missing, ", "))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
	return out, nil
}

// mergeSpectra rebuilds the matrix of the whole run from its shards, the
// cases in the order go test lists them, files absolute below base.
func mergeSpectra(shards []*shardFile, base string) (*spectra.Matrix, spectra.GoTestStats, error) {
	var stats spectra.GoTestStats
	listed := shards[0].Spectra.Listed
	type row struct {
		t       spectra.TestRun
		covered []spectra.Element
	}
	rows := map[string]row{}
	m := spectra.NewMatrix()
	for _, f := range shards {
		s := f.Spectra
		if !slices.Equal(s.Listed, listed) {
			return nil, stats, fmt.Errorf("shards %d/%d and %d/%d listed different cases: not one run of the same code", shards[0].Index, shards[0].Total, f.Index, f.Total)
		}
		elems, err := s.elements(f, base)
		if err != nil {
			return nil, stats, err
		}
		m.AddElements(elems...)
		for _, t := range s.Tests {
			if _, dup := rows[t.Name]; dup {
				return nil, stats, fmt.Errorf("case %s is in two shards", t.Name)
			}
			cov, err := t.covered(f, elems)
			if err != nil {
				return nil, stats, err
			}
			rows[t.Name] = row{spectra.TestRun{Name: t.Name, Failed: t.Failed, Duration: time.Duration(t.Duration), Message: t.Message}, cov}
		}
		stats.Changed = append(stats.Changed, s.Changed...)
		stats.Lost = append(stats.Lost, s.Lost...)
	}
	byListing := func(a, b string) int { return slices.Index(listed, a) - slices.Index(listed, b) }
	slices.SortFunc(stats.Changed, byListing)
	slices.SortFunc(stats.Lost, byListing)
	for _, name := range listed {
		r, ok := rows[name]
		if !ok {
			continue // skipped, lost, or left out by -run
		}
		delete(rows, name)
		if _, err := m.Add(r.t, r.covered); err != nil {
			return nil, stats, err
		}
	}
	for name := range rows {
		return nil, stats, fmt.Errorf("case %s is in a shard but not among the cases listed", name)
	}
	stats.Cases = m.NumTests()
	return m, stats, nil
}

// mergeLocalize returns the reports of the whole run from its shards, in
// the order of the failing cases, files absolute below base, revised
// together by the case-set refiners as one machine revises them.
func mergeLocalize(ctx context.Context, shards []*shardFile, base string) ([]*localize.Report, *localizeShard, error) {
	first := shards[0].Localize
	byCase := map[string]*localize.Report{}
	from := map[string]int{}
	for _, f := range shards {
		l := f.Localize
		if l.Package != first.Package || !slices.Equal(l.Failing, first.Failing) || !slices.Equal(l.Cases, first.Cases) {
			return nil, nil, fmt.Errorf("shards %d/%d and %d/%d ran different cases (%s: %d failing; %s: %d failing): not one run of the same code", shards[0].Index, shards[0].Total, f.Index, f.Total, first.Package, len(first.Failing), l.Package, len(l.Failing))
		}
		for _, rep := range l.Reports {
			if i, dup := from[rep.Test]; dup {
				return nil, nil, fmt.Errorf("case %s is reported by shards %d/%d and %d/%d", rep.Test, i, f.Total, f.Index, f.Total)
			}
			if !slices.Contains(first.Failing, rep.Test) {
				return nil, nil, fmt.Errorf("shard %d/%d reports %s, which is not among the failing cases", f.Index, f.Total, rep.Test)
			}
			from[rep.Test] = f.Index
			byCase[rep.Test] = rep
		}
	}
	var reports []*localize.Report
	for _, name := range first.Failing {
		rep, ok := byCase[name]
		if !ok {
			return nil, nil, fmt.Errorf("no shard reports the failing case %s (shard %d/%d should)", name, shard.Of(name, shards[0].Total), shards[0].Total)
		}
		if err := rebase(rep, absoluteBelow(base)); err != nil {
			return nil, nil, err
		}
		reports = append(reports, rep)
	}
	if len(reports) > 1 {
		// As pipeline.Run does with every report of one machine.
		for _, r := range localize.DefaultCaseSetRefiners() {
			if err := r.RefineAll(ctx, reports); err != nil {
				for _, rep := range reports {
					rep.Reason = localize.JoinReason(rep.Reason, err.Error())
				}
			}
		}
	}
	return reports, first, nil
}
