package frontend

import (
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/spectra"
)

// DefaultMaxSize is the largest number of statements of a fix candidate
// unless faultloc localize -max-size or faultloctest's Options.MaxSize
// says otherwise.
const DefaultMaxSize = 2

// Settings are the choices of a localization that decide how the
// pipeline ranks a failing case. Each field is passed to the
// [pipeline.Options] field of the same name and keeps its default.
type Settings struct {
	// Run selects the cases, as go test -run does.
	Run string
	// Search configures AgxFaults, the technique, on each failing case.
	// Its MaxSize is taken as given (0: no bound): set it to
	// DefaultMaxSize for the front ends' default.
	Search agx.Options
	// Timeout bounds each failing case as a whole (pipeline.Options.Timeout).
	Timeout time.Duration
	// NoNative turns the native evidence stage off.
	NoNative bool
	// Evidence says where the coverage of the cases that Run leaves out
	// comes from.
	Evidence pipeline.EvidenceSource
	// EvidenceBound bounds the evidence stage as a whole.
	EvidenceBound time.Duration
	// NoProbe leaves out the refiners (the forcing and fix probes).
	NoProbe bool
	// TieBreak orders the candidates that tie on verified status and
	// size: "" or "position" by position, else by the spectrum formula
	// of that name (spectra.Lookup) over the package's cases.
	TieBreak string
}

// Options returns the pipeline options of s: AgxFaults with s.Search
// as the technique, the default scorers, the default refiners unless
// NoProbe, and s's tie-break. The error is an unknown TieBreak's.
func (s *Settings) Options() (*pipeline.Options, error) {
	o := &pipeline.Options{
		Run:           s.Run,
		Technique:     &agx.Technique{Options: s.Search},
		Timeout:       s.Timeout,
		NoNative:      s.NoNative,
		Evidence:      s.Evidence,
		EvidenceBound: s.EvidenceBound,
	}
	if s.NoProbe {
		o.Refiners = []localize.Refiner{}
	}
	if s.TieBreak != "" && s.TieBreak != "position" {
		f, err := spectra.Lookup(s.TieBreak)
		if err != nil {
			return nil, err
		}
		o.TieBreak = localize.SpectrumScorer{Formula: f}
	}
	return o, nil
}
