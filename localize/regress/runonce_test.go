package regress

import (
	"strings"
	"testing"
)

// TestRegressRunsOnce: on testdata/runonce, whose new Total's divisor
// breaks the case beside a harmless rewrite of Label, delta debugging
// tries the faulty statement alone, so the version that verifies the
// root cause is one AFTER already ran: no version is run twice, and the
// root cause is still verified.
func TestRegressRunsOnce(t *testing.T) {
	t.Parallel()
	rep, trials := explainSubject(t, "runonce")
	if len(rep.Root) != 1 || !rep.Verified {
		t.Fatalf("root %v (verified %v), want Total's statement, verified", rep.Root, rep.Verified)
	}
	for _, c := range rep.Changes {
		if c.ID == rep.Root[0] && c.Func != "Total" {
			t.Errorf("root %s is in %s, want Total", c.ID, c.Func)
		}
	}
	seen := map[string]int{}
	for _, tr := range trials {
		if tr.Method != "AFTER" {
			continue
		}
		k := strings.Join(tr.Reverted, " ")
		if n, ok := seen[k]; ok {
			t.Errorf("AFTER ran the version with %q reverted twice (versions %d and %d)", k, n, tr.N)
		}
		seen[k] = tr.N
	}
	if rep.Effort.Probes != len(seen) || rep.Effort.Runs != len(seen) {
		t.Errorf("effort %d versions, %d runs; want %d each (one case, one run per version)", rep.Effort.Probes, rep.Effort.Runs, len(seen))
	}
}
