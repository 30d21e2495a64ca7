package localize

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/encode"
)

// unnamed is a caller's technique without a Name method.
type unnamed struct{}

func (unnamed) Localize(context.Context, *Failure) (*Report, error) { return nil, nil }

// named is a caller's technique that names itself.
type named struct{}

func (named) Localize(context.Context, *Failure) (*Report, error) { return nil, nil }
func (named) Name() string                                        { return "mine" }

// TestStageName: a stage is named by its Name method, a wrapper by the
// stage it wraps, and a stage without one by its Go type.
func TestStageName(t *testing.T) {
	tests := []struct {
		stage any
		want  string
	}{
		{&Agx{}, "agx"},
		{&Agx{Options: Options{Mode: encode.PF}}, "pf"},
		{&Angelic{}, ModeAngelic},
		{&FlexFilter{}, "agx"},
		{&FlexFilter{Technique: &Angelic{}}, ModeAngelic},
		{&FlexFilter{Technique: named{}}, "mine"},
		{unnamed{}, "localize.unnamed"},
		{SpectrumScorer{}, "localize.SpectrumScorer"},
	}
	for _, tt := range tests {
		if got := StageName(tt.stage); got != tt.want {
			t.Errorf("StageName(%T) = %q, want %q", tt.stage, got, tt.want)
		}
	}
}
