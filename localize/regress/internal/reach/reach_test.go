package reach

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/trace"
)

// TestUnreachable: which changes of testdata/prune the failing case can
// execute, by the declaration holding them.
func TestUnreachable(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata/prune")
	set, err := changes.Dirs(filepath.Join(dir, "old"), filepath.Join(dir, "new"), nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Tests: true, Module: true}, "../../testdata/prune/new")
	if err != nil {
		t.Fatal(err)
	}
	pkgPath, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	un := Unreachable(prog, pkgPath, []string{"TestTotal"}, set, set.Changes)
	for _, tt := range []struct {
		decl string
		want bool // unreachable
	}{
		{"Total", false},        // the test calls it
		{"(Circle).Area", true}, // no Circle is made
		{"Scaled", true},        // nothing calls it
		{"Describe", true},      // added, nothing calls it
		{`import "fmt"`, false}, // a declaration of a compiled file
	} {
		var in []*changes.Change
		for _, c := range set.Changes {
			if c.Func == tt.decl {
				in = append(in, c)
			}
		}
		if len(in) == 0 {
			t.Errorf("%s: no change there; changes: %v", tt.decl, set.Changes)
			continue
		}
		for _, c := range in {
			if got := slices.Contains(un, c); got != tt.want {
				t.Errorf("%s (%s): unreachable %v, want %v", c.ID, tt.decl, got, tt.want)
			}
		}
	}
	if un := Unreachable(prog, pkgPath, []string{"TestNoSuchTest"}, set, set.Changes); un != nil {
		t.Errorf("without a test function: %v unreachable, want nil (cannot tell)", un)
	}
}

// TestIsFunc: which declarations a change's Func names hold a function
// body, where a change is reached only through the call graph.
func TestIsFunc(t *testing.T) {
	for _, tt := range []struct {
		decl string
		want bool
	}{
		{"Total", true},
		{"(*T).M", true},
		{"(Circle).Area", true},
		{"", false},
		{"var sorted", false},
		{"const (a, b)", false},
		{"type Shape", false},
		{`import "fmt"`, false},
	} {
		if got := isFunc(tt.decl); got != tt.want {
			t.Errorf("isFunc(%q) = %v, want %v", tt.decl, got, tt.want)
		}
	}
}
