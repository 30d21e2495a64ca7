package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/ctxtest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/native"
)

// passOnProgress replaces localize's -deadline context (withDeadline)
// for the test with a context (ctxtest.Deadline) whose deadline passes once the first
// case's progress line is written to the writer it returns, standard
// error for the run.
func passOnProgress(t *testing.T) *passWriter {
	return passOn(t, progressLine)
}

// passOn is passOnProgress for the first line on standard error that
// matches line.
func passOn(t *testing.T, line *regexp.Regexp) *passWriter {
	w := &passWriter{line: line}
	t.Cleanup(func() { withDeadline = context.WithTimeoutCause })
	withDeadline = func(parent context.Context, _ time.Duration, cause error) (context.Context, context.CancelFunc) {
		c, pass := ctxtest.Deadline(parent, cause)
		w.pass = pass
		return c, pass
	}
	return w
}

// passWriter is standard error for a run whose deadline passes once a
// line matching line is written.
type passWriter struct {
	buf  bytes.Buffer
	line *regexp.Regexp
	pass func()
}

func (w *passWriter) Write(p []byte) (int, error) {
	n, err := w.buf.Write(p)
	if w.pass != nil && w.line.Match(w.buf.Bytes()) {
		w.pass()
	}
	return n, err
}

// TestLocalizeDeadlineNotReached: when -deadline passes once the first
// of the package's failing cases is localized, the other failing cases
// are written after it, in JSON and in text, each ranked by the native
// run alone, partial, its reason saying the deadline passed;
// standard error says how far the run got, and the exit status is 3.
func TestLocalizeDeadlineNotReached(t *testing.T) {
	const reason = "not localized by the interpreter before the run's deadline passed (-deadline 1h0m0s passed)"
	stopped := regexp.MustCompile(`(?m)^faultloc localize: -deadline 1h0m0s passed: stopped with the reports of 1 of the \d+ failing cases written; \d+ more ranked by the native run alone$`)
	for _, format := range []string{"json", "text"} {
		t.Run(format, func(t *testing.T) {
			errw := passOnProgress(t)
			var out bytes.Buffer
			code := run(context.Background(), []string{"localize", "-format", format, "-max-size", "1", "-deadline", "1h", "../../localize/testdata/output"}, &out, errw)
			if code != exitInterrupted || !stopped.MatchString(errw.buf.String()) {
				t.Errorf("exit %d, stderr:\n%s\nwant %d, saying the deadline passed and how far the run got", code, errw.buf.String(), exitInterrupted)
			}
			first := progressLine.FindStringSubmatch(errw.buf.String())
			if first == nil {
				t.Fatalf("no case done before the deadline (stderr:\n%s)", errw.buf.String())
			}
			if format == "text" {
				rest := strings.Split(out.String(), "\n# ")[1:]
				if !strings.HasPrefix(out.String(), "# "+first[1]+" (agx)") || len(rest) == 0 {
					t.Fatalf("stdout:\n%s\nwant the first case's report, then the others", out.String())
				}
				for _, r := range rest {
					if head, _, _ := strings.Cut(r, "\n"); !strings.Contains(head, " (native)") || !strings.Contains(r, reason) {
						t.Errorf("report after the deadline:\n%s\nwant the native run's, saying %q", r, reason)
					}
				}
				return
			}
			var reports []localize.Report
			if err := json.Unmarshal(out.Bytes(), &reports); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s", err, out.String())
			}
			if len(reports) < 2 || reports[0].Test != first[1] || len(reports[0].Ranking) == 0 {
				t.Fatalf("reports %+v, want the first case's first, ranked, then the others", reports)
			}
			for _, r := range reports[1:] {
				if r.Mode != native.Mode || !r.Partial || !strings.Contains(r.Reason, reason) || len(r.Ranking) == 0 {
					t.Errorf("%s after the deadline: mode %s, partial %v, reason %q, %d ranked lines; want the native run's ranking, partial, saying %q", r.Test, r.Mode, r.Partial, r.Reason, len(r.Ranking), reason)
				}
			}
		})
	}
}
