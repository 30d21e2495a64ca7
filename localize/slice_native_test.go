package localize

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestSliceThroughNativeMap: testdata/header's handler stores its wrong
// value into the header map of a native httptest.ResponseRecorder, and
// the test reads it back through another view of that map (each call of
// Header makes one). The read depends on the handler's store, so the
// failure's slice holds the store and the faulty line that computed the
// value; without the stores remembered it ends in the test.
func TestSliceThroughNativeMap(t *testing.T) {
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/header", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestLimit")}
	for _, s := range []SliceScorer{{}, {Relevant: true}} {
		ls, err := s.Score(context.Background(), f)
		if err != nil {
			t.Fatal(err)
		}
		lines := map[int]bool{}
		for l := range ls {
			if filepath.Base(l.File) == "header.go" {
				lines[l.Line] = true
			}
		}
		if !lines[18] || !lines[24] {
			t.Errorf("relevant %v: slice lines of header.go %v, want the faulty line 18 and the store of line 24", s.Relevant, lines)
		}
	}
}
