package pipeline

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/trace"
)

// randomRanking returns a ranking of n lines of one file with ties,
// evidence of two kinds.
func randomRanking(r *rand.Rand, n int) []localize.RankedLine {
	rs := make([]localize.RankedLine, 0, n)
	for len(rs) < n {
		tie := min(1+r.IntN(3), n-len(rs))
		ev := localize.EvidenceSpectrum
		if r.IntN(2) == 0 {
			ev = localize.EvidenceSlice
		}
		for range tie {
			rs = append(rs, localize.RankedLine{Position: localize.At(trace.Line{File: "a.go", Line: 10 + len(rs)}), Evidence: ev, Score: r.Float64()})
		}
		for i := len(rs) - tie; i < len(rs); i++ {
			rs[i].Rank = len(rs)
		}
	}
	r.Shuffle(len(rs), func(i, j int) { rs[i].Line, rs[j].Line = rs[j].Line, rs[i].Line })
	return rs
}

// TestMovedToFront: what localize.Report.Promote does to a ranking,
// movedToFront reads back and localize.MoveToFront does again, on random rankings
// and promotions; a change that is no promotion is read as such.
func TestMovedToFront(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		before := randomRanking(r, 1+r.IntN(12))
		var lines []trace.Line
		for _, rl := range before {
			if r.IntN(4) == 0 {
				lines = append(lines, rl.SourceLine())
			}
		}
		r.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
		ev := []localize.Evidence{localize.EvidenceVerified, localize.EvidenceMutation}[r.IntN(2)]
		rep := &localize.Report{Ranking: slices.Clone(before)}
		rep.Promote(lines, ev)
		front, ok := movedToFront(before, rep.Ranking)
		if !ok {
			t.Fatalf("trial %d: promotion of %v not read as one", trial, lines)
		}
		if got := localize.MoveToFront(before, front); !slices.Equal(got, rep.Ranking) {
			t.Fatalf("trial %d: MoveToFront gives\n%v\nwant what Promote gave\n%v", trial, got, rep.Ranking)
		}
		// The same promotion on another ranking of the same lines puts
		// them first in the same order.
		other := slices.Clone(before)
		r.Shuffle(len(other), func(i, j int) { other[i].Line, other[j].Line = other[j].Line, other[i].Line })
		again := &localize.Report{Ranking: slices.Clone(other)}
		again.Promote(lines, ev)
		if got := localize.MoveToFront(other, front); !slices.Equal(got, again.Ranking) {
			t.Fatalf("trial %d: on another ranking, MoveToFront gives\n%v\nwant\n%v", trial, got, again.Ranking)
		}
	}
	// A line dropped is no promotion; two lines swapped read as the head
	// down to them moved.
	before := randomRanking(r, 6)
	if _, ok := movedToFront(before, before[:5]); ok {
		t.Errorf("a dropped line read as a promotion")
	}
	swapped := slices.Clone(before)
	swapped[4], swapped[5] = swapped[5], swapped[4]
	if front, ok := movedToFront(before, swapped); !ok || len(front) != 5 {
		t.Errorf("two lines swapped at the end: front of %d lines, %v; want the first five (all but the last moved)", len(front), ok)
	}
	if front, ok := movedToFront(before, before); !ok || len(front) != 0 {
		t.Errorf("an unchanged ranking: front %v, %v; want none", front, ok)
	}
}

// TestNativeLateRefused: a case ranked before the native stage was done,
// whose stage ends before Run returns (a refiner opens the gate that
// holds it and waits for its end), gets the report of the fusion with
// the stage's whole run, the refiner's promotion kept, and neither the
// report nor Run's errors say that the native evidence was partial; the
// callbacks get that report once. The technique saw the selected case's
// native run alone, whose fusion puts the faulty line second (below the
// return, which every passing case runs): the whole run's puts it first.
func TestNativeLateRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// In parallel with the other tests on a gated subject (see loadGated).
	t.Parallel()
	prog, pkg, gate := loadGated(t, "testdata/laterefuse")
	shareOnFirst(t, prog)
	events := hearNative(t, prog)
	var seen *native.Run // the native evidence the technique got
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		seen, _ = f.Native.(*native.Run)
		return localize.NewReport(f.Case.Name(), "stand-in", "failed", nil), nil
	})
	var promoted trace.Line // the line the refiner moved to the front
	refiner := refinerFunc(func(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
		open(t, gate)
		waitEvent(t, events, "done")
		promoted = rep.Ranking[len(rep.Ranking)-1].SourceLine()
		rep.Promote([]trace.Line{promoted}, localize.EvidenceMutation)
		return nil
	})
	var finals, updates []*localize.Report
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^TestScale$", Timeout: 15 * time.Second, Technique: tech, Refiners: []localize.Refiner{refiner},
		Report: func(rep *localize.Report) { finals = append(finals, rep) },
		Updates: func(u Update) {
			if u.Kind == UpdateFinal {
				updates = append(updates, u.Report)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if seen == nil || seen.Spectrum.NumTests() != 1 {
		t.Fatalf("the technique got native evidence %v; want the selected case's alone", seen)
	}
	if res.Native == nil || res.Native.Spectrum.NumTests() < 10 {
		t.Fatalf("the result's native run %v; want the whole run", res.Native)
	}
	// fused ranks TestScale as Run would with native evidence n, the
	// refiner's promotion after it.
	fused := func(n *native.Run, promote bool) []localize.RankedLine {
		f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestScale"), Spectrum: res.Spectrum, Native: n}
		rep := localize.NewReport("TestScale", "stand-in", "failed", nil)
		localize.Rank(context.Background(), rep, f, localize.DefaultScorers()...)
		native.Fuse(context.Background(), rep, f, 0)
		if promote {
			rep.Promote([]trace.Line{promoted}, localize.EvidenceMutation)
		}
		return rep.Ranking
	}
	fault := faultLine(t, "testdata/laterefuse/scale.go")
	if r := rankOf(fused(res.Native, false), fault); r != 1 {
		t.Errorf("the fusion with the whole native run ranks the faulty line %d; want 1", r)
	}
	if r := rankOf(fused(seen, false), fault); r <= 1 {
		t.Errorf("the fusion with the selected case's native run ranks the faulty line %d; want it lower (the subject tells nothing)", r)
	}
	whole := fused(res.Native, true)
	if len(res.Reports) != 1 {
		t.Fatalf("%d reports; want TestScale's", len(res.Reports))
	}
	rep := res.Reports[0]
	if !slices.Equal(rep.Ranking, whole) {
		t.Errorf("ranking\n%v\nwant the fusion with the whole native run, the refiner's line first\n%v", rep.Ranking, whole)
	}
	if rep.Partial || strings.Contains(rep.Reason, "native evidence partial") || !strings.Contains(rep.Reason, refusedNote) {
		t.Errorf("report partial %v, reason %q; want it whole, saying it was fused again", rep.Partial, rep.Reason)
	}
	if slices.ContainsFunc(res.Errors, func(e *localize.CaseError) bool { return errors.Is(e.Err, errNativeLate) }) {
		t.Errorf("errors %v; want none saying the cases go on without the native run", res.Errors)
	}
	if len(finals) != 1 || finals[0] != rep || len(updates) != 1 || updates[0] != rep {
		t.Errorf("Report got %d reports, Updates %d final ones; want the result's report once each", len(finals), len(updates))
	}
}

// rankOf returns the rank of line in rs (0: not ranked).
func rankOf(rs []localize.RankedLine, line int) int {
	for _, rl := range rs {
		if rl.Line == line {
			return rl.Rank
		}
	}
	return 0
}

// TestNativeLateHeld: without the case-set refiners' hold, the report
// of a case ranked before the native stage was done is held until the
// stage is done (Progress hears it meanwhile), fused again, and
// delivered before the next case's, in the order of the cases; the next
// case's technique, which opens the gate, runs while it is held.
func TestNativeLateHeld(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	// In parallel with the other tests on a gated subject (see loadGated).
	t.Parallel()
	prog, pkg, gate := loadLateNative(t)
	shareOnFirst(t, prog)
	events := hearNative(t, prog)
	var calls []string // the callbacks, in order
	tech := techniqueFunc(func(ctx context.Context, f *localize.Failure) (*localize.Report, error) {
		name := f.Case.Name()
		if name == "TestHigher" {
			calls = append(calls, "localize TestHigher")
			open(t, gate)
			waitEvent(t, events, "done")
		}
		return localize.NewReport(name, "stand-in", "failed", nil), nil
	})
	res, err := Run(context.Background(), prog, pkg, &Options{Run: "^(TestHigh|TestHigher)$", Timeout: 15 * time.Second, Technique: tech,
		Refiners: []localize.Refiner{}, CaseSetRefiners: []localize.CaseSetRefiner{},
		Progress: func(rep *localize.Report) { calls = append(calls, "progress "+rep.Test) },
		Report: func(rep *localize.Report) {
			calls = append(calls, "report "+rep.Test)
			if rep.Test == "TestHigh" && !strings.Contains(rep.Reason, refusedNote) {
				t.Errorf("TestHigh's report delivered with reason %q; want it fused again first", rep.Reason)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"progress TestHigh", "localize TestHigher", "report TestHigh", "report TestHigher"}
	if !slices.Equal(calls, want) {
		t.Errorf("calls %q; want %q", calls, want)
	}
	if len(res.Reports) != 2 || res.Reports[0].Partial || res.Reports[1].Partial {
		t.Errorf("%d reports; want two, neither partial", len(res.Reports))
	}
}
