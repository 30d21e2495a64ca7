package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/internal/testjson"
	"github.com/faultloc/faultloc/localize/pipeline"
)

// stdin is what -failed-from - reads: the test seam.
var stdin io.Reader = os.Stdin

// recordedFailures reads the go test -json stream in file ("-": standard
// input) and returns the failing cases it records for package pkg, the
// innermost ones (a subtest, not its parent). No failing case of pkg is
// an error that says what the stream holds instead.
func recordedFailures(file, pkg string) ([]string, error) {
	var r io.Reader = stdin
	name := "standard input"
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, file
	}
	run, err := testjson.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	failing := run.Failing(pkg)
	if len(failing) > 0 {
		return failing, nil
	}
	pkgs := run.Packages()
	switch {
	case slices.Contains(run.Failed, pkg):
		return nil, fmt.Errorf("%s records that %s failed without a failing test (a build error, TestMain, or a crash outside the tests): no case to localize", name, pkg)
	case slices.Contains(pkgs, pkg) || slices.Contains(pkgs, ""):
		return nil, fmt.Errorf("%s records no failing case of %s (%d passed): nothing to localize", name, pkg, len(run.Passing(pkg)))
	}
	var others []string
	for _, p := range pkgs {
		if len(run.Failing(p)) > 0 {
			others = append(others, p)
		}
	}
	if len(others) == 0 {
		others = []string{"none"}
	}
	return nil, fmt.Errorf("%s records no case of %s (packages with failing cases: %s)", name, pkg, strings.Join(others, ", "))
}

// checkRecorded says on w which of the recorded failing cases do not
// fail in this run, and reports whether any of them does.
func checkRecorded(w io.Writer, file string, recorded []string, res *pipeline.Result) bool {
	if file == "-" {
		file = "standard input"
	}
	refused := map[string]bool{}
	for _, e := range res.Errors {
		refused[e.Case] = true
	}
	still := 0
	for _, n := range recorded {
		switch {
		case slices.Contains(res.Failing, n):
			still++
		case !slices.Contains(res.Cases, n):
			fmt.Fprintf(w, "faultloc localize: %s, failing in the run %s records, is not a case of %s now (renamed or removed?)\n", n, file, res.Package)
		case refused[n]:
			fmt.Fprintf(w, "faultloc localize: %s, failing in the run %s records, could not run here (its error is above)\n", n, file)
		case slices.Contains(res.Skipped, n):
			fmt.Fprintf(w, "faultloc localize: %s, failing in the run %s records, skips now: not localized\n", n, file)
		default:
			fmt.Fprintf(w, "faultloc localize: %s, failing in the run %s records, passes now: not localized\n", n, file)
		}
	}
	if still == 0 {
		fmt.Fprintf(w, "faultloc localize: none of the %d cases %s records as failing fails now\n", len(recorded), file)
	}
	return still > 0
}
