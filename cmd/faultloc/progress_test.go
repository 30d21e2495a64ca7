package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/pipeline"
)

// TestProgressLines: off a terminal, a stage gets a line once it has
// run progressDelay, then one every progressEvery while it runs, saying
// what runs, the count and the time left; a case's search waits for
// progressEvery when the live lines announce it; a stage that ends
// sooner gets none.
func TestProgressLines(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	var buf bytes.Buffer
	v := newProgress(&buf, "faultloc localize", false, t0)
	v.liveSearch = true
	v.deadline = at(5 * time.Minute)
	lines := func() []string {
		s := strings.TrimSuffix(buf.String(), "\n")
		buf.Reset()
		if s == "" {
			return nil
		}
		return strings.Split(s, "\n")
	}
	v.update(pipeline.Status{Stage: "load"}, at(0))
	v.poll(at(time.Second))
	v.update(pipeline.Status{Stage: pipeline.StageSpectrum}, at(1500*time.Millisecond))
	v.poll(at(3 * time.Second))
	if got := lines(); got != nil {
		t.Errorf("stages under %v wrote %q", progressDelay, got)
	}
	v.update(pipeline.Status{Stage: pipeline.StageEvidence, Total: 180, Deadline: at(2 * time.Minute)}, at(4*time.Second))
	v.update(pipeline.Status{Stage: pipeline.StageEvidence, Done: 42, Total: 180, Deadline: at(2 * time.Minute)}, at(5*time.Second))
	v.poll(at(6 * time.Second))
	want := "faultloc localize: interpreting the cases -run leaves out, for evidence (42 of 180), for 2s, 1m54s left of its bound; 4m54s left of -deadline"
	if got := lines(); len(got) != 1 || got[0] != want {
		t.Errorf("after 2 s of evidence: %q, want %q", got, want)
	}
	v.poll(at(10 * time.Second))
	if got := lines(); got != nil {
		t.Errorf("before the next %v: %q", progressEvery, got)
	}
	v.poll(at(16 * time.Second))
	if got := lines(); len(got) != 1 || !strings.Contains(got[0], "(42 of 180), for 12s, 1m44s left") {
		t.Errorf("after another %v: %q", progressEvery, got)
	}
	v.update(pipeline.Status{Stage: pipeline.StageSearch, Case: "TestX", Failing: 2, Deadline: at(37 * time.Second)}, at(17*time.Second))
	v.poll(at(20 * time.Second))
	if got := lines(); got != nil {
		t.Errorf("a search the live lines announce: %q before %v", got, progressEvery)
	}
	v.poll(at(27 * time.Second))
	want = "faultloc localize: 0 of 2 failing cases done; TestX: searching for candidates, for 10s, 10s left of its bound; 4m33s left of -deadline"
	if got := lines(); len(got) != 1 || got[0] != want {
		t.Errorf("after 10 s of search: %q, want %q", got, want)
	}
	v.update(pipeline.Status{Stage: pipeline.StageCaseDone, Case: "TestX", Localized: 1, Failing: 2}, at(40*time.Second))
	v.update(pipeline.Status{Stage: pipeline.StageRefine, Refiner: "angelic.ForceProbe", Case: "TestY", Localized: 1, Failing: 2}, at(40*time.Second))
	v.poll(at(43 * time.Second))
	if got := lines(); len(got) != 1 || !strings.HasPrefix(got[0], "faultloc localize: 1 of 2 failing cases done; TestY: angelic.ForceProbe, for 3s; ") {
		t.Errorf("a refiner: %q", got)
	}
}

// TestProgressStageTimes: the last line sums each stage's time over the
// cases, in the order the stages first ran; a run shorter than
// progressDelay ends without it.
func TestProgressStageTimes(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	var buf bytes.Buffer
	v := newProgress(&buf, "faultloc localize", false, t0)
	for _, s := range []struct {
		at time.Duration
		st pipeline.Status
	}{
		{0, pipeline.Status{Stage: "load"}},
		{time.Second, pipeline.Status{Stage: pipeline.StageSpectrum}},
		{1500 * time.Millisecond, pipeline.Status{Stage: pipeline.StageNative}},
		{4 * time.Second, pipeline.Status{Stage: pipeline.StageSearch, Case: "A"}},
		{5 * time.Second, pipeline.Status{Stage: pipeline.StageSearch, Case: "B"}}, // two at once
		{24 * time.Second, pipeline.Status{Stage: pipeline.StageRefine, Refiner: "mutation.FixProbe", Case: "A"}},
		{25 * time.Second, pipeline.Status{Stage: pipeline.StageCaseDone, Case: "B"}},
		{26 * time.Second, pipeline.Status{Stage: pipeline.StageCaseDone, Case: "A"}},
		{26 * time.Second, pipeline.Status{Stage: pipeline.StageCaseSet}},
	} {
		v.update(s.st, at(s.at))
	}
	v.stop(at(27 * time.Second))
	v.stop(at(28 * time.Second)) // once
	want := "faultloc localize: 27s in all; by stage: load 1s, spectrum 500ms, native 2.5s, search 40s, mutation.FixProbe 2s, case set 1s\n"
	if got := buf.String(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	v.update(pipeline.Status{Stage: "load"}, at(30*time.Second))
	v.poll(at(time.Hour))
	if got := buf.String(); got != want {
		t.Errorf("wrote after stop: %q", strings.TrimPrefix(got, want))
	}

	buf.Reset()
	v = newProgress(&buf, "faultloc localize", false, t0)
	v.update(pipeline.Status{Stage: "load"}, t0)
	v.stop(at(progressDelay - time.Millisecond))
	if buf.Len() != 0 {
		t.Errorf("a short run wrote %q", buf.String())
	}
}

// TestProgressBar: on a terminal the view redraws one bar in place,
// the failing cases done filling it, and erases it before any other
// line.
func TestProgressBar(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var buf bytes.Buffer
	v := newProgress(&buf, "faultloc localize", true, t0)
	v.width = 200
	v.update(pipeline.Status{Stage: pipeline.StageSearch, Case: "TestX", Localized: 1, Failing: 2, Deadline: t0.Add(20 * time.Second)}, t0)
	v.poll(t0.Add(10 * time.Second)) // half its bound: 1.5 of 2 cases
	want := "\r[###############.....] 1/2 cases · TestX: search · 10s left\x1b[K"
	if got := buf.String(); got != want {
		t.Errorf("bar %q, want %q", got, want)
	}
	buf.Reset()
	v.Write([]byte("a line\n"))
	if got := buf.String(); got != "\r\x1b[Ka line\n" {
		t.Errorf("a line over the bar: %q", got)
	}
	buf.Reset()
	v.Write([]byte("another\n"))
	if got := buf.String(); got != "another\n" {
		t.Errorf("a line with no bar: %q", got)
	}
}

// TestLocalizeProgress: -progress shows the progress under -format json
// too, ending with the stages' times; without it JSON's stderr has none.
func TestLocalizeProgress(t *testing.T) {
	defer func(d time.Duration) { progressDelay = d }(progressDelay)
	progressDelay = 0 // every stage gets its line, and the run its times
	for _, tt := range []struct {
		flag string
		want bool
	}{{"-progress", true}, {"-progress=false", false}} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"localize", "-tags", "faultloc", "-format", "json", "-native=false", "-max-size", "1", tt.flag, "../../examples/foo"}, &out, &errb)
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr:\n%s", tt.flag, code, errb.String())
		}
		times := strings.Contains(errb.String(), "in all; by stage: load ")
		if times != tt.want || tt.want && !strings.Contains(errb.String(), ", search ") {
			t.Errorf("%s: stderr has the stages' times: %v, want %v:\n%s", tt.flag, times, tt.want, errb.String())
		}
		if !strings.HasPrefix(strings.TrimSpace(out.String()), "[") {
			t.Errorf("%s: stdout is not the JSON array:\n%s", tt.flag, out.String())
		}
	}
}
