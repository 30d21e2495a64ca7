package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// liveDelay is how long a case's search runs before its progress lines
// show: a case answered sooner gets its report alone. A variable so that
// a test can show the lines of a case that ends in a second.
var liveDelay = 2 * time.Second

// liveLines shows the progress lines of each failing case on stderr
// (its preliminary ranking, the candidates as they are found) once its
// search has run for a delay, then as they come. Its methods may be
// called from several goroutines.
type liveLines struct {
	w     io.Writer // written under mu only
	delay time.Duration
	mu    sync.Mutex
	cases map[string]*liveCase
}

type liveCase struct {
	lines       []string // held until shown
	started     bool     // lines[0] is the first line, until shown
	shown, done bool
	timer       *time.Timer
}

func newLiveLines(w io.Writer, delay time.Duration) *liveLines {
	return &liveLines{w: w, delay: delay, cases: map[string]*liveCase{}}
}

// start holds the first line of case name and shows it, with the lines
// added meanwhile, after the delay unless the case is done by then. A
// later start (a better preliminary ranking) replaces the first line
// held, or, when the case's lines show already, writes revised, which
// says what changed since the first line.
func (l *liveLines) start(name, line, revised string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.get(name)
	switch {
	case c.done:
		return
	case c.shown:
		fmt.Fprintln(l.w, revised)
		return
	case c.started:
		c.lines[0] = line
	default:
		c.lines = append([]string{line}, c.lines...)
		c.started = true
	}
	if c.timer == nil {
		c.timer = time.AfterFunc(l.delay, func() { l.show(name) })
	}
}

// add holds a line of case name, or writes it if the case's lines show.
func (l *liveLines) add(name, line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.get(name)
	switch {
	case c.done:
	case c.shown:
		fmt.Fprintln(l.w, line)
	default:
		c.lines = append(c.lines, line)
	}
}

// show writes the lines held for case name, unless it is done.
func (l *liveLines) show(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.get(name)
	if c.done || c.shown {
		return
	}
	c.shown = true
	for _, s := range c.lines {
		fmt.Fprintln(l.w, s)
	}
	c.lines = nil
}

// done drops what case name holds: its report is there.
func (l *liveLines) done(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.get(name)
	c.done, c.lines = true, nil
	if c.timer != nil {
		c.timer.Stop()
	}
}

// stop ends every case's lines: nothing is written after it returns.
func (l *liveLines) stop() {
	l.mu.Lock()
	names := make([]string, 0, len(l.cases))
	for name := range l.cases {
		names = append(names, name)
	}
	l.mu.Unlock()
	for _, name := range names {
		l.done(name)
	}
}

func (l *liveLines) get(name string) *liveCase {
	c := l.cases[name]
	if c == nil {
		c = &liveCase{}
		l.cases[name] = c
	}
	return c
}

// syncWriter serializes the writes to w.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
