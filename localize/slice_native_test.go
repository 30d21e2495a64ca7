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

// TestSliceThroughNativeState: testdata/body's handler writes its wrong
// name into a response body that native code owns (a native
// httptest.ResponseRecorder, and a bytes.Buffer of the test's own
// recorder), and each test reads it back with a native call. The read
// depends on the native write before it (slicing's native state), so
// the failure's slice holds the write and the faulty line that computed
// the name; without it the slice ends in the test.
func TestSliceThroughNativeState(t *testing.T) {
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/body", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want []int // lines of body.go in the slice
	}{
		{"TestNativeRecorder", []int{16, 22, 30}},
		{"TestOwnRecorder", []int{16, 22, 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, tt.name)}
			ls, err := SliceScorer{}.Score(context.Background(), f)
			if err != nil {
				t.Fatal(err)
			}
			lines := map[int]bool{}
			for l := range ls {
				if filepath.Base(l.File) == "body.go" {
					lines[l.Line] = true
				}
			}
			for _, l := range tt.want {
				if !lines[l] {
					t.Errorf("slice lines of body.go %v, want %v among them", lines, tt.want)
					break
				}
			}
		})
	}
}
