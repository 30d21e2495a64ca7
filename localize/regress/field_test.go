package regress

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestRegressField: testdata/field's new version moves a package map of
// handlers into a field of the root node, so a node that registers before
// it joins its tree loses them. The root cause is the added field alone
// (a one-line change of the 15-line type, which changes grain splits
// field by field), with the code that uses it as its auxiliary changes.
func TestRegressField(t *testing.T) {
	t.Parallel()
	rep, _ := explainWith(t, "field", Options{Run: "TestRegisterThenAdd"})
	unit := func(c *changes.Change) string { return c.Unit + " " + strings.Fields(c.NewText + " ")[0] }
	root := changesIn(rep, rep.Root, unit)
	if !slices.Equal(root, []string{"field handlers"}) || !rep.Verified || len(rep.Aux) == 0 {
		t.Errorf("root %v (verified %v), aux %v; want the added field handlers, verified, with the code using it as aux", root, rep.Verified, rep.Aux)
	}
}
