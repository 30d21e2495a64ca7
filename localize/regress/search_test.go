package regress

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestRegressLight: the root cause is searched first among the changes
// whose reversal needs few auxiliary changes, at the grain of a table's
// entries.
//
// In testdata/heavy, the failing run depends on NewConf's new literal,
// on the seventy stages reading the renamed field and on the local
// scale := 3, which shares the old field's name. Reverting any of the
// first needs the old field back, and the type checker's errors name
// it: every change naming scale joins as an auxiliary change, the faulty
// one among them, so delta debugging over all the causes kept the
// literal (whose reversal, with seventy-odd changes, is the old version)
// and the faulty change was one of its auxiliary changes. Searched
// first among the light changes, the root cause is the faulty one.
//
// In testdata/entry, one entry of a table of operations now names an
// added function, and the table's other entries change too: the root
// cause is that entry, not the whole table.
func TestRegressLight(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		subject, run string
		root         string // the root cause's new text
	}{
		{"heavy", "TestRun", "scale := 3"},
		{"entry", "TestHalf", `{"half", half}`},
	} {
		t.Run(tt.subject, func(t *testing.T) {
			t.Parallel()
			dir, _ := filepath.Abs(filepath.Join("testdata", tt.subject))
			rep, err := Explain(context.Background(), &Options{
				Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
				Package: "./testdata/" + tt.subject + "/new", Run: "^" + tt.run + "$", NoSolver: true, NoBaselines: true, NoSwitch: true,
			})
			if err != nil {
				t.Fatal(err)
			}
			if root, want := rootTexts(rep), []string{tt.root}; !slices.Equal(root, want) || !rep.Verified || len(rep.Aux) != 0 {
				t.Errorf("root %q (verified %v, aux %d changes), want %q, verified, with no auxiliary change", root, rep.Verified, len(rep.Aux), want)
			}
		})
	}
}

// TestRecoveredPanicCause: a panic raised natively inside a standard
// library call, which a deferred recover turned into the error the test
// fails on, makes the change holding the call a cause, though no
// dependence leads from the error to it.
func TestRecoveredPanicCause(t *testing.T) {
	t.Parallel()
	dir, _ := filepath.Abs("testdata/recovered")
	rep, err := Explain(context.Background(), &Options{
		Old: filepath.Join(dir, "old"), New: filepath.Join(dir, "new"),
		Package: "./testdata/recovered/new", Run: "^TestPad$", NoSolver: true, NoBaselines: true, NoSwitch: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	var causes []string
	for _, c := range rep.Causes {
		causes = append(causes, fmt.Sprintf("%s round %d", c.Change, c.Round))
	}
	if want := []string{"c1 round 0"}; !slices.Equal(causes, want) || !slices.Equal(rep.Root, []string{"c1"}) {
		t.Errorf("causes %q, root %v; want %q, root [c1]", causes, rep.Root, want)
	}
}

// rootTexts returns the new text of each change of rep's root cause,
// spaces trimmed.
func rootTexts(rep *Report) []string {
	byID := map[string]*changes.Change{}
	for _, c := range rep.Changes {
		byID[c.ID] = c
	}
	var root []string
	for _, id := range rep.Root {
		root = append(root, strings.TrimSpace(byID[id].NewText))
	}
	return root
}
