package regress

import (
	"slices"
	"strings"
	"testing"
)

// TestRegressGuard: testdata/guard's new Put refuses to replace a set
// key in an added if, whose body sets the error and returns: deleting
// either statement makes the case pass, and the if, whose condition is
// the fault, is the root's guard.
func TestRegressGuard(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "guard")
	text := func(ids []string) []string {
		var out []string
		for _, c := range rep.Changes {
			if slices.Contains(ids, c.ID) {
				out = append(out, strings.SplitN(strings.TrimSpace(c.NewText), "\n", 2)[0])
			}
		}
		return out
	}
	if root, g := text(rep.Root), text(rep.Guards); len(root) != 1 || root[0] != `err = fmt.Errorf("key %s is set", k)` && root[0] != "return" ||
		len(g) != 1 || !strings.HasPrefix(g[0], "if _, ok := m[k]; ok {") || !rep.Verified {
		t.Errorf("root %q, guards %q (verified %v), want a statement of the added if, verified, under the if", root, g, rep.Verified)
	}
}
