package localize

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// TestDiagnoseFlip diagnoses testdata/flip's two failing tests with the
// faulty comparison's line checked first, once with the solver and once
// with every solver check bounded by a millisecond, so that no case's
// formula answers: the line is a verified diagnosis that is one fix
// either way, found by forcing its branch (flipAlone). The angelic values
// show how: one forced decision a case, in TestLabels that of Label(10),
// the second of its three calls (forcing Label(12)'s, the last, fails),
// where a model gives a value to every instance.
func TestDiagnoseFlip(t *testing.T) {
	ctx, prog, pkg := loadTestdata(t, "flip")
	file, err := filepath.Abs("testdata/flip/flip.go")
	if err != nil {
		t.Fatal(err)
	}
	failing := []trace.Case{prog.GoTestCase(pkg, "TestTen"), prog.GoTestCase(pkg, "TestLabels")}
	passing := []trace.Case{prog.GoTestCase(pkg, "TestNine"), prog.GoTestCase(pkg, "TestEleven")}
	for _, tt := range []struct {
		name    string
		timeout time.Duration
	}{
		{"solver", 0},
		{"no answer", time.Millisecond},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := Diagnose(ctx, prog, failing, &DiagnoseOptions{
				Options:    Options{MaxSize: 1, SolverTimeout: tt.timeout},
				First:      []trace.Line{{File: file, Line: 9}},
				Consistent: true,
				Passing:    passing,
			})
			if err != nil {
				t.Fatal(err)
			}
			ds := rep.Diagnoses()
			if len(ds) == 0 {
				t.Fatalf("no diagnosis (%s)", rep.Reason)
			}
			d := ds[0]
			if d.Locations[0].String() != "flip.go:9" || !d.Verified || !d.OneFix || len(d.Explains) != 2 {
				t.Fatalf("first diagnosis %v: verified %v, one fix %v (%s), explains %v", d.Locations, d.Verified, d.OneFix, d.Rejected, d.Explains)
			}
			for _, c := range d.Cases {
				if len(c.Angelic) != 1 || !c.Angelic[0].Branch || c.Angelic[0].Value != "true" || c.Angelic[0].Orig != "false" {
					t.Errorf("%s: angelic %+v, want one branch forced", c.Case, c.Angelic)
				}
			}
		})
	}
}
