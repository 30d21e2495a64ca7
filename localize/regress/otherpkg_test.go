package regress

import (
	"slices"
	"testing"
)

// TestRegressOtherPackageErrors: testdata/othercmd's module holds a
// command, changed too, that no version builds; the package's tests do
// not import it, so its errors are not a version's (natively, where
// every version is type-checked with the changes' packages), and the
// root cause is Double's change.
func TestRegressOtherPackageErrors(t *testing.T) {
	t.Parallel()
	rep, _ := explainWith(t, "othercmd", Options{Trials: TrialsNative})
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, c.File)
		}
	}
	if !slices.Equal(root, []string{"lib.go"}) || !rep.Verified {
		t.Errorf("root in %q (aux %v, verified %v), want Double's change in lib.go, verified", root, rep.Aux, rep.Verified)
	}
}
