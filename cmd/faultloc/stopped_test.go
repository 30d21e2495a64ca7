package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultloc/faultloc/internal/longtest"
)

// sigterm is the cause a SIGTERM gives the command's context
// (interruptible).
var sigterm = errors.New("terminated signal received")

// stoppedCommand is a long command of TestStoppedWritesWhole: its
// arguments before -format and the package, its formats, and those
// whose report says it is partial (SARIF's run and GitHub's first
// warning too when there are no results; localize's text and HTML mark
// each case's report, and spectra's text and gzoltar files have no room
// for it: the exit status and standard error say it).
type stoppedCommand struct {
	name    string
	args    []string
	pkg     string
	formats []string
	marked  []string
}

var (
	longSubject = "../../bench/bounds/testdata/long"
	max3Regress = []string{"regress", "-tags", "faultloc", "-old", "../../examples/max3/correct", "-new", "../../examples/max3"}
)

// stoppedCommands are the long commands and their output formats.
var stoppedCommands = []stoppedCommand{
	{"localize", []string{"localize"}, longSubject, []string{"text", "json", "html", "sarif", "github"}, []string{"sarif", "github"}},
	{"localize -all", []string{"localize", "-all"}, longSubject, []string{"text", "json", "sarif", "github"}, []string{"text", "json", "sarif", "github"}},
	{"localize -mode sat-tar", []string{"localize", "-mode", "sat-tar"}, longSubject, []string{"text", "json", "html", "sarif", "github"}, []string{"sarif", "github"}},
	{"regress", max3Regress, "../../examples/max3", []string{"text", "json", "html", "sarif", "github"}, []string{"text", "json", "html", "sarif", "github"}},
	{"repair", []string{"repair"}, longSubject, []string{"text", "json", "sarif"}, []string{"text", "json", "sarif"}},
	{"spectra", []string{"spectra"}, "./testdata/slowspectra", []string{"text", "json", "sarif", "github", "gzoltar"}, []string{"json", "sarif", "github"}},
}

// TestStoppedWritesWhole stops each long command, in each of its
// output formats, as SIGTERM does (its context canceled, the signal
// the cause): before it began (the load stopped at once) and, for a
// sample by default and for every format with the build tag long,
// while it runs (after: regress at its first trial, the others after
// 1 s, when they load, run the cases or search). Each time it exits with status
// 3, says on standard error that the signal stopped it, and writes its
// report whole: one valid JSON document (SARIF 2.1.0 for sarif), a
// whole HTML page, GitHub annotations only, or gzoltar's files; the
// reports that have a partial mark say partial. The signal itself, and
// how soon after it each command exits, are TestCommandsKeepBounds'.
// The rows stopped while running run at once (but spectra's, which sets
// an environment variable).
func TestStoppedWritesWhole(t *testing.T) {
	sample := map[string]string{"localize": "html", "localize -all": "text", "localize -mode sat-tar": "sarif", "regress": "github", "repair": "text", "spectra": "text"}
	for _, c := range stoppedCommands {
		for _, format := range c.formats {
			for _, after := range []time.Duration{0, time.Second} {
				name := c.name + " " + format + " before"
				if after > 0 {
					name = c.name + " " + format + " running"
				}
				t.Run(name, func(t *testing.T) {
					if after > 0 && (testing.Short() || !longtest.Enabled && sample[c.name] != format) {
						t.Skip("stopped while running: a sample by default, every format with -tags long")
					}
					switch {
					case c.name == "spectra" && after > 0:
						// TestSlow runs for a minute in its own run.
						t.Setenv("FAULTLOC_SLOW_MARK", filepath.Join(t.TempDir(), "mark"))
					case after > 0:
						// Each runs for its second in-process, apart from
						// the others but for the loads memo: as many at once
						// as go test's -parallel (GOMAXPROCS).
						t.Parallel()
					}
					stoppedWhole(t, c, format, after)
				})
			}
		}
	}
}

// stoppedWhole runs c in format, canceling its context with sigterm
// after the given time (0: before it starts), and checks what it wrote.
func stoppedWhole(t *testing.T, c stoppedCommand, format string, after time.Duration) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	args := append([]string{}, c.args...)
	var out, errb bytes.Buffer
	var stderr io.Writer = &errb
	switch {
	case after == 0:
		cancel(sigterm)
	case c.name == "regress":
		// max3's whole explanation takes a second or so, less once its
		// loads are memoized in this process: it is stopped when -v
		// reports its first trial, with more to come.
		args = append(args, "-v")
		stderr = &signalOn{w: &errb, text: "faultloc regress: ", stop: func() { cancel(sigterm) }}
	default:
		timer := time.AfterFunc(after, func() { cancel(sigterm) })
		defer timer.Stop()
	}
	args = append(args, "-format", format)
	gz := t.TempDir()
	if format == "gzoltar" {
		args = append(args, "-o", gz)
	}
	args = append(args, c.pkg)
	code := run(ctx, args, &out, stderr)
	if code != exitInterrupted || !strings.Contains(errb.String(), sigterm.Error()) {
		t.Fatalf("exit %d, want %d, the signal named on stderr:\n%s", code, exitInterrupted, errb.String())
	}
	s := out.String()
	switch format {
	case "json":
		if !json.Valid(out.Bytes()) {
			t.Fatalf("not one JSON document:\n%s", s)
		}
	case "sarif":
		var doc struct{ Version string }
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil || doc.Version != "2.1.0" {
			t.Fatalf("not one SARIF 2.1.0 document (%v):\n%s", err, s)
		}
	case "html":
		if !strings.HasPrefix(s, "<!DOCTYPE html>") || !strings.HasSuffix(strings.TrimSpace(s), "</html>") {
			t.Fatalf("not a whole HTML page:\n%s", s)
		}
	case "github":
		for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
			if l != "" && !strings.HasPrefix(l, "::") {
				t.Fatalf("a line that is no annotation: %q in\n%s", l, s)
			}
		}
	case "gzoltar":
		for _, f := range []string{"spectra.csv", "tests.csv", "matrix.txt"} {
			if _, err := os.Stat(filepath.Join(gz, f)); err != nil {
				t.Errorf("gzoltar: %v", err)
			}
		}
	}
	// SARIF's results have partialFingerprints: its run says it.
	mark := map[string]string{"sarif": `"executionSuccessful": false`, "github": "::warning title=faultloc partial::"}[format]
	if slices.Contains(c.marked, format) && !strings.Contains(strings.ToLower(s), strings.ToLower(cmp.Or(mark, "partial"))) {
		t.Errorf("the report does not say it is partial:\n%s", s)
	}
}

// signalOn passes writes to w and calls stop once, at the first write
// that holds text.
type signalOn struct {
	w    io.Writer
	text string
	stop func()
	once sync.Once
}

func (s *signalOn) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if bytes.Contains(p, []byte(s.text)) {
		s.once.Do(s.stop)
	}
	return n, err
}
