package pipeline

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestHelperNotRanked: the lines of a test helper of the module
// (trace.Program.Support: localize/testdata/helper's internal/testutil,
// which only the tests import, loaded in scope as faultloc localize
// loads a package, with its module's) are in no ranking nor candidate,
// as a test file's are not: the failing assertion's own condition would
// otherwise be the first line of its slice. With and without the native
// evidence, whose coverage measures the helper too.
func TestHelperNotRanked(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/helper", Tests: true, Module: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	_, faults := testutil.LoadSubject(ctx, t, "../testdata/helper", false, 1)
	for _, tt := range []struct {
		name     string
		noNative bool
	}{{"native", false}, {"interpreted only", true}} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(ctx, prog, "github.com/faultloc/faultloc/localize/testdata/helper", &Options{Timeout: time.Minute, NoNative: tt.noNative})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Reports) != 1 {
				t.Fatalf("%d reports, failing %q; want TestHigh's", len(res.Reports), res.Failing)
			}
			rep := res.Reports[0]
			helper := func(file string) bool { return strings.Contains(filepath.ToSlash(file), "/internal/testutil/") }
			for _, l := range rep.Ranking {
				if helper(l.File) {
					t.Errorf("ranked line of the test helper: %s:%d (%s)", l.File, l.Line, l.Evidence)
				}
			}
			for _, c := range rep.Candidates {
				for _, l := range c.Locations {
					if helper(l.File) {
						t.Errorf("candidate on the test helper: %s:%d", l.File, l.Line)
					}
				}
			}
			if len(rep.Ranking) == 0 || rep.Ranking[0].Line != faults[0].Line {
				t.Errorf("want the faulty line %d first:\n%s", faults[0].Line, testutil.Summary(rep))
			}
		})
	}
}
