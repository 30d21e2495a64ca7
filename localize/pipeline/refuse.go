package pipeline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// How [Run] fuses again the reports it ranked before the native stage
// was done.
//
// Once Run stops waiting for the native stage (bound.go), the cases it
// localizes before the stage is done are fused with the evidence the
// stage has so far (the selected cases' runs) or with none, and their
// reports say so. When the stage is done before Run returns, each such
// report is fused again, as a case localized after it is done would be:
// its ranking before the native evidence was fused (the technique's
// candidates and the scorers' evidence, kept for this) is fused with the
// stage's whole run ([native.Fuse]); then the lines that each refiner
// moved to the front (angelic.ForceProbe's forced lines,
// mutation.FixProbe's fixed ones) are moved there again, in the order
// and with the evidence the refiner gave them, and the ranking floored
// by native Ochiai again (native.FloorReport), as Run floors a refined
// ranking. Neither the technique nor
// the interpreter runs again: the package-data rule reads the case's
// recording, kept until then for refuseKept cases at once (a later
// case's is freed at its end, and its package data goes by the static
// rule). A refiner that changed the ranking otherwise than by moving
// lines to its front leaves its report as it was.
//
// Until then the report is held: Options.Report and the final Update
// get it once it is fused again, or at Run's end (or stop) as it was,
// and the reports after it wait, so that they come in the order of the
// cases; Options.Progress hears it at once. When the cases end before
// their bounds, Run waits for the stage up to the end of the latest
// bound of a case whose report waits (waitToRefuse), so that the time
// the bound gives the case goes to the native evidence the case lacks;
// a stage not done by then fuses them again with the cases its run has
// done by then (native.Progress, refuseSoFar), more than the selected
// cases they were ranked with, and they stay partial.

// refuseKept is how many cases' recordings Run keeps at once for fusing
// their reports again.
const refuseKept = 2

// refusedNote replaces, in the Reason of a report fused again, what it
// said of the native evidence.
const refusedNote = "native evidence fused again: the native run was done after the case was ranked"

// refusal is what fusing one report again with the native stage's whole
// run needs.
type refusal struct {
	own     []localize.RankedLine   // the ranking before the native evidence was fused
	fronts  [][]localize.RankedLine // the lines each refiner moved to the front, in order
	f       *localize.Failure       // the case, sharing its recording
	release func()                  // frees the recording (once), or nil when the case's end did
	note    string                  // what the report's Reason says of the native evidence
	partial bool                    // the report is partial for another reason
	fixed   bool                    // a refiner changed the ranking otherwise: not fused again
	done    bool                    // fused again
	due     time.Time               // the end of the case's bound, up to which Run waits for the stage
}

// refined records the change a refiner made to the ranking, before, to
// give after: the lines it moved to the front, or that it changed the
// ranking otherwise.
func (r *refusal) refined(before, after []localize.RankedLine) {
	if r == nil || r.fixed {
		return
	}
	front, ok := movedToFront(before, after)
	if !ok {
		r.fixed = true
		return
	}
	if len(front) > 0 {
		r.fronts = append(r.fronts, front)
	}
}

// pending reports whether r's report still waits to be fused again.
func (r *refusal) pending() bool {
	return r != nil && !r.done && !r.fixed
}

// apply fuses rep again with n, the native stage's whole run, with
// share as Options.NativeShare. It reports whether it did: it leaves rep
// as it was when r is not pending or ctx ends first.
func (r *refusal) apply(ctx context.Context, rep *localize.Report, n *native.Run, share int) bool {
	return r.pending() && r.fuse(ctx, rep, n, share, refusedNote, r.partial)
}

// fuse fuses rep again with n, its Reason then saying note of the native
// evidence, Partial set to partial.
func (r *refusal) fuse(ctx context.Context, rep *localize.Report, n *native.Run, share int, note string, partial bool) bool {
	if !r.pending() || n == nil {
		return false
	}
	f := *r.f // shares the recording
	f.Native = n
	fused := &localize.Report{Test: rep.Test, Ranking: slices.Clone(r.own)}
	native.Fuse(ctx, fused, &f, share)
	if ctx.Err() != nil {
		return false // maybe cut: the report stands as it was
	}
	ranking := fused.Ranking
	for _, front := range r.fronts {
		ranking = localize.MoveToFront(ranking, front)
	}
	rep.Ranking = ranking
	if len(r.fronts) > 0 {
		native.FloorReport(ctx, rep, &f) // as Run floors a refined ranking
	}
	rep.Reason = strings.Replace(rep.Reason, r.note, note, 1)
	rep.Partial = partial
	r.done = true
	return true
}

// free frees the case's recording, if r kept it (under refuser.mu).
func (r *refusal) free() {
	if r != nil && r.release != nil {
		r.release()
		r.release = nil
	}
}

// refuser holds the refusals of one Run: the reports to fuse again,
// the recordings kept for them, and the reports held for them (without
// Run's hold for the case-set refiners). Run calls keep from the cases'
// goroutines, the others from its own, and hold and flush one at a time
// with the callbacks.
type refuser struct {
	mu    sync.Mutex // guards kept
	kept  []*refusal
	again map[*localize.Report]*refusal
	held  []*localize.Report // not handed to final yet: the first waits to be fused again, the others for it
}

// keep gives r the recording that release frees, and reports whether
// it did: not when refuseKept recordings are kept already.
func (rf *refuser) keep(r *refusal, release func()) bool {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	n := 0
	for _, k := range rf.kept {
		if k.release != nil {
			n++
		}
	}
	if n >= refuseKept {
		return false
	}
	r.release = release
	rf.kept = append(rf.kept, r)
	return true
}

// freeAll frees the recordings still kept.
func (rf *refuser) freeAll() {
	rf.mu.Lock()
	defer rf.mu.Unlock()
	for _, r := range rf.kept {
		r.free()
	}
}

// add notes r (nil: none) as how to fuse rep again.
func (rf *refuser) add(rep *localize.Report, r *refusal) {
	if r == nil {
		return
	}
	if rf.again == nil {
		rf.again = map[*localize.Report]*refusal{}
	}
	rf.again[rep] = r
}

// refuse fuses again, in their order, the reports of reps that wait for
// it, with n, the native stage's whole run.
func (rf *refuser) refuse(ctx context.Context, reps []*localize.Report, n *native.Run, share int) {
	rf.each(reps, func(r *refusal, rep *localize.Report) bool { return r.apply(ctx, rep, n, share) })
}

// refuseSoFar fuses again, in their order, the reports of reps that
// still wait for the native stage's whole run with n, the cases its run
// had done when their bounds ended (so counting them): better evidence
// than the selected cases' alone they were ranked with. They stay
// partial, their Reason saying how many cases they had.
func (rf *refuser) refuseSoFar(ctx context.Context, reps []*localize.Report, n *native.Run, so spectra.GoTestSoFar, share int) {
	note := fmt.Sprintf("native evidence fused again with the cases its run had done when the case's bound ended, %d of %s (the run was not done)", so.Cases, listedOf(so))
	rf.each(reps, func(r *refusal, rep *localize.Report) bool { return r.fuse(ctx, rep, n, share, note, true) })
}

// each calls fuse with the refusal of each report of reps, in order, and
// frees the recording of each that it fused again.
func (rf *refuser) each(reps []*localize.Report, fuse func(*refusal, *localize.Report) bool) {
	for _, rep := range reps {
		if r := rf.again[rep]; fuse(r, rep) {
			rf.mu.Lock()
			r.free()
			rf.mu.Unlock()
		}
	}
}

// left reports whether a report noted (add) was not fused again.
func (rf *refuser) left() bool {
	for _, r := range rf.again {
		if !r.done {
			return true
		}
	}
	return false
}

// due returns the latest end of the bounds of the cases whose reports
// still wait to be fused again (zero: none waits).
func (rf *refuser) due() time.Time {
	var d time.Time
	for _, r := range rf.again {
		if r.pending() && r.due.After(d) {
			d = r.due
		}
	}
	return d
}

// hold adds rep to the reports held, hands to final those that no
// longer wait, in order, and reports whether rep is still held.
func (rf *refuser) hold(rep *localize.Report, final func(*localize.Report)) bool {
	rf.held = append(rf.held, rep)
	for len(rf.held) > 0 && !rf.again[rf.held[0]].pending() {
		final(rf.held[0])
		rf.held = rf.held[1:]
	}
	return len(rf.held) > 0
}

// flush hands every report held to final, in order, as it is.
func (rf *refuser) flush(final func(*localize.Report)) {
	for _, rep := range rf.held {
		final(rep)
	}
	rf.held = nil
}

// movedToFront returns the lines a refiner moved to the front of
// ranking before to give after, as localize.Report.Promote moves them:
// the shortest head of after whose lines, taken out of before, leave
// after's other lines in their order with their evidence. ok is false
// when no head does: the refiner changed the ranking otherwise.
func movedToFront(before, after []localize.RankedLine) (front []localize.RankedLine, ok bool) {
	moved := map[trace.Line]bool{}
	for k := 0; k <= len(after); k++ {
		if k > 0 {
			moved[after[k-1].SourceLine()] = true
		}
		if sameRest(before, after[k:], moved) {
			return slices.Clone(after[:k]), true
		}
	}
	return nil, false
}

// sameRest reports whether before, less the lines of moved, holds the
// lines of rest in their order with the same evidence.
func sameRest(before, rest []localize.RankedLine, moved map[trace.Line]bool) bool {
	i := 0
	for _, rl := range before {
		if moved[rl.SourceLine()] {
			continue
		}
		if i == len(rest) || rest[i].SourceLine() != rl.SourceLine() || rest[i].Evidence != rl.Evidence {
			return false
		}
		i++
	}
	return i == len(rest)
}
