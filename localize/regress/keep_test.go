package regress

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestRegressRenamedFile: testdata/renamed's new version renames
// custom.go to labels.go, adding Marked, which the failing test calls
// (with a field added to Style and a constant of a parenthesized
// declaration), and the suffix to Label's return, the regression. The
// version with every change but those the test needs reverted must
// build (the old declarations not put back beside the new ones), and
// the root cause is Label's return. The test files were renamed too: the old prefix_test.go uses
// a helper of the old custom_test.go, which the versions tried get.
func TestRegressRenamedFile(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "renamed")
	root := changesIn(rep, rep.Root, func(c *changes.Change) string { return strings.TrimSpace(c.NewText) })
	want := "return Prefix + s + Suffix"
	if !slices.Equal(root, []string{want}) || !rep.Verified || !rep.OldTests {
		t.Errorf("root %q (aux %v, kept %v, verified %v, old tests %v), want %q, verified, with the old tests", root, rep.Aux, rep.Kept, rep.Verified, rep.OldTests, want)
	}
}

// TestRegressMovedDecl: testdata/moveddecl's new version moves Limit
// from clamp.go to the added all.go, beside ClampAll, which the failing
// test calls. The versions tried keep ClampAll (and all.go, which holds
// it), not the moved Limit: the version with every other change
// reverted puts Limit back in clamp.go and builds, and the root cause
// is Clamp's return.
func TestRegressMovedDecl(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "moveddecl")
	var root, kept []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, strings.TrimSpace(c.NewText))
		}
		if slices.Contains(rep.Kept, c.ID) && strings.Contains(c.NewText, "Limit = 10") && c.Unit != "file" {
			kept = append(kept, c.ID)
		}
	}
	if want := "return Limit - 1"; !slices.Equal(root, []string{want}) || !rep.Verified {
		t.Errorf("root %q (aux %v, kept %v, verified %v), want %q, verified", root, rep.Aux, rep.Kept, rep.Verified, want)
	}
	if len(kept) > 0 {
		t.Errorf("the moved Limit is kept (%v): only ClampAll and the file holding it need be", kept)
	}
}
