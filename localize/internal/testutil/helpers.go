package testutil

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

// ExamplesDir returns the directory of the example subjects (examples/).
func ExamplesDir() string { return filepath.Join(Root(), "examples") }

// Subject returns the directory of the test subject localize/testdata/name,
// which the tests of localize's packages share.
func Subject(name string) string { return filepath.Join(Root(), "localize", "testdata", name) }

// SubjectPkg returns the import path of the test subject
// localize/testdata/name.
func SubjectPkg(name string) string { return "github.com/faultloc/faultloc/localize/testdata/" + name }

// Summary renders the candidates of a report without their angelic values
// (which any value in a range may satisfy): size, lines, verification.
func Summary(r *localize.Report) string {
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

// AngelicTableOf is angelicTable, with blank the alternate integers
// shown as "…": where many values work, another libz3 build may choose
// another.
func AngelicTableOf(rep *localize.Report, blank bool) string {
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
				fmt.Fprintf(&sb, " inhibited by %s", strings.Join(ShortNames(fl.Inhibitors), ","))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ShortNames drops the test function from subtest names: T3, not
// TestClassify/T3.
func ShortNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n[strings.LastIndex(n, "/")+1:]
	}
	return out
}

// LoadTax loads examples/tax with its failing tests.
func LoadTax(t *testing.T) *trace.Program {
	t.Helper()
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: filepath.Join(ExamplesDir(), "tax"), Tests: true, BuildFlags: []string{"-tags=faultloc"}}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// DiagnosisLines returns the lines of a report's diagnoses, each with
// "*" when verified, in the order found.
func DiagnosisLines(rep *localize.DiagnosisReport) []string {
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

// LoadSubject loads the package in dir (with its tests if tests) and
// returns it with its //fault: lines, of which there must be n.
func LoadSubject(ctx context.Context, t *testing.T, dir string, tests bool, n int) (*trace.Program, []examples.Fault) {
	t.Helper()
	prog, err := trace.Load(ctx, &trace.Config{Dir: dir, Tests: tests}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return prog, faultLines(t, dir, n)
}

// faultLines returns the //fault: lines of the package in dir, of which
// there must be n.
func faultLines(t *testing.T, dir string, n int) []examples.Fault {
	t.Helper()
	faults, err := examples.FaultLines(dir)
	if err != nil || len(faults) != n {
		t.Fatalf("fault lines of %s: %v, %v; want %d", dir, faults, err, n)
	}
	return faults
}

func IntTest(t testing.TB, p *trace.Program, pkg, fn, name string, want int64, args ...int64) trace.Test {
	t.Helper()
	f := p.Func(ExamplesPkg+pkg, fn)
	if f == nil {
		t.Fatalf("no function %s.%s", pkg, fn)
	}
	tt := trace.Test{Name: name, Func: f, Want: []trace.Value{trace.Int(want)}}
	for _, a := range args {
		tt.Args = append(tt.Args, trace.Int(a))
	}
	return tt
}

// QuickArith is the integer encoding of the tests that check what a
// fault's values or strings are, not how integers wrap: unbounded
// integers, which Z3 solves in a fraction of the time that 64-bit words
// take on their subjects' products and quotients; the default, exact
// words, with the build tag long (longtest), as .ci/run runs them.
func QuickArith() encode.Arith {
	if longtest.Enabled {
		return encode.BitVector
	}
	return encode.Integer
}

// LoadTestdata loads testdata/name with its tests, and returns a context
// of two minutes for the test, the program and the package's path.
func LoadTestdata(t *testing.T, name string) (context.Context, *trace.Program, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	t.Cleanup(cancel)
	prog, err := trace.Load(ctx, &trace.Config{Dir: Subject(name), Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return ctx, prog, SubjectPkg(name)
}

// LoadFlip loads testdata/flip with its tests and returns the absolute
// path of its flip.go too.
func LoadFlip(t *testing.T) (context.Context, *trace.Program, string, string) {
	t.Helper()
	ctx, prog, pkg := LoadTestdata(t, "flip")
	file, err := filepath.Abs(filepath.Join(Subject("flip"), "flip.go"))
	if err != nil {
		t.Fatal(err)
	}
	return ctx, prog, pkg, file
}
