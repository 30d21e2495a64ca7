package main

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
)

// BenchmarkLocalize runs ATF and PF on each loop subject at a small bound
// (the bounds of TestModesAtSmallBound, where both complete in seconds). Besides ns/op it reports the solver's share (solve-ns/op) and
// the verified candidates found (mfcs), so the work is checked, not
// optimized away. Compare modes with benchstat.
func BenchmarkLocalize(b *testing.B) {
	p, fs := program(b)
	cfg := defaultConfig()
	cfg.Timeout = 5 * time.Minute
	for _, s := range subjects {
		bound := smallBounds[s.Name]
		for _, mode := range []encode.Mode{encode.ATF, encode.PF} {
			b.Run(fmt.Sprintf("%s/b=%d/%v", s.Name, bound, mode), func(b *testing.B) {
				var solve time.Duration
				mfcs := 0
				for b.Loop() {
					m := measure(context.Background(), p, s, bound, mode, cfg, fs[s.Fault])
					if !m.complete() {
						b.Fatalf("incomplete: %v %+v", m.Err, m.Report)
					}
					solve += m.Report.Stats.Solve
					mfcs = len(m.Lines)
				}
				b.ReportMetric(float64(solve.Nanoseconds())/float64(b.N), "solve-ns/op")
				b.ReportMetric(float64(mfcs), "mfcs")
			})
		}
	}
}
