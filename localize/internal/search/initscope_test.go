package search

import (
	"context"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/internal/testutil"
)

// TestInitScope: testdata/biginit's package initialization builds a
// table over more than InitPruneMin events before each test. Its
// failing tests are localized with their faulty line verified, a fault
// in the test's code and one in an initializer the test reads, while
// the formula holds the test's own events and only the slice of the
// initialization that the failure reads (limit's, not the table's):
// a few hundred constraints, where the whole initialization encoded
// (NoInitScope) gives tens of thousands, and a first check of minutes.
func TestInitScope(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	prog, faults := testutil.LoadSubject(ctx, t, testutil.Subject("biginit"), true, 2)
	pkg := testutil.SubjectPkg("biginit")
	for _, tt := range []struct {
		name  string
		fault int
	}{
		{"TestLimit", 0},  // var limit = 100: an initializer the test reads
		{"TestSquare", 1}, // squares[i] + 1: the test's own code
	} {
		t.Run(tt.name, func(t *testing.T) {
			const pruned = 1000 // constraints at most with initScope
			t0 := time.Now()
			rep, err := Localize(ctx, prog, prog.GoTestCase(pkg, tt.name), &Options{MaxSize: 1, Arith: testutil.QuickArith()})
			if err != nil {
				t.Fatal(err)
			}
			if verifiedOn(rep, faults[tt.fault]) == nil {
				t.Errorf("no verified size-1 candidate on %v:\n%s", faults[tt.fault], testutil.Summary(rep))
			}
			if rep.Stats.Constraints > pruned {
				t.Errorf("%d constraints, want at most %d: the initialization the failure does not read is in the formula", rep.Stats.Constraints, pruned)
			}
			t.Logf("%v, %+v", time.Since(t0), rep.Stats)
		})
	}
}
