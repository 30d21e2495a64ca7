package pipeline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/native"
)

// TestUnlisted: a case go test fails that the interpreter's listing did
// not reach runs alone and is localized as the cases the listing found
// are. testdata/unlisted's TestRows runs about 6,500 steps whole and
// its failing row, TestRows/100, about 1,550 alone; under a budget of
// 3,000 steps the listing stops about thirty rows in. The row is then
// localized by the interpreter (a candidate on the faulty line, first
// in the ranking) as under the default budget, where the listing
// reaches it; without the native run nothing names it, and the
// listing's error says why nothing is localized. TestCorpus reads its
// whole corpus before its first subtest (about 36,000 steps), and only
// the entry -test.run names when run by name (about 2,000): under 3,000
// steps the listing takes TestCorpus/decode, which go test runs
// subtests under, for a case; it is not localized, its failing subtest
// is.
func TestUnlisted(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	for _, tt := range []struct {
		name     string
		run      string
		budget   int64 // the program's step budget (0: the default)
		noNative bool
		failing  string // the case localized; "": none
		parent   string // a listed case with subtests, not localized
	}{
		{name: "listed", run: "^TestRows$", failing: "TestRows/100"},
		{name: "unlisted", run: "^TestRows$", budget: 3000, failing: "TestRows/100"},
		{name: "unlisted without go test", run: "^TestRows$", budget: 3000, noNative: true},
		{name: "parent listed", run: "^TestCorpus$", budget: 3000, failing: "TestCorpus/decode/100", parent: "TestCorpus/decode"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			prog, faults := testutil.LoadSubject(ctx, t, "testdata/unlisted", true, 1)
			if tt.budget > 0 {
				prog.SetMaxSteps(tt.budget)
			}
			pkg := "github.com/faultloc/faultloc/localize/pipeline/testdata/unlisted"
			res, err := Run(ctx, prog, pkg, &Options{Run: tt.run, Timeout: time.Minute, NoNative: tt.noNative, Technique: &agx.Technique{Options: agx.Options{MaxSize: 1}}})
			if err != nil {
				t.Fatal(err)
			}
			top := strings.Trim(tt.run, "^$")
			cut := slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool {
				return e.Case == top && strings.Contains(e.Err.Error(), "listing may be incomplete")
			})
			if cut != (tt.budget > 0) {
				t.Errorf("listing cut %v, want %v (errors %v)", cut, !cut, res.Errors)
			}
			if tt.parent != "" && !slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool { return e.Case == tt.parent && errors.Is(e.Err, errHasSubcases) }) {
				t.Errorf("errors %v; want %s's that go test runs subtests under it", res.Errors, tt.parent)
			}
			if tt.failing == "" {
				if len(res.Failing) != 0 || len(res.Reports) != 0 {
					t.Errorf("failing %q, %d reports; want none", res.Failing, len(res.Reports))
				}
				return
			}
			if !slices.Equal(res.Failing, []string{tt.failing}) || len(res.Reports) != 1 {
				t.Fatalf("failing %q, %d reports, errors %v; want %s's only", res.Failing, len(res.Reports), res.Errors, tt.failing)
			}
			rep := res.Reports[0]
			if rep.Mode != "agx" || len(rep.Ranking) == 0 || rep.Ranking[0].Line != faults[0].Line || rep.Ranking[0].Rank != 1 {
				t.Errorf("report of mode %q, want agx with the faulty line %d first:\n%s", rep.Mode, faults[0].Line, testutil.Summary(rep))
			}
			if rep.Mode == native.Mode {
				t.Errorf("ranked by the native run alone: %s", rep.Reason)
			}
		})
	}
}
