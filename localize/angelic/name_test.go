package angelic

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"

	"github.com/faultloc/faultloc/encode"
)

// unnamed is a caller's technique without a Name method.
type unnamed struct{}

func (unnamed) Localize(context.Context, *localize.Failure) (*localize.Report, error) {
	return nil, nil
}

// named is a caller's technique that names itself.
type named struct{}

func (named) Localize(context.Context, *localize.Failure) (*localize.Report, error) { return nil, nil }
func (named) Name() string                                                          { return "mine" }

// TestStageName: a stage is named by its Name method, a wrapper by the
// stage it wraps, and a stage without one by its Go type.
func TestStageName(t *testing.T) {
	tests := []struct {
		stage any
		want  string
	}{
		{&search.Technique{}, "agx"},
		{&search.Technique{Options: search.Options{Mode: encode.PF}}, "pf"},
		{&Technique{}, Mode},
		{&FlexFilter{}, "agx"},
		{&FlexFilter{Technique: &Technique{}}, Mode},
		{&FlexFilter{Technique: named{}}, "mine"},
		{unnamed{}, "angelic.unnamed"},
		{localize.SpectrumScorer{}, "localize.SpectrumScorer"},
	}
	for _, tt := range tests {
		if got := localize.StageName(tt.stage); got != tt.want {
			t.Errorf("StageName(%T) = %q, want %q", tt.stage, got, tt.want)
		}
	}
}
