package localize

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace"
)

// TestGoTestCases localizes failing subtests of the examples' real go test
// functions, interpreted: the oracle is the test's t.Errorf; the faulty
// line must be a verified size-1 candidate.
func TestGoTestCases(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "../examples", Tests: true, BuildFlags: []string{"-tags=faultloc"}}, "./triangle", "./foo", "./loops")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir, name string
		fault     int // index of the fault marker
	}{
		{"triangle", "TestClassify/T8", 0},
		{"foo", "TestFoo/testFoo", 0},
		{"loops", "TestLoops/SumFails", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faults, err := examples.FaultLines(filepath.Join("../examples", tt.dir))
			if err != nil {
				t.Fatal(err)
			}
			f := faults[tt.fault]
			rep, err := AgxFaultsGoTest(ctx, prog, examplesPkg+tt.dir, tt.name, &Options{MaxSize: 1, Arith: encode.Integer, Sanity: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rep.Candidates {
				if c.Verified && len(c.Locations) == 1 && c.Locations[0].File == f.File && c.Locations[0].Line == f.Line {
					return
				}
			}
			t.Errorf("no verified size-1 candidate on %v:\n%s", f, summary(rep))
		})
	}
	t.Run("passing case", func(t *testing.T) {
		if _, err := AgxFaultsGoTest(ctx, prog, examplesPkg+"triangle", "TestClassify/T1", nil); err == nil {
			t.Fatal("no error localizing a passing case")
		}
	})
}
