package pipeline

import (
	"context"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// PreliminaryMode is the Mode of a preliminary report
// (Options.Preliminary).
const PreliminaryMode = "preliminary"

// preliminary returns the report of f ranked by the scorers alone (and
// the native evidence), before any technique runs.
func preliminary(ctx context.Context, f *localize.Failure, scorers []localize.Scorer, share int, note string) *localize.Report {
	start := time.Now()
	rep := &localize.Report{Test: f.Case.Name(), Mode: PreliminaryMode, Failure: failureOf(ctx, f), Candidates: []localize.Candidate{}, Partial: true,
		Reason: localize.JoinReason("preliminary: ranked before the technique ran", note)}
	localize.Rank(ctx, rep, f, scorers...)
	if len(scorers) > 0 {
		native.Fuse(ctx, rep, f, share)
	}
	rep.Stats.Total = time.Since(start)
	return rep
}

// withoutTechnique returns scorers without the one that is the
// technique itself (sattar.Technique scores with its own session): the
// preliminary ranking comes before the technique, and such a scorer
// would run the technique's whole search for it, a second time beside
// the case's own.
func withoutTechnique(scorers []localize.Scorer, tech localize.Technique) []localize.Scorer {
	if tech == nil || !reflect.TypeOf(tech).Comparable() {
		return scorers
	}
	var out []localize.Scorer
	for _, s := range scorers {
		if t, ok := s.(localize.Technique); ok && reflect.TypeOf(t) == reflect.TypeOf(tech) && t == tech {
			continue
		}
		out = append(out, s)
	}
	if len(out) == len(scorers) {
		return scorers
	}
	return out
}

// earlyPreliminary is the preliminary ranking of the first failing case,
// ranked from the selected cases' runs alone as soon as they ran, beside
// the stages every case waits for (the evidence of the cases -run leaves
// out, the native run), so that the first answer does not wait for them.
// Its recording is the case's: the case's own localization reuses it,
// and with it the slice and distances the early ranking computed.
type earlyPreliminary struct {
	name    string
	f       *localize.Failure // shares its recording (ShareRecording)
	release func()            // frees the recording, once: the case's localization, or Run at its end
	done    chan struct{}     // closed once delivered (or given up): the case's own ranking waits for it
	rep     *localize.Report  // the report delivered, under the callbacks' lock (nil: none)
	at      time.Time         // when it was ready to deliver (zero: never); read after done
}

// earlyTies is the most lines the early ranking's first place may
// share: a spectrum of failing cases alone ties every line they ran
// (when the failure's slice ranks none), and a pick among those says
// nothing (the command shows five lines).
const earlyTies = 5

// startEarly ranks, on its own goroutine and within the first case's
// bound (due), the first case of m that failed and that selects
// accepts, by the scorers over a copy of m (the selected cases' runs)
// and the native evidence if the native stage has it already; deliver
// (if not nil) gets the report, unless ctx ended first or more than
// earlyTies lines share its first place. It returns nil when there is no such case or
// no scorer.
func startEarly(ctx context.Context, prog *trace.Program, pkgPath string, m *spectra.Matrix, selects func(string) bool, ns *nativeStage, scorers []localize.Scorer, share int, due time.Time, deliver func(*earlyPreliminary, *localize.Report)) *earlyPreliminary {
	if len(scorers) == 0 {
		return nil
	}
	name := ""
	for i := range m.NumTests() {
		if t := m.Test(i); t.Failed && selects(t.Name) {
			name = t.Name
			break
		}
	}
	if name == "" {
		return nil
	}
	f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name), Spectrum: without(m, nil), Native: runOf(ns.finished())}
	e := &earlyPreliminary{name: name, done: make(chan struct{})}
	var release func()
	e.f, release = f.ShareRecording()
	e.release = sync.OnceFunc(release)
	go func() {
		defer close(e.done)
		ectx, cancel := until(ctx, due)
		defer cancel()
		var rep *localize.Report
		err := localize.Guard(PreliminaryMode, func() error {
			rep = preliminary(ectx, e.f, scorers, share, "ranked from the selected cases' runs alone, before the evidence of the others")
			return nil
		})
		if err != nil || ctx.Err() != nil || len(rep.Ranking) == 0 || rep.Ranking[0].Rank > earlyTies {
			return // nothing to say yet that the later ranking would not
		}
		e.at = time.Now()
		if deliver != nil {
			deliver(e, rep)
		}
	}()
	return e
}

// failure returns f sharing a recording of its case
// (localize.Failure.ShareRecording), and what releases it: for the
// early case, the early ranking's recording, with f's evidence.
func (e *earlyPreliminary) failure(f *localize.Failure) (*localize.Failure, func()) {
	if e == nil || f.Case.Name() != e.name {
		return f.ShareRecording()
	}
	c := *e.f // shares e.f's recording
	c.Spectrum, c.Native = f.Spectrum, f.Native
	return &c, e.release
}

// preliminaryOf returns pre, the preliminary report of case name so
// far, or when there is none the early one of that case, if delivered
// (nil: none). Called under the callbacks' lock.
func (e *earlyPreliminary) preliminaryOf(name string, pre *localize.Report) *localize.Report {
	if pre != nil || e == nil || e.name != name {
		return pre
	}
	return e.rep
}

// sameRanking reports whether a and b rank the same lines the same.
func sameRanking(a, b *localize.Report) bool {
	return slices.EqualFunc(a.Ranking, b.Ranking, func(x, y localize.RankedLine) bool {
		return x.File == y.File && x.Line == y.Line && x.Rank == y.Rank
	})
}

// firstAt returns when case name's first preliminary ranking was ready:
// the early one's time, if it is that case's and came before at (the
// case's own ranking's time; zero: none), else at.
func (e *earlyPreliminary) firstAt(name string, at time.Time) time.Time {
	if e == nil || e.name != name {
		return at
	}
	<-e.done
	if !e.at.IsZero() && (at.IsZero() || e.at.Before(at)) {
		return e.at
	}
	return at
}

// wait waits for the early ranking's goroutine and frees its recording
// (once more is harmless): Run calls it before it returns.
func (e *earlyPreliminary) wait() {
	if e != nil {
		<-e.done
		e.release()
	}
}
