package regress

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// TestRegressAddedTwice: testdata/addedtwice's new Clamp and Cap both
// call an added function whose second if has the wrong condition.
// Reverting both call sites passes, and so does deleting the if's one
// statement; the root cause is the if, where the wrong value starts,
// not the two call sites that pass it on.
func TestRegressAddedTwice(t *testing.T) {
	t.Parallel()
	rep, _ := explainSubject(t, "addedtwice")
	var root, found []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, c.Unit+" "+c.New.Lines())
		}
		if slices.Contains(rep.Found, c.ID) {
			found = append(found, c.Func)
		}
	}
	if !slices.Equal(root, []string{"if header 22-24"}) || !rep.Verified {
		t.Errorf("root %q (verified %v), want the added if at lines 22-24, verified", root, rep.Verified)
	}
	if rep.Chosen != ChosenAddedCode || !slices.Equal(found, []string{"Clamp", "Cap"}) {
		t.Errorf("chosen %q in place of %v, want %q in place of delta debugging's minimal set (the two call sites)", rep.Chosen, found, ChosenAddedCode)
	}
}

// changesIn returns f of each of rep's changes that ids names, in the
// changes' order.
func changesIn(rep *Report, ids []string, f func(*changes.Change) string) []string {
	var out []string
	for _, c := range rep.Changes {
		if slices.Contains(ids, c.ID) {
			out = append(out, f(c))
		}
	}
	return out
}

// explainSubject explains testdata/name's regression (its old and new
// directories), without the solver and the baselines, and returns the
// versions it tried, in the order reported.
func explainSubject(t *testing.T, name string) (*Report, []Trial) {
	t.Helper()
	return explainWith(t, name, Options{})
}

// explainWith is explainSubject with the options of opts besides the
// versions, the package, NoSolver, NoBaselines and Progress.
func explainWith(t *testing.T, name string, opts Options) (*Report, []Trial) {
	t.Helper()
	dir, _ := filepath.Abs(filepath.Join("testdata", name))
	var mu sync.Mutex
	var trials []Trial
	opts.Old, opts.New = filepath.Join(dir, "old"), filepath.Join(dir, "new")
	opts.Package, opts.NoSolver, opts.NoBaselines = "./testdata/"+name+"/new", true, true
	opts.Progress = func(tr Trial) {
		mu.Lock()
		defer mu.Unlock()
		trials = append(trials, tr)
	}
	rep, err := Explain(context.Background(), &opts)
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	return rep, trials
}

// TestRegressAddedSource: testdata/addedsource's new Format joins what
// two added functions return: head's, built by a chain of statements,
// each of which, deleted, changes the result (farther from the call
// site than anything in body), and body's, a wrong constant for no
// items. The root cause is the if returning that constant, where the
// wrong value starts: a candidate depending on no other is tried
// before the chain, which would use up deepen's trials.
func TestRegressAddedSource(t *testing.T) {
	t.Parallel()
	rep, trials := explainSubject(t, "addedsource")
	var root []string
	for _, c := range rep.Changes {
		if slices.Contains(rep.Root, c.ID) {
			root = append(root, c.Unit+" "+c.New.Lines())
		}
	}
	if !slices.Equal(root, []string{"if header 30-32"}) || !rep.Verified || rep.Chosen != ChosenAddedCode {
		t.Errorf("root %q (verified %v, chosen %q), want the added if at lines 30-32, verified, chosen %q", root, rep.Verified, rep.Chosen, ChosenAddedCode)
	}
	var failed []string // the versions deleting one statement of added code that failed
	for _, tr := range trials {
		if len(tr.Reverted) == 1 && !slices.Contains(rep.Found, tr.Reverted[0]) && tr.Outcome == slicing.Fail {
			failed = append(failed, tr.Reverted[0])
		}
	}
	if len(failed) > 0 {
		t.Errorf("versions %v were tried and failed before the wrong constant's", failed)
	}
}
