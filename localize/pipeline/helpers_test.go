package pipeline

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// loadSubject loads the package in dir (with its tests if tests) and
// returns it with its //fault: lines, of which there must be n.
func loadSubject(ctx context.Context, t *testing.T, dir string, tests bool, n int) (*trace.Program, []examples.Fault) {
	t.Helper()
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: tests}, ".")
	if err != nil {
		t.Fatal(err)
	}
	faults, err := examples.FaultLines(dir)
	if err != nil || len(faults) != n {
		t.Fatalf("fault lines of %s: %v, %v; want %d", dir, faults, err, n)
	}
	return prog, faults
}

// subjectPkg is the import path of localize/testdata/<dir>.
func subjectPkg(dir string) string { return "github.com/faultloc/faultloc/localize/testdata/" + dir }

// summary renders the candidates of a report without their angelic values
// (which any value in a range may satisfy): size, lines, verification.
func summary(r *localize.Report) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s (%s): %s\n", r.Test, r.Mode, r.Failure)
	for _, c := range r.Candidates {
		var lines []string
		for _, l := range c.Locations {
			lines = append(lines, fmt.Sprintf("%s %q", l, l.Text))
		}
		fmt.Fprintf(&sb, "  size %d verified=%v: %s\n", len(c.Locations), c.Verified, strings.Join(lines, "; "))
	}
	for _, l := range r.Ranking {
		fmt.Fprintf(&sb, "  rank %d: %s:%d\n", l.Rank, filepath.Base(l.File), l.Line)
	}
	if r.Partial {
		fmt.Fprintf(&sb, "  partial: %s\n", r.Reason)
	}
	return sb.String()
}

// shortNames drops the test function from subtest names: T3, not
// TestClassify/T3.
func shortNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n[strings.LastIndex(n, "/")+1:]
	}
	return out
}

const taxPkg = "github.com/faultloc/faultloc/examples/tax"

// loadTax loads examples/tax with its failing tests.
func loadTax(t *testing.T) *trace.Program {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "../../examples/tax", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// diagnosisLines returns the lines of a report's diagnoses, each with
// "*" when verified, in the order found.
func diagnosisLines(rep *localize.DiagnosisReport) []string {
	var out []string
	for _, d := range rep.Diagnoses() {
		var ls []string
		for _, l := range d.Locations {
			ls = append(ls, l.String())
		}
		s := strings.Join(ls, "+")
		if d.Verified {
			s += "*"
		}
		out = append(out, s)
	}
	return out
}

// quickArith is the integer encoding of the tests that check what a
// fault's values or strings are, not how integers wrap: unbounded
// integers, which Z3 solves in a fraction of the time that 64-bit words
// take on their subjects' products and quotients; the default, exact
// words, with the build tag long (longtest), as .ci/run runs them.
func quickArith() encode.Arith {
	if longtest.Enabled {
		return encode.BitVector
	}
	return encode.Integer
}

const examplesPkg = "github.com/faultloc/faultloc/examples/"

// scorerFunc is a Scorer made of a function.
type scorerFunc func(ctx context.Context, f *localize.Failure) (localize.LineScores, error)

func (s scorerFunc) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	return s(ctx, f)
}

// loadTestdata loads testdata/name with its tests, and returns a context
// of two minutes for the test, the program and the package's path.
func loadTestdata(t *testing.T, name string) (context.Context, *trace.Program, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	t.Cleanup(cancel)
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../testdata/" + name, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return ctx, prog, "github.com/faultloc/faultloc/localize/testdata/" + name
}

// angelicTableOf is angelicTable, with blank the alternate integers
// shown as "…": where many values work, another libz3 build may choose
// another.
func angelicTableOf(rep *localize.Report, blank bool) string {
	var sb strings.Builder
	for _, c := range rep.Candidates {
		a, l := c.Angelic[0], c.Locations[0]
		if blank && a.Value != "true" && a.Value != "false" {
			a.Value = "…"
		}
		expr := l.Expr
		if expr == "" {
			expr = a.Expr
		}
		fmt.Fprintf(&sb, "%-26s %-28s %6s -> %-6s", a.Instance, fmt.Sprintf("%d:%d %s", l.Line, l.Column, expr), a.Orig, a.Value)
		if fl := c.Flex; fl != nil {
			fmt.Fprintf(&sb, " flexible %d/%d", len(fl.Flexible), len(fl.Flexible)+len(fl.Inhibitors))
			if len(fl.Inhibitors) > 0 {
				fmt.Fprintf(&sb, " inhibited by %s", strings.Join(shortNames(fl.Inhibitors), ","))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
