package testrun

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestExampleStreamsWhateverTheProcessDoes runs ExampleAbs_writers while
// the process's os.Stdout and os.Stderr are not what they were when the
// interpreter started: package testing makes os.Stderr the same file as
// os.Stdout under go test -json (the example's own output was then its
// standard error, and what it printed to os.Stdout went to its log), and
// a test capturing its output makes os.Stdout a file for a while. The
// program's streams stay its own: its output is what it writes to
// os.Stdout, its log what it writes to os.Stderr, and nothing reaches
// the process's. Not parallel: it changes the process's variables.
func TestExampleStreamsWhateverTheProcessDoes(t *testing.T) {
	p := loadGoTests(t)
	capture, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer capture.Close()
	const want = "initialised\nabs: 3\n{\"abs\":4}\ndone\nnot part of the output\n"
	for _, tt := range []struct {
		name           string
		stdout, stderr *os.File // the process's during the run
	}{
		{"as started", os.Stdout, os.Stderr},
		{"stderr is stdout (go test -json)", os.Stdout, os.Stdout},
		{"stdout is a file", capture, os.Stderr},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			var res *interp.CaseResult
			var err error
			func() {
				stdout, stderr := os.Stdout, os.Stderr
				defer func() { os.Stdout, os.Stderr = stdout, stderr }()
				os.Stdout, os.Stderr = tt.stdout, tt.stderr
				res, err = p.RunGoTest(bgContext, gotestPkg, "ExampleAbs_writers", &interp.RunOptions{Stdout: &out, NoTrace: true})
			}()
			if err != nil {
				t.Fatal(err)
			}
			if res.Failed || res.Outcome != interp.Returned || out.String() != want {
				t.Errorf("failed %v, outcome %v, failure %q, stdout %q; want it to pass, stdout %q", res.Failed, res.Outcome, res.Failure, out.String(), want)
			}
			if res.Example == nil || res.Example.Got != "abs: 3\n{\"abs\":4}\ndone\n" {
				t.Errorf("Example = %+v, want its output to be what it wrote to os.Stdout", res.Example)
			}
			if wantLog := "=== RUN   ExampleAbs_writers\nnot part of the output\n--- PASS: ExampleAbs_writers (0.00s)\n"; res.Log != wantLog {
				t.Errorf("log %q, want %q", res.Log, wantLog)
			}
		})
	}
	if fi, err := capture.Stat(); err != nil || fi.Size() != 0 {
		t.Errorf("the process's os.Stdout, a file during the run, holds %v bytes (%v); want none", fi.Size(), err)
	}
}
