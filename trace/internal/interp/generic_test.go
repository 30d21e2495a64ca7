package interp

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestGenericStd runs a package whose code and tests call cmp, iter, maps
// and slices: Load interprets those from source without putting them in
// scope, with or without test files, and their events are marked Library.
func TestGenericStd(t *testing.T) {
	ctx := context.Background()
	const pkg = "github.com/faultloc/faultloc/trace/testdata/generic"
	goroot := filepath.Join(runtime.GOROOT(), "src") + string(filepath.Separator)
	for _, tests := range []bool{false, true} {
		p, err := Load(ctx, &Config{Dir: modRoot, Tests: tests}, "./trace/testdata/generic")
		if err != nil {
			t.Fatal(err)
		}
		if paths := packagePaths(p); !slices.Equal(paths, []string{pkg}) {
			t.Errorf("tests %v: packages %v, want only %s", tests, paths, pkg)
		}
		if !tests {
			res, err := p.Run(ctx, p.Func(pkg, "Median"), []Value{Slice(Int(5), Int(1), Int(4))}, nil)
			if err != nil || res.Outcome != Returned || res.Returns[0].Int() != 4 {
				t.Fatalf("Median(5, 1, 4) = %v, %v; want 4 (the faulty upper median)", res, err)
			}
			continue
		}
		for _, tc := range []struct {
			name   string
			failed bool
		}{
			{"TestKeys", false},
			{"TestMedian/odd", false},
			{"TestMedian/even", true},
		} {
			r, err := p.RunGoTest(ctx, pkg, tc.name, nil)
			if err != nil || !r.Ran || r.Failed != tc.failed {
				t.Fatalf("%s: %v, failed %v; want failed %v", tc.name, err, r != nil && r.Failed, tc.failed)
			}
			// Every positioned event in the standard library's source is
			// Library, no other, and the generic packages did run.
			lib := 0
			for e := EventID(0); int(e) < r.Trace.Len(); e++ {
				st := r.Trace.StaticInfo(r.Trace.Static(e))
				inStd := strings.HasPrefix(st.Position.Filename, goroot)
				if st.Position.IsValid() && st.Library != inStd {
					t.Fatalf("%s: event %d at %v: Library %v", tc.name, e, st.Position, st.Library)
				}
				if st.Library {
					lib++
				}
			}
			if lib == 0 {
				t.Errorf("%s: no event in the standard library's source", tc.name)
			}
		}
	}
}

// TestScopeDepsWithoutTests puts slices in scope while loading with
// tests: slices is in Program.Packages, its own tests are not, and its
// events are in scope rather than Library.
func TestScopeDepsWithoutTests(t *testing.T) {
	ctx := context.Background()
	p, err := Load(ctx, &Config{Dir: modRoot, Tests: true, Scope: func(path string) bool { return path == "slices" }}, "./trace/testdata/generic")
	if err != nil {
		t.Fatal(err)
	}
	if paths, want := packagePaths(p), []string{"github.com/faultloc/faultloc/trace/testdata/generic", "slices"}; !slices.Equal(paths, want) {
		t.Fatalf("packages %v, want %v", paths, want)
	}
	r, err := p.RunGoTest(ctx, "github.com/faultloc/faultloc/trace/testdata/generic", "TestMedian/odd", nil)
	if err != nil || r.Failed {
		t.Fatalf("TestMedian/odd: %v, failed %v", err, r != nil && r.Failed)
	}
	inSlices := 0
	for e := EventID(0); int(e) < r.Trace.Len(); e++ {
		st := r.Trace.StaticInfo(r.Trace.Static(e))
		if fn := st.Func; fn != nil && funcPackage(fn) != nil && funcPackage(fn).Path() == "slices" {
			inSlices++
			if st.Library {
				t.Fatalf("event %d at %v: Library, though slices is in scope", e, st.Position)
			}
		}
	}
	if inSlices == 0 {
		t.Error("no event in slices")
	}
}
