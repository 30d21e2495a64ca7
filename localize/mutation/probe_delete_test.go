package mutation_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/trace"
)

// TestFixProbeDeletes: a count added twice (testdata/probedelete) has
// one plausible fix, its statement deleted (SDL), which puts its line
// first; with NoDelete the probe finds no fix on it.
func TestFixProbeDeletes(t *testing.T) {
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/probedelete", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		probe mutation.FixProbe
		want  string // the fix on the faulty line, "" for none
	}{
		{"deletion", mutation.FixProbe{}, "probedelete.go:24 SDL delete c.Bytes += int(n)"},
		{"no deletion", mutation.FixProbe{NoDelete: true}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := pipeline.Run(ctx, prog, "github.com/faultloc/faultloc/localize/testdata/probedelete",
				&pipeline.Options{Refiners: []localize.Refiner{tc.probe}, NoNative: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Reports) != 1 {
				t.Fatalf("%d reports, want 1", len(res.Reports))
			}
			rep := res.Reports[0]
			got := ""
			for _, m := range rep.Fixes {
				if m.Line == 24 {
					got = filepath.Base(m.File) + ":24 " + m.Op + " " + m.Edit()
				}
			}
			if got != tc.want {
				t.Errorf("fix on the faulty line: %q, want %q (fixes %+v)", got, tc.want, rep.Fixes)
			}
			if tc.want != "" && (len(rep.Ranking) == 0 || rep.Ranking[0].Line != 24 || rep.Ranking[0].Evidence != localize.EvidenceMutation) {
				t.Errorf("ranking %+v: want line 24 first by mutation", rep.Ranking)
			}
		})
	}
}
