package regress

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize"
)

// pruneOptions are the options of testdata/prune: TestTotal reaches
// Total and, through the Shape it converts, Square's Area.
func pruneOptions() Options {
	dir, _ := filepath.Abs("testdata/prune")
	return Options{Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"), Package: "./testdata/prune/new", Run: "TestTotal", NoSolver: true}
}

// TestRegressPrune: on testdata/prune, the changes the failing case
// cannot reach are set aside before any trial, and the explanation is
// the one of the search over every change.
func TestRegressPrune(t *testing.T) {
	t.Parallel()
	opts := pruneOptions()
	opts.NoBaselines = true
	pruned, err := Explain(context.Background(), &opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.NoPrune = true
	all, err := Explain(context.Background(), &opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(pruned.Unreachable) == 0 || pruned.PutBack || len(all.Unreachable) != 0 {
		t.Errorf("unreachable %v (put back %v), with NoPrune %v; want some set aside, none with NoPrune", pruned.Unreachable, pruned.PutBack, all.Unreachable)
	}
	if !slices.Equal(pruned.Root, all.Root) || !slices.Equal(pruned.Aux, all.Aux) || !pruned.Verified || !all.Verified {
		t.Errorf("pruned: root %v aux %v verified %v; every change: root %v aux %v verified %v", pruned.Root, pruned.Aux, pruned.Verified, all.Root, all.Aux, all.Verified)
	}
	for _, id := range pruned.Root {
		if slices.Contains(pruned.Unreachable, id) {
			t.Errorf("root change %s is among the unreachable ones", id)
		}
	}
}

// TestRegressNativeParallel: natively, two versions at once give the
// report of one at a time, but for the effort; the baselines' too only
// with -tags long (each a search of its own, with its own builds).
func TestRegressNativeParallel(t *testing.T) {
	t.Parallel()
	reports := map[int]string{}
	for _, par := range []int{1, 2} {
		opts := pruneOptions()
		opts.Trials, opts.Parallel = TrialsNative, par
		opts.NoBaselines = !longtest.Enabled
		rep, err := Explain(context.Background(), &opts)
		if err != nil {
			t.Fatalf("Parallel %d: %v", par, err)
		}
		rep.Effort = localize.Stats{}
		for i := range rep.Baselines {
			rep.Baselines[i].Effort = localize.Stats{}
		}
		b, err := json.MarshalIndent(rep, "", "\t")
		if err != nil {
			t.Fatal(err)
		}
		reports[par] = string(b)
	}
	if reports[1] != reports[2] {
		t.Errorf("one at a time:\n%s\ntwo at once:\n%s", reports[1], reports[2])
	}
}

// TestOverlayHash: an overlay's hash is its content's, whatever the
// order of its files.
func TestOverlayHash(t *testing.T) {
	a := map[string][]byte{"/m/a.go": []byte("package m"), "/m/b.go": []byte("package m\n")}
	for _, tt := range []struct {
		name string
		b    map[string][]byte
		same bool
	}{
		{"same files", map[string][]byte{"/m/b.go": []byte("package m\n"), "/m/a.go": []byte("package m")}, true},
		{"a file's content", map[string][]byte{"/m/a.go": []byte("package m"), "/m/b.go": []byte("package m")}, false},
		{"a file's path", map[string][]byte{"/m/a.go": []byte("package m"), "/m/c.go": []byte("package m\n")}, false},
		{"content moved between files", map[string][]byte{"/m/a.go": []byte("package m\n"), "/m/b.go": []byte("package m")}, false},
		{"a file fewer", map[string][]byte{"/m/a.go": []byte("package m")}, false},
	} {
		if got := overlayHash(a) == overlayHash(tt.b); got != tt.same {
			t.Errorf("%s: same hash %v, want %v", tt.name, got, tt.same)
		}
	}
}

// TestNativeBuildOnce: a test binary is built once per distinct overlay
// content, a version that does not compile too.
func TestNativeBuildOnce(t *testing.T) {
	t.Parallel()
	opts := pruneOptions()
	n, err := newNative(context.Background(), &opts, opts.Package)
	if err != nil {
		t.Fatal(err)
	}
	defer n.close()
	file := filepath.Join(opts.New, "shapes.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fixed := map[string][]byte{file: bytes.Replace(src, []byte("sum := 1"), []byte("sum := 0"), 1)}
	broken := map[string][]byte{file: []byte("package shapes\n\nfunc Total( {\n")}
	for i, tt := range []struct {
		overlay map[string][]byte
		builds  bool
	}{{nil, true}, {fixed, true}, {nil, true}, {fixed, true}, {broken, false}, {broken, false}} {
		bin, release, err := n.build(context.Background(), tt.overlay)
		release()
		var be *BuildError
		switch {
		case tt.builds && (err != nil || bin == nil):
			t.Fatalf("build %d: %v", i, err)
		case !tt.builds && !errors.As(err, &be):
			t.Fatalf("build %d of a broken version: %v, want a *BuildError", i, err)
		}
	}
	if got := n.n.Load(); got != 3 {
		t.Errorf("%d builds of 3 distinct overlays, want 3", got)
	}
}
