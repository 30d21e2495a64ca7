package regress

import (
	"slices"
	"testing"
)

// TestRegressBlankImport: testdata/blankimport's new Kind moved the
// only use of strings from the if's condition into an added loop, the
// fault. Deleting the loop leaves the import unused: the version
// reverting it alone builds with the import made blank, and the root
// cause is the loop with no auxiliary change (not with the rewritten
// condition, whose old text names strings, reverted along); switching
// the if nested in the loop passes, so that if takes the loop's place
// in the root cause (Enclosing names the loop).
func TestRegressBlankImport(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "blankimport")
	var root, aux, enclosing []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, c.Unit+" "+c.New.Lines())
		}
		if slices.Contains(rep.Aux, c.ID) {
			aux = append(aux, c.Unit+" "+c.New.Lines())
		}
		if slices.Contains(rep.Enclosing, c.ID) {
			enclosing = append(enclosing, c.Unit+" "+c.New.Lines())
		}
	}
	if !slices.Equal(root, []string{"if header 15-17"}) || !slices.Equal(enclosing, []string{"for header 14-18"}) || len(aux) > 0 || !rep.Verified {
		t.Errorf("root %q in %q, aux %q (verified %v), want the if at lines 15-17 in the added loop at lines 14-18, no auxiliary change, verified", root, enclosing, aux, rep.Verified)
	}
}
