package localize

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestSliceThroughNative: the subjects' faults reach the failing tests
// only through what native code holds, and each failure's slice (plain
// and relevant) must still hold the faulty line and the write that
// carried its value:
//   - testdata/header's handler stores its wrong value into the header map
//     of a native httptest.ResponseRecorder, and the test reads it back
//     through another view of that map (each call of Header makes one):
//     the read depends on the handler's store (the interpreter remembers
//     the stores into native maps);
//   - testdata/body's handler writes its wrong name into a response body
//     that native code owns (a native httptest.ResponseRecorder, and a
//     bytes.Buffer of the test's own recorder), and each test reads it
//     back with a native call: the read depends on the native write
//     before it (slicing's native state).
//
// Without either, the slice ends in the test.
func TestSliceThroughNative(t *testing.T) {
	tests := []struct {
		dir, file, test string
		want            []int // lines of file in the slice: the fault, the write
	}{
		{"testdata/header", "header.go", "TestLimit", []int{18, 24}},
		{"testdata/body", "body.go", "TestNativeRecorder", []int{22, 30}},
		{"testdata/body", "body.go", "TestOwnRecorder", []int{22, 30}},
	}
	progs := map[string]*trace.Program{}
	for _, tt := range tests {
		t.Run(tt.test, func(t *testing.T) {
			prog := progs[tt.dir]
			if prog == nil {
				var err error
				if prog, err = trace.Load(context.Background(), &trace.Config{Dir: tt.dir, Tests: true}, "."); err != nil {
					t.Fatal(err)
				}
				progs[tt.dir] = prog
			}
			pkg, err := prog.TargetPackage()
			if err != nil {
				t.Fatal(err)
			}
			f := &Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, tt.test)}
			for _, s := range []SliceScorer{{}, {Relevant: true}} {
				ls, err := s.Score(context.Background(), f)
				if err != nil {
					t.Fatal(err)
				}
				lines := map[int]bool{}
				for l := range ls {
					if filepath.Base(l.File) == tt.file {
						lines[l.Line] = true
					}
				}
				for _, l := range tt.want {
					if !lines[l] {
						t.Errorf("relevant %v: slice lines of %s %v, want %v among them", s.Relevant, tt.file, lines, tt.want)
						break
					}
				}
			}
		})
	}
}
