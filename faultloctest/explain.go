package faultloctest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/faultloc/faultloc/internal/frontend"
)

// T is what the helper needs of a test: *testing.T, *testing.B, *testing.F
// and testing.TB implement it.
type T interface {
	Name() string
	Failed() bool
	Log(args ...any)
	Helper()
	Cleanup(func())
}

// Environment variables read by the helper. They take precedence over
// [Options], which take precedence over the defaults, so that whoever runs
// go test can change the helper's behavior without editing tests.
const (
	// EnvTimeout bounds the time one explanation may take, as a
	// [time.ParseDuration] string ("45s", "2m"). "0" or "off" turns the
	// helper off: it then does nothing at all.
	EnvTimeout = "FAULTLOC_TIMEOUT"
	// EnvTags are the comma-separated build tags the test's package is
	// loaded with, e.g. "faultloc,integration".
	EnvTags = "FAULTLOC_TAGS"
	// EnvReport is a directory where, for each explained test, the JSON and
	// HTML reports are written (see [Options].ReportDir).
	EnvReport = "FAULTLOC_REPORT"
	// EnvFirst, "1" (or "true", "on") or "0" ("false", "off"), sets
	// [Options].FirstFailure.
	EnvFirst = "FAULTLOC_FIRST"
	// EnvNative, "1" (or "true", "on") or "0" ("false", "off"), sets
	// [Options].Native.
	EnvNative = "FAULTLOC_NATIVE"
)

// DefaultTimeout is the time bound of an explanation when neither
// [EnvTimeout] nor [Options].Timeout sets one.
const DefaultTimeout = 30 * time.Second

// grace is how long after the time bound the helper still waits for the
// pipeline to wind down (stages stop at their context's deadline and hand
// back what they found) before it gives up on it.
const grace = 5 * time.Second

// Options configure [ExplainWith]. The zero value is the default; the
// environment variables [EnvTimeout], [EnvTags] and [EnvReport], when set,
// override the fields they correspond to.
type Options struct {
	// Timeout bounds the whole explanation: loading the package and the
	// pipeline (the spectrum of the package's cases, fix candidates, the
	// ranking and its refiners). What was found by then is shown, marked
	// partial. Negative: the helper is off. Default 0: [DefaultTimeout].
	Timeout time.Duration
	// Tags are the comma-separated build tags the package is loaded with.
	// Default "": the -tags the test binary was built with, read from its
	// build information ([debug.ReadBuildInfo]).
	Tags string
	// Dir is the directory of the test's package. Default "": the
	// directory of the _test.go file that called the helper (from
	// [runtime.Callers]; a binary built with -trimpath has no such
	// directory, so set Dir there).
	Dir string
	// ReportDir, if set, receives the reports of each explained test:
	// PKG.TEST.json ([pipeline.Result.WriteJSON]) and PKG.TEST.html
	// ([pipeline.Result.WriteHTML], with the spectrum as a heat map), PKG being
	// the package's name and TEST the test's full name with every
	// character other than letters, digits, '-', '_' and '.' replaced by
	// '_'. A relative directory is relative to the package directory, where
	// go test runs tests. Default "": no files.
	ReportDir string
	// MaxSize bounds the number of statements of a fix candidate.
	// Default 0: 2.
	MaxSize int
	// Candidates is the number of fix candidates shown, in the report's
	// order: verified ones and smaller ones first, then by Formula's
	// score of their most suspicious line when it is set, then by
	// position. Default 0: 5.
	Candidates int
	// Top is the number of ranked lines shown beyond the candidates'
	// (the report's Ranking, placed by the pipeline's other evidence).
	// Negative: none. Default 0: 5.
	Top int
	// Formula, if set, orders the candidates that tie on verified status
	// and size by that spectrum formula (see spectra.Lookup) over the
	// package's test cases, as faultloc localize -tiebreak FORMULA does.
	// Default "": by position, as faultloc localize does.
	Formula string
	// FirstFailure localizes the test's first failed check alone
	// (agx.Options.FirstFailure): in a test that loops over a table
	// with t.Error and fails several rows, the first failing row, which
	// is much cheaper than a fix of every row at once. Default false.
	FirstFailure bool
	// Native runs the native evidence stage as faultloc localize does by
	// default (native.Collect: the package's tests built with coverage
	// and run again by go test, the helper turned off in them), so that
	// the helper ranks as the command does. Default false: the stage is
	// off, as the helper runs inside go test, where that second run of
	// the package's tests costs a build and the suite's time within the
	// helper's bound, and runs beside the tests of the first that have
	// not ended (parallel tests, other packages' binaries), which may
	// share files, ports or other state with them. The ranking then
	// equals the command's with -native=false.
	Native bool
}

// config is Options resolved against the environment and the defaults.
type config struct {
	timeout    time.Duration
	tags       string
	dir        string
	reportDir  string
	maxSize    int
	candidates int
	top        int
	formula    string
	first      bool
	native     bool
}

// resolve applies the environment (getenv) and the defaults to opts.
// off is true when the helper is turned off.
func resolve(opts *Options, getenv func(string) string) (c config, off bool, err error) {
	if opts == nil {
		opts = &Options{}
	}
	c = config{
		timeout:    opts.Timeout,
		tags:       opts.Tags,
		dir:        opts.Dir,
		reportDir:  opts.ReportDir,
		maxSize:    opts.MaxSize,
		candidates: opts.Candidates,
		top:        opts.Top,
		formula:    opts.Formula,
		first:      opts.FirstFailure,
		native:     opts.Native,
	}
	if s := strings.TrimSpace(getenv(EnvTimeout)); s != "" {
		switch s {
		case "0", "off":
			return c, true, nil
		}
		d, perr := time.ParseDuration(s)
		if perr != nil || d < 0 {
			return c, false, fmt.Errorf("%s=%q is not a duration such as 45s", EnvTimeout, s)
		}
		c.timeout = d
	}
	switch {
	case c.timeout < 0:
		return c, true, nil
	case c.timeout == 0:
		c.timeout = DefaultTimeout
	}
	if c.dir != "" {
		d, aerr := filepath.Abs(c.dir)
		if aerr != nil {
			return c, false, aerr
		}
		c.dir = d
	}
	if s, ok := lookup(getenv, EnvTags); ok {
		c.tags = s
	} else if c.tags == "" {
		c.tags = binaryTags()
	}
	if s, ok := lookup(getenv, EnvReport); ok {
		c.reportDir = s
	}
	for _, b := range []struct {
		key string
		to  *bool
	}{{EnvFirst, &c.first}, {EnvNative, &c.native}} {
		if s, ok := lookup(getenv, b.key); ok {
			switch strings.ToLower(s) {
			case "1", "true", "on":
				*b.to = true
			case "0", "false", "off":
				*b.to = false
			default:
				return c, false, fmt.Errorf("%s=%q is not 1 or 0", b.key, s)
			}
		}
	}
	if c.maxSize == 0 {
		c.maxSize = frontend.DefaultMaxSize
	}
	if c.candidates <= 0 {
		c.candidates = 5
	}
	if c.top == 0 {
		c.top = 5
	}
	return c, false, nil
}

func lookup(getenv func(string) string, key string) (string, bool) {
	s := strings.TrimSpace(getenv(key))
	return s, s != ""
}

// binaryTags returns the -tags the running binary was built with, "" if
// none or unknown.
func binaryTags() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	for _, s := range bi.Settings {
		if s.Key == "-tags" {
			return s.Value
		}
	}
	return ""
}

// Explain explains the failure of test t, if it fails: when t ends
// failed, t's log shows the smallest verified fix candidates of the
// failure (file:line, the statement, the angelic values that make the test
// pass) and the report's ranked lines, as faultloc localize finds them. A passing test logs nothing. Use it as
//
//	defer faultloctest.Explain(t)
//
// at the top of a test or a subtest. See the package documentation for
// what it does, its time bound and the environment variables it reads.
// Explain never fails a test and never panics of its own: a reason it
// cannot explain is one log line. A panic of the test passes through a
// deferred Explain (it recovers the panic, to know the test failed, and
// panics again with the same value), so go test reports it as before.
func Explain(t T) {
	t.Helper()
	// A panicking test runs its cleanups before testing marks it failed:
	// the deferred helper notices the panic here and passes it on.
	p := recover()
	explain(t, nil, p != nil)
	if p != nil {
		panic(p)
	}
}

// ExplainWith is [Explain] with options; a nil opts is the zero Options.
func ExplainWith(t T, opts *Options) {
	t.Helper()
	p := recover()
	explain(t, opts, p != nil)
	if p != nil {
		panic(p)
	}
}

// explain registers the explanation as a cleanup of t: cleanups run after
// the test function and all its subtests have returned (parallel subtests
// included) and after a panic has marked the test failed, so t.Failed()
// is final there, except after a panic: testing runs the cleanups of a
// panicking test before it marks the test failed, so the deferred helper
// tells (panicking). The caller's file is taken now, while the test's
// frames are on the stack.
func explain(t T, opts *Options, panicking bool) {
	defer func() {
		if x := recover(); x != nil {
			t.Log(line(fmt.Errorf("internal error: %v", x)))
		}
	}()
	t.Helper()
	c, off, cerr := resolve(opts, os.Getenv)
	if off {
		return
	}
	var derr error
	if cerr == nil && c.dir == "" {
		c.dir, derr = callerDir(2)
	}
	t.Cleanup(func() {
		t.Helper()
		if !panicking && !t.Failed() {
			return
		}
		if err := errors.Join(cerr, derr); err != nil {
			t.Log(line(err))
			return
		}
		t.Log(run(t.Name(), c))
	})
}

// line formats a reason the helper cannot explain a test as one line.
func line(err error) string {
	s := strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", "; ")), " ")
	return "faultloc: cannot explain: " + s
}

// callerDir returns the directory of the first _test.go file on the
// stack above skip frames: the test that called the helper (when the
// helper is deferred, runtime or panic frames may come between).
func callerDir(skip int) (string, error) {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(skip+1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if strings.HasSuffix(f.File, "_test.go") {
			if !filepath.IsAbs(f.File) {
				return "", fmt.Errorf("the test's file name %q is not absolute (a -trimpath build?): set Options.Dir", f.File)
			}
			return filepath.Dir(f.File), nil
		}
		if !more {
			return "", errors.New("no _test.go file calls the helper: set Options.Dir")
		}
	}
}

// result is what the pipeline hands back to the cleanup.
type result struct {
	text string
	err  error
}

// run explains the failing test name within c.timeout (plus a grace
// period for the stages to return what they found) and returns the log
// message. The pipeline runs in its own goroutine so that a stage that
// does not stop in time is abandoned rather than waited for; every panic
// in it is recovered.
func run(name string, c config) string {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if x := recover(); x != nil {
				r = result{err: fmt.Errorf("internal error: %v", x)}
			}
			done <- r
		}()
		text, err := explainCase(ctx, name, c)
		r = result{text: text, err: err}
	}()
	timer := time.NewTimer(c.timeout + grace)
	defer timer.Stop()
	select {
	case r := <-done:
		if r.err != nil {
			return line(r.err)
		}
		return r.text
	case <-timer.C:
		return line(fmt.Errorf("gave up after %v (set %s or Options.Timeout)", c.timeout, EnvTimeout))
	}
}

// safeName turns a test name into a file name.
func safeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '_'
	}, s)
}
