package testjson

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// event is one test2json event (cmd/test2json's TestEvent).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// Status is a test's final verdict in the run.
type Status string

// The verdicts.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
	// Unfinished: the test started and the stream has no verdict for it
	// (the binary crashed or timed out, or the stream was cut).
	Unfinished Status = "unfinished"
)

// Case is one test, subtest, example or fuzz target seen in the run.
type Case struct {
	Package string // import path ("" when the stream names none)
	Name    string // full name, "TestX/sub"
	Status  Status
}

// Run is what a recorded run says.
type Run struct {
	// Cases are the tests in the order they started.
	Cases []Case
	// Failed are the packages whose run failed (a package-level fail
	// event), with or without a failing test.
	Failed []string
	// Events counts the events read.
	Events int
}

// SyntaxError reports a line that starts as a JSON object but does not
// parse as one.
type SyntaxError struct {
	Line int // 1-based
	Err  error
}

// Error formats the error.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("testjson: line %d: not a go test -json event: %v", e.Line, e.Err)
}

// Unwrap returns the JSON error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// ErrNoEvents is returned when the input holds no test2json event.
var ErrNoEvents = fmt.Errorf("testjson: no go test -json event in the input (want the output of go test -json, or a gotestsum --jsonfile)")

// Parse reads a go test -json stream. Lines that are not JSON objects
// (a build's error output mixed into the stream) are skipped; a line
// that starts with "{" and does not parse is a *SyntaxError; an input
// without events is ErrNoEvents.
func Parse(r io.Reader) (*Run, error) {
	run := &Run{}
	at := map[[2]string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e event
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, &SyntaxError{Line: n, Err: err}
		}
		if e.Action == "" {
			return nil, &SyntaxError{Line: n, Err: fmt.Errorf("no Action")}
		}
		run.Events++
		if e.Test == "" {
			if e.Action == "fail" && !slices.Contains(run.Failed, e.Package) {
				run.Failed = append(run.Failed, e.Package)
			}
			continue
		}
		k := [2]string{e.Package, e.Test}
		i, ok := at[k]
		if !ok {
			i = len(run.Cases)
			at[k] = i
			run.Cases = append(run.Cases, Case{Package: e.Package, Name: e.Test, Status: Unfinished})
		}
		switch e.Action {
		case "pass":
			run.Cases[i].Status = Pass
		case "fail":
			run.Cases[i].Status = Fail
		case "skip":
			run.Cases[i].Status = Skip
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("testjson: %w", err)
	}
	if run.Events == 0 {
		return nil, ErrNoEvents
	}
	return run, nil
}

// Packages returns the packages the run names, in the order first seen.
func (r *Run) Packages() []string {
	var out []string
	for _, c := range r.Cases {
		if !slices.Contains(out, c.Package) {
			out = append(out, c.Package)
		}
	}
	for _, p := range r.Failed {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// Failing returns the failing cases of package pkg (those that failed or
// did not finish), innermost first in the sense that a test with a
// failing or unfinished subtest is left out: the subtest is the case. A
// stream that names no package matches any pkg.
func (r *Run) Failing(pkg string) []string {
	bad := func(c Case) bool { return c.Status == Fail || c.Status == Unfinished }
	var out []string
	for _, c := range r.Cases {
		if !r.in(c, pkg) || !bad(c) {
			continue
		}
		inner := slices.ContainsFunc(r.Cases, func(d Case) bool {
			return r.in(d, pkg) && bad(d) && strings.HasPrefix(d.Name, c.Name+"/")
		})
		if !inner {
			out = append(out, c.Name)
		}
	}
	return out
}

// Passing returns the cases of package pkg that passed.
func (r *Run) Passing(pkg string) []string {
	var out []string
	for _, c := range r.Cases {
		if r.in(c, pkg) && c.Status == Pass {
			out = append(out, c.Name)
		}
	}
	return out
}

// in reports whether c is of package pkg.
func (r *Run) in(c Case, pkg string) bool { return c.Package == pkg || c.Package == "" }
