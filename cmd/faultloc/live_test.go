package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestLiveLines: a case's lines are held until its delay passes (show,
// which the timer calls), then written with those that come after; a
// case done before shows nothing, and nothing is written once it is
// done or the lines are stopped.
func TestLiveLines(t *testing.T) {
	type step struct{ op, name, line string }
	for _, tt := range []struct {
		name  string
		steps []step
		want  string
	}{
		{"done before the delay", []step{{"start", "a", "p"}, {"add", "a", "f1"}, {"done", "a", ""}, {"show", "a", ""}}, ""},
		{"shown after the delay", []step{{"start", "a", "p"}, {"add", "a", "f1"}, {"show", "a", ""}, {"add", "a", "f2"}, {"done", "a", ""}, {"add", "a", "f3"}}, "p f1 f2"},
		{"found before the preliminary", []step{{"add", "a", "f1"}, {"start", "a", "p"}, {"show", "a", ""}}, "p f1"},
		{"two cases", []step{{"start", "a", "pa"}, {"start", "b", "pb"}, {"add", "b", "fb"}, {"show", "b", ""}, {"add", "a", "fa"}, {"done", "a", ""}, {"show", "a", ""}}, "pb fb"},
		{"a better preliminary before the delay", []step{{"start", "a", "p1"}, {"add", "a", "f1"}, {"start", "a", "p2"}, {"show", "a", ""}}, "p2 f1"},
		{"a better preliminary after it", []step{{"start", "a", "p1"}, {"show", "a", ""}, {"add", "a", "f1"}, {"start", "a", "p2"}, {"done", "a", ""}, {"start", "a", "p3"}}, "p1 f1 p2'"},
		{"stopped", []step{{"start", "a", "p"}, {"stop", "", ""}, {"show", "a", ""}, {"add", "a", "f"}}, ""},
	} {
		var buf bytes.Buffer
		l := newLiveLines(&buf, time.Hour) // the timer never fires: show stands for it
		for _, s := range tt.steps {
			switch s.op {
			case "start":
				l.start(s.name, s.line, s.line+"'")
			case "add":
				l.add(s.name, s.line)
			case "show":
				l.show(s.name)
			case "done":
				l.done(s.name)
			case "stop":
				l.stop()
			}
		}
		l.stop()
		if got := strings.Join(strings.Fields(buf.String()), " "); got != tt.want {
			t.Errorf("%s: wrote %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestLiveLinesTimer: the timer shows the lines after the delay.
func TestLiveLinesTimer(t *testing.T) {
	var buf syncWriter
	var b bytes.Buffer
	buf.w = &b
	l := newLiveLines(&buf, 10*time.Millisecond)
	l.start("a", "p", "p'")
	deadline := time.Now().Add(10 * time.Second)
	for {
		buf.mu.Lock()
		s := b.String()
		buf.mu.Unlock()
		if s == "p\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s the lines are %q, want %q", s, "p\n")
		}
		time.Sleep(5 * time.Millisecond)
	}
	l.stop()
}
