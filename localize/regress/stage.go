package regress

import (
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
)

// Regression is regression explanation ([Regress]) as a [localize.Technique], for
// a pipeline such as pipeline.Run: each failing case is explained against
// the old version in Options (Old or Changes, New, Package, Dir,
// BuildFlags; Run is set to the case). The report's one candidate is
// the root cause: the lines the root changes span in the new version,
// marked verified when a run with them (and their auxiliary changes)
// reverted passes. The full explanation, with the cause tree and the
// baselines, is [Regress]'s report; Last holds the latest.
type Technique struct {
	Options Options
	// Last is the full report of the latest case explained.
	Last *Report
}

var _ localize.Technique = (*Technique)(nil)

// Mode is the Mode of the technique's reports.
const Mode = "regress"

// Name is Mode.
func (r *Technique) Name() string { return Mode }

// Localize explains f's case as a regression.
func (r *Technique) Localize(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
	if f == nil || f.Case == nil {
		return nil, errors.New("localize: Regression: no failing case")
	}
	if r.Options.Changes == nil {
		set, err := changes.Dirs(r.Options.Old, r.Options.New, nil)
		if err != nil {
			return nil, err
		}
		r.Options.Changes = set // computed once for every case
	}
	opts := r.Options
	levels := strings.Split(f.Case.Name(), "/")
	for i, l := range levels {
		levels[i] = "^" + regexp.QuoteMeta(l) + "$"
	}
	opts.Run = strings.Join(levels, "/")
	opts.NoBaselines = true
	rep, err := Explain(ctx, &opts)
	r.Last = rep
	if err != nil {
		return nil, err
	}
	var c localize.Candidate
	for _, id := range rep.Root {
		for _, ch := range rep.Changes {
			if ch.ID != id {
				continue
			}
			file := filepath.Join(opts.Changes.New, filepath.FromSlash(ch.File))
			for l := ch.New.StartLine; l <= ch.New.EndLine; l++ {
				c.Locations = append(c.Locations, localize.Location{Position: localize.Position{File: file, Line: l}, Text: sourceLine(file, l)})
			}
		}
	}
	c.Verified = rep.Verified
	c.Angelic = []localize.AngelicValue{}
	var cands []localize.Candidate
	if len(c.Locations) > 0 {
		cands = append(cands, c)
	}
	return localize.NewReport(f.Case.Name(), Mode, rep.Failure, cands), nil
}
