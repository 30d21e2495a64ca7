package frontend

import (
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
)

func TestOptions(t *testing.T) {
	s := &Settings{Run: "^TestX$", Search: agx.Options{MaxSize: DefaultMaxSize, FirstFailure: true}, Timeout: time.Second, NoNative: true, EvidenceBound: 2 * time.Second}
	o, err := s.Options()
	if err != nil {
		t.Fatal(err)
	}
	tech, ok := o.Technique.(*agx.Technique)
	if !ok || tech.Options.MaxSize != DefaultMaxSize || !tech.Options.FirstFailure {
		t.Errorf("technique %#v, want AgxFaults with %+v", o.Technique, s.Search)
	}
	if o.Run != s.Run || o.Timeout != s.Timeout || !o.NoNative || o.EvidenceBound != s.EvidenceBound {
		t.Errorf("options %+v do not carry the settings %+v", o, s)
	}
	if o.Refiners != nil || o.Scorers != nil || o.TieBreak != nil {
		t.Errorf("refiners %v, scorers %v, tie-break %v: want the pipeline's defaults", o.Refiners, o.Scorers, o.TieBreak)
	}
	for _, tt := range []struct {
		tieBreak string
		formula  string // "": no tie-break scorer
		err      string
	}{
		{tieBreak: ""},
		{tieBreak: "position"},
		{tieBreak: "ochiai", formula: "ochiai"},
		{tieBreak: "Tarantula", formula: "tarantula"},
		{tieBreak: "alphabetical", err: "alphabetical"},
	} {
		o, err := (&Settings{TieBreak: tt.tieBreak}).Options()
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("TieBreak %q: err %v, want one naming %q", tt.tieBreak, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("TieBreak %q: %v", tt.tieBreak, err)
			continue
		}
		sc, _ := o.TieBreak.(localize.SpectrumScorer)
		switch {
		case tt.formula == "" && o.TieBreak != nil:
			t.Errorf("TieBreak %q: scorer %v, want none (by position)", tt.tieBreak, o.TieBreak)
		case tt.formula != "" && sc.Formula.Name != tt.formula:
			t.Errorf("TieBreak %q: scorer %v, want the spectrum formula %s", tt.tieBreak, o.TieBreak, tt.formula)
		}
	}
	o, err = (&Settings{NoProbe: true}).Options()
	if err != nil || o.Refiners == nil || len(o.Refiners) != 0 {
		t.Errorf("NoProbe: refiners %v (err %v), want a non-nil empty slice (none)", o.Refiners, err)
	}
}
