package regress

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestRegressGuard: testdata/guard's new Put refuses to replace a set
// key in an added if, whose body sets the error and returns: deleting
// either statement makes the case pass, and so does deleting the if,
// whose condition is the fault: the if is the root cause, the statement
// delta debugging found under it named as what it guards.
func TestRegressGuard(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "guard")
	firstLine := func(c *changes.Change) string { return strings.SplitN(strings.TrimSpace(c.NewText), "\n", 2)[0] }
	if root, g := changesIn(rep, rep.Root, firstLine), changesIn(rep, rep.Guarded, firstLine); len(root) != 1 || !strings.HasPrefix(root[0], "if _, ok := m[k]; ok {") ||
		len(g) != 1 || g[0] != `err = fmt.Errorf("key %s is set", k)` && g[0] != "return" || !rep.Verified || rep.Chosen != ChosenGuard {
		t.Errorf("root %q guarding %q (verified %v, chosen %q), want the added if, verified, guarding a statement of it", root, g, rep.Verified, rep.Chosen)
	}
}

// TestRegressGuardModified: testdata/guardmod's new Truncate marks a cut
// and cuts a string of exactly n bytes too: reverting the cut's
// statement passes, and so does reverting the changed condition it runs
// under, which takes the root's place.
func TestRegressGuardModified(t *testing.T) {
	t.Parallel()
	rep, _ := explainWith(t, "guardmod", Options{Run: "TestTruncateExact"})
	unit := func(c *changes.Change) string { return c.Unit }
	root, guarded := changesIn(rep, rep.Root, unit), changesIn(rep, rep.Guarded, unit)
	if !slices.Equal(root, []string{"if header"}) || !rep.Verified || rep.Chosen != ChosenGuard ||
		!slices.Equal(guarded, []string{"stmt"}) || len(rep.Guards) != 0 {
		t.Errorf("root %v (verified %v, chosen %q), guarding %v, guards %v; want the if header, verified, chosen %q, guarding the statement",
			root, rep.Verified, rep.Chosen, guarded, rep.Guards, ChosenGuard)
	}
}
