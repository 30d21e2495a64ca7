package testrun

import (
	"context"
	"fmt"
	"go/doc"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// Examples, ExampleXxx() functions with an output comment, run as go test
// runs them: what the example prints is compared with the comment's text,
// with leading and trailing space trimmed (line order ignored after
// "Unordered output:"). Examples without an output comment are compiled,
// not run, by go test; they are not test cases here either. A package's
// TestMain runs around an example as around a test.

// exampleSpec is what an example's output comment expects.
type exampleSpec struct {
	output    string
	unordered bool
}

// exampleFuncs returns the examples of the test variant of package pkgPath
// that go test runs (those with an output comment), in the order of
// [interp.Program.TestFuncs]; go test runs them after the tests and fuzz targets.
func exampleFuncs(p *interp.Program, pkgPath string) []*ssa.Function {
	var out []*ssa.Function
	for _, fn := range testFuncs(p, pkgPath, "Example", "") {
		if _, ok := exampleSpecOf(p, fn); ok {
			out = append(out, fn)
		}
	}
	return out
}

// exampleSpecOf parses the output comment of example fn from its file; a
// function whose name does not start with Example is none, unparsed
// (listing a package's tests asks for each of them).
func exampleSpecOf(p *interp.Program, fn *ssa.Function) (exampleSpec, bool) {
	if !strings.HasPrefix(fn.Name(), "Example") {
		return exampleSpec{}, false
	}
	file := p.Fset.Position(fn.Pos()).Filename
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		return exampleSpec{}, false
	}
	for _, ex := range doc.Examples(f) {
		if "Example"+ex.Name == fn.Name() && (ex.Output != "" || ex.EmptyOutput) {
			return exampleSpec{output: ex.Output, unordered: ex.Unordered}, true
		}
	}
	return exampleSpec{}, false
}

// judge returns go test's message for an example that printed stdout, ""
// if the output is as expected (testing's processRunResult).
func (spec exampleSpec) judge(stdout string) string {
	got, want := strings.TrimSpace(stdout), strings.TrimSpace(spec.output)
	if spec.unordered {
		if !slices.Equal(slices.Sorted(strings.SplitSeq(got, "\n")), slices.Sorted(strings.SplitSeq(want, "\n"))) {
			return fmt.Sprintf("got:\n%s\nwant (unordered):\n%s\n", stdout, spec.output)
		}
	} else if got != want {
		return fmt.Sprintf("got:\n%s\nwant:\n%s\n", got, want)
	}
	return ""
}

// captureExample makes what the example prints go to out (its output)
// and what it writes to standard error go to errOut (part of its log, as
// go test shows it), each also to where it went before; restore undoes
// it.
func captureExample(c interp.Call, out, errOut io.Writer) (restore func()) {
	to := func(w, old io.Writer) io.Writer {
		if old == io.Discard {
			return w
		}
		return io.MultiWriter(w, old)
	}
	r1 := c.SetStdout(to(out, c.Stdout()))
	r2 := c.SetStderr(to(errOut, c.Stderr()))
	return func() { r2(); r1() }
}

// runExample runs example fn and judges its output like testing's
// runExample. The case fails if the output differs (Result.Failure holds
// go test's "got:/want:" message), or if the example panicked.
func runExample(ctx context.Context, p *interp.Program, fn *ssa.Function, spec exampleSpec, opts *interp.RunOptions) (*interp.CaseResult, error) {
	var out, errOut strings.Builder
	var res *interp.Result
	var err error
	// go test runs an example, as a test, in its package's directory.
	dir := filepath.Dir(p.Fset.Position(fn.Pos()).Filename)
	if tm := testMain(p, fn); tm != nil {
		// TestMain runs around the example; m.Run runs it (see mRun) with
		// its output captured, as testing captures os.Stdout.
		mr := &mainRun{fn: fn, example: true, out: &out, errOut: &errOut}
		res, err = runMain(ctx, p, tm, mr, opts, dir)
		if res == nil {
			return nil, err
		}
		if !mr.ran {
			return &interp.CaseResult{Result: res, Name: fn.Name()}, err
		}
		if res.Outcome == interp.Exited && mr.finished {
			res.Outcome = interp.Returned // TestMain's os.Exit(m.Run())
		}
	} else {
		// Only the example's own output is captured, as testing captures
		// os.Stdout while it runs: not what package initializers print
		// (go test prints that before the first case).
		res, err = interp.RunWith(ctx, p, fn, nil, opts, dir, func(c interp.Call, args []interp.Value) interp.Value {
			startFlags(c) // flags.go
			defer captureExample(c, &out, &errOut)()
			return c.CallSSA(fn, args, interp.NoEvent, interp.Mix(0, -2, 0))
		})
		if res == nil {
			return nil, err
		}
	}
	name := fn.Name()
	gr := &interp.CaseResult{Result: res, Name: name, Ran: true, Example: &interp.ExampleOutput{Got: out.String(), Want: spec.output, Unordered: spec.unordered}}
	log := "=== RUN   " + name + "\n" + errOut.String()
	fail := spec.judge(out.String())
	switch {
	case err != nil:
	case res.Outcome == interp.Returned && fail == "":
		log += "--- PASS: " + name + " (0.00s)\n"
	case res.Outcome == interp.Returned:
		gr.Failed = true
		res.Outcome, res.Failure = interp.AssertionFailed, strings.TrimSuffix(fail, "\n")
		log += "--- FAIL: " + name + " (0.00s)\n" + fail
	default: // panicked, exited, budget exceeded: the example did not finish
		gr.Failed = true
		log += "--- FAIL: " + name + " (0.00s)\n"
		if res.Outcome == interp.Panicked {
			log += "panic: " + res.Panic.Message + " [recovered, repanicked]\n"
		}
	}
	gr.Log = log
	return gr, err
}
