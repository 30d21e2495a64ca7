package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/localize/pipeline"
)

// The progress of a long run on stderr (-progress): what runs now, the
// failing cases done, the time left of the stage's bound and of the
// run's -deadline. On a terminal it is one bar, redrawn in place; on
// anything else (a CI log, a file) it is a line when a stage has run for
// progressDelay, then one every progressEvery while it still runs, so
// that a run that answers quickly prints nothing more. When the run
// ends, a line gives the time of each stage.

// progressDelay is how long a stage runs before its first progress line
// (not on a terminal), and how long a run takes before it ends with
// its stages' times. A variable: tests shorten it.
var progressDelay = 2 * time.Second

// progressEvery is how often a stage that still runs gets another line
// (not on a terminal).
const progressEvery = 10 * time.Second

// progressPoll is how often the view looks at the time: the bar's
// redraw.
const progressPoll = 200 * time.Millisecond

// progressView shows a pipeline's Status on w. Its methods may be
// called from several goroutines. It is also the writer of the
// command's other stderr lines, which it keeps clear of the bar.
type progressView struct {
	mu  sync.Mutex
	w   io.Writer
	tty bool   // a terminal: one bar, redrawn
	cmd string // "faultloc localize"
	// liveSearch: the live lines (live.go) say when a case's search
	// starts, so a search stage's first line waits for progressEvery.
	liveSearch bool
	deadline   time.Time // the run's -deadline (zero: none)
	width      int       // the bar line's width on a terminal

	start   time.Time
	cur     pipeline.Status // the latest, its stage started at since
	since   time.Time
	shown   time.Time // when cur's stage last had a line (zero: never)
	bar     bool      // a bar is on the terminal's last line
	stopped bool
	done    chan struct{}

	open   map[string]openStage     // each case's stage under way ("" the package's)
	totals map[string]time.Duration // by stage, the cases' summed
	order  []string                 // the stages in the order they first ran
}

// openStage is a stage under way and when it started.
type openStage struct {
	name string
	at   time.Time
}

// newProgress returns a view writing to w for command cmd; isTerminal
// says whether w is a terminal. It shows nothing until update.
func newProgress(w io.Writer, cmd string, isTerminal bool, now time.Time) *progressView {
	width := 80
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 20 {
		width = c
	}
	return &progressView{w: w, tty: isTerminal, cmd: cmd, width: width, start: now, open: map[string]openStage{}, totals: map[string]time.Duration{}}
}

// isTerminal reports whether w is a terminal (a character device that
// is not TERM=dumb's), without a dependency: the bar needs one.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// run polls the view every interval until stop.
func (v *progressView) run(interval time.Duration) {
	v.done = make(chan struct{})
	go func() {
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-v.done:
				return
			case now := <-t.C:
				v.poll(now)
			}
		}
	}()
}

// stageName names s's stage as the summary does.
func stageName(s pipeline.Status) string {
	if s.Stage == pipeline.StageRefine && s.Refiner != "" {
		return s.Refiner
	}
	return s.Stage
}

// update takes the pipeline's (or the command's) status s at time now.
func (v *progressView) update(s pipeline.Status, now time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.stopped {
		return
	}
	name := stageName(s)
	same := stageName(v.cur) == name && v.cur.Case == s.Case && !v.since.IsZero()
	// Timing: a status closes its case's stage under way; the first of
	// a case closes the package's.
	if o, ok := v.open[s.Case]; !ok || o.name != name {
		v.close(s.Case, now)
		if s.Case != "" {
			v.close("", now)
		} else {
			for c := range v.open {
				v.close(c, now) // the package's stage after the cases'
			}
		}
		if s.Stage != pipeline.StageCaseDone {
			v.open[s.Case] = openStage{name, now}
		}
	}
	if s.Stage == pipeline.StageCaseDone {
		// Not a stage: the case count changed. The view keeps the stage
		// it shows, with the new count.
		v.cur.Localized, v.cur.Failing = s.Localized, s.Failing
		return
	}
	v.cur = s
	if !same {
		v.since, v.shown = now, time.Time{}
	}
}

// close ends the timing of case c's stage under way at now.
func (v *progressView) close(c string, now time.Time) {
	o, ok := v.open[c]
	if !ok {
		return
	}
	delete(v.open, c)
	if _, seen := v.totals[o.name]; !seen {
		v.order = append(v.order, o.name)
	}
	v.totals[o.name] += now.Sub(o.at)
}

// poll writes what the time now calls for: the bar on a terminal, else
// a line when the stage has run long enough since its last.
func (v *progressView) poll(now time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.stopped || v.since.IsZero() {
		return
	}
	if v.tty {
		v.drawBar(now)
		return
	}
	first := progressDelay
	if v.liveSearch && v.cur.Stage == pipeline.StageSearch && v.cur.Case != "" {
		first = progressEvery
	}
	due := v.since.Add(first)
	if !v.shown.IsZero() {
		due = v.shown.Add(progressEvery)
	}
	if now.Before(due) {
		return
	}
	v.shown = now
	fmt.Fprintf(v.w, "%s: %s\n", v.cmd, v.describe(now))
}

// describe says what runs at now, how far it is and the time left.
func (v *progressView) describe(now time.Time) string {
	s := v.cur
	var b strings.Builder
	if s.Failing > 0 {
		fmt.Fprintf(&b, "%d of %d failing cases done; ", s.Localized, s.Failing)
	}
	if s.Case != "" {
		b.WriteString(s.Case + ": ")
	}
	switch s.Stage {
	case "load":
		b.WriteString("loading the package and building its SSA")
	case pipeline.StageSpectrum:
		b.WriteString("running the selected cases in the interpreter")
	case pipeline.StageListing:
		fmt.Fprintf(&b, "listing the subtests of the test functions -run leaves out, for evidence (%d of %d)", s.Done, s.Total)
	case pipeline.StageEvidence:
		fmt.Fprintf(&b, "interpreting the cases -run leaves out, for evidence (%d of %d)", s.Done, s.Total)
	case pipeline.StageNative:
		b.WriteString("waiting for the native go test run")
	case pipeline.StagePreliminary:
		b.WriteString("preliminary ranking")
	case pipeline.StageSearch:
		if s.Case == "" {
			b.WriteString("diagnosing the failing cases together")
		} else {
			b.WriteString("searching for candidates")
		}
	case pipeline.StageRank:
		b.WriteString("ranking")
	case pipeline.StageRefine:
		b.WriteString(s.Refiner)
	case pipeline.StageCaseSet:
		b.WriteString("ordering the candidates across the failing cases")
	default:
		b.WriteString(s.Stage)
	}
	fmt.Fprintf(&b, ", for %v", roundSecond(now.Sub(v.since)))
	if !s.Deadline.IsZero() {
		fmt.Fprintf(&b, ", %v left of its bound", roundSecond(max(0, s.Deadline.Sub(now))))
	}
	if !v.deadline.IsZero() {
		fmt.Fprintf(&b, "; %v left of -deadline", roundSecond(max(0, v.deadline.Sub(now))))
	}
	return b.String()
}

// short is describe in a terminal line's room: "1/2 cases · TestX:
// search · 12s left".
func (v *progressView) short(now time.Time) string {
	s := v.cur
	var parts []string
	if s.Failing > 0 {
		parts = append(parts, fmt.Sprintf("%d/%d cases", s.Localized, s.Failing))
	}
	what := s.Stage
	switch s.Stage {
	case "load":
		what = "loading"
	case pipeline.StageSpectrum:
		what = "selected cases"
	case pipeline.StageListing, pipeline.StageEvidence:
		what = fmt.Sprintf("%s %d/%d", s.Stage, s.Done, s.Total)
	case pipeline.StageNative:
		what = "native go test"
	case pipeline.StageRefine:
		what = s.Refiner
	}
	if s.Case != "" {
		what = s.Case + ": " + what
	}
	parts = append(parts, what)
	if !s.Deadline.IsZero() {
		parts = append(parts, fmt.Sprintf("%v left", roundSecond(max(0, s.Deadline.Sub(now)))))
	} else {
		parts = append(parts, roundSecond(now.Sub(v.since)).String())
	}
	if !v.deadline.IsZero() {
		parts = append(parts, fmt.Sprintf("run %v left", roundSecond(max(0, v.deadline.Sub(now)))))
	}
	return strings.Join(parts, " · ")
}

// fraction is how far the run is, in [0, 1], as the bar shows it: the
// failing cases done once there are some, else the evidence's count.
func (v *progressView) fraction(now time.Time) float64 {
	s := v.cur
	part := 0.0
	if s.Total > 0 {
		part = float64(s.Done) / float64(s.Total)
	} else if !s.Deadline.IsZero() && s.Deadline.After(v.since) {
		part = float64(now.Sub(v.since)) / float64(s.Deadline.Sub(v.since))
	}
	part = min(1, max(0, part))
	if s.Failing > 0 {
		if s.Case == "" {
			part = 0 // the package's stages after the cases'
		}
		return min(1, (float64(s.Localized)+part)/float64(s.Failing))
	}
	return part
}

// drawBar redraws the bar line in place.
func (v *progressView) drawBar(now time.Time) {
	const cells = 20
	n := int(v.fraction(now) * cells)
	line := fmt.Sprintf("[%s%s] %s", strings.Repeat("#", n), strings.Repeat(".", cells-n), v.short(now))
	if r := []rune(line); len(r) > v.width-1 {
		line = string(r[:v.width-2]) + "…"
	}
	fmt.Fprintf(v.w, "\r%s\x1b[K", line)
	v.bar = true
}

// clearBar erases the bar, if it shows. The caller holds mu.
func (v *progressView) clearBar() {
	if v.bar {
		io.WriteString(v.w, "\r\x1b[K")
		v.bar = false
	}
}

// Write writes p to the view's writer, the bar erased first (it comes
// back at the next poll): the command's other stderr lines go through
// it.
func (v *progressView) Write(p []byte) (int, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.clearBar()
	return v.w.Write(p)
}

// stop ends the view at now: no more progress, the bar erased, and,
// for a run that took progressDelay or more, a line with the time of
// each stage (the cases' summed).
func (v *progressView) stop(now time.Time) {
	if v == nil {
		return
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.stopped {
		return
	}
	v.stopped = true
	if v.done != nil {
		close(v.done)
	}
	v.clearBar()
	for c := range v.open {
		v.close(c, now)
	}
	if now.Sub(v.start) < progressDelay || len(v.order) == 0 {
		return
	}
	parts := make([]string, len(v.order))
	for i, name := range v.order {
		parts[i] = fmt.Sprintf("%s %v", name, v.totals[name].Round(100*time.Millisecond))
	}
	fmt.Fprintf(v.w, "%s: %v in all; by stage: %s\n", v.cmd, now.Sub(v.start).Round(100*time.Millisecond), strings.Join(parts, ", "))
}

// roundSecond rounds d to the second, or to the tenth under ten seconds.
func roundSecond(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}
