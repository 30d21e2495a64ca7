package repair

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

const libworkPkg = "github.com/faultloc/faultloc/localize/repair/testdata/libwork"

// libworkSubject is testdata/libwork loaded, and its failing run's
// counts (see libwork), shared by the tests that repair it.
type libworkSubject struct {
	prog        *trace.Program
	dir         string
	total, kept int
}

var (
	libworkMu     sync.Mutex
	libworkLoaded *libworkSubject
)

// libwork loads testdata/libwork, whose failing test fails through an
// assertion helper (package check) that parses Go source, most of the
// failing run, and counts that run's events: all of them and those the
// formula of angelic debugging holds (encode.IndependentEvents), Clamp's
// blamable work and what reads it, far fewer. The program is loaded once
// for the tests that repair it.
func libwork(t *testing.T) (prog *trace.Program, dir string, total, kept int) {
	t.Helper()
	libworkMu.Lock()
	defer libworkMu.Unlock()
	if s := libworkLoaded; s != nil {
		return s.prog, s.dir, s.total, s.kept
	}
	dir = filepath.Join(testutil.Root(), "localize", "repair", "testdata", "libwork")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	cr, err := prog.RunGoTest(context.Background(), libworkPkg, "TestClamp", nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := cr.Trace
	defer tr.Release()
	total, kept = tr.Len(), encode.IndependentEvents(prog, tr, tr.Len(), nil)
	if kept < 2 || 2*kept > total {
		t.Fatalf("the premise: of the failing run's %d events, %d in the formula", total, kept)
	}
	t.Logf("the failing run: %d events, %d in the formula", total, kept)
	libworkLoaded = &libworkSubject{prog: prog, dir: dir, total: total, kept: kept}
	return prog, dir, total, kept
}

// TestRepairIndependent repairs testdata/libwork with a bound on the
// events angelic debugging encodes between those its formula holds
// and the whole failing run, which the bound counted before: angelic
// debugging runs (it is not skipped), and Clamp's faulty condition
// x > 11 has a plausible patch. The flexibility test, which orders the
// sites angelic debugging gives and encodes no run under the bound, is
// left out (NoFlex): its solver searches on the passing cases took three
// quarters of the test's time. Four patches are validated by builds of
// their own, not ten: the fix is the third (after 11 -> 10 and x -> x +
// x, plausible too), and each build of the subject's test binary took a
// half-second of CPU.
func TestRepairIndependent(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	prog, dir, total, kept := libwork(t)
	bound := (kept + total) / 2
	res, err := Repair(context.Background(), prog, libworkPkg, &Options{Validate: ValidateOptions{Dir: dir}, NoFlex: true, MaxPatches: 4,
		seams: seams{maxAngelicEvents: bound}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Reason, "skipped") {
		t.Errorf("reason %q: angelic debugging skipped with a bound of %d on a formula of %d events", res.Reason, bound, kept)
	}
	requirePlausible(t, res, dir, "patch of x > 11", func(p Candidate) bool { return p.Orig == "x > 11" })
}

// requirePlausible fails t, with res's text (its paths relative to
// dir), unless one of res's patches that match is plausible; what names
// the patch wanted.
func requirePlausible(t *testing.T, res *Result, dir, what string, match func(Candidate) bool) {
	t.Helper()
	for _, p := range res.Patches {
		if match(p) && p.Validation != nil && p.Validation.Plausible {
			return
		}
	}
	var text strings.Builder
	res.Output.Dir = dir
	_ = res.WriteText(&text)
	t.Fatalf("no plausible %s:\n%s", what, text.String())
}

// TestRepairIndependentBound repairs testdata/libwork with a bound one
// below the events the failing run's formula would hold: angelic
// debugging is skipped, saying so.
func TestRepairIndependentBound(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	prog, dir, _, kept := libwork(t)
	res, err := Repair(context.Background(), prog, libworkPkg, &Options{Validate: ValidateOptions{Dir: dir}, MaxPatches: 1,
		seams: seams{maxAngelicEvents: kept - 1}})
	if err != nil {
		t.Fatal(err)
	}
	want := "angelic debugging: skipped: the failing run's formula would hold " + strconv.Itoa(kept) + " events"
	if !strings.Contains(res.Reason, want) {
		t.Errorf("reason %q, want %q", res.Reason, want)
	}
}
