package repair_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair"
)

// TestRepairTriangle is the repair of the angelic debugging paper's
// triangle classifier: c in `a == c` becomes b, and the package's tests
// all pass on the patch natively.
func TestRepairTriangle(t *testing.T) {
	s := triangle(t)
	res, err := repair.Repair(context.Background(), s.prog, s.pkg, &repair.Options{
		Run:      "TestClassify",
		Angelic:  angelic.Options{Search: integers},
		Validate: repair.ValidateOptions{Dir: testutil.ExamplesDir(), Tags: []string{"faultloc"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Partial {
		t.Fatalf("partial: %s", res.Reason)
	}
	var text bytes.Buffer
	res.Output.Dir = testutil.Root()
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	testutil.Golden(t, "triangle.txt", text.String())
	if len(res.Patches) == 0 || res.Patches[0].Repl != "b" || res.Patches[0].Orig != "c" || res.Patches[0].Line != 23 || res.Patches[0].Validation == nil || !res.Patches[0].Validation.Plausible {
		t.Fatalf("first patch is not c -> b at line 23, plausible:\n%s", text.String())
	}
}

// TestRepairDeadline checks that a deadline ends the repair with what
// was found, marked partial, soon after it passes.
func TestRepairDeadline(t *testing.T) {
	s := triangle(t)
	for _, after := range []time.Duration{0, 300 * time.Millisecond, 2 * time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		start := time.Now()
		res, err := repair.Repair(ctx, s.prog, s.pkg, &repair.Options{
			Run:      "TestClassify",
			Angelic:  angelic.Options{Search: integers},
			Validate: repair.ValidateOptions{Dir: testutil.ExamplesDir(), Tags: []string{"faultloc"}},
		})
		over := time.Since(start) - after
		cancel()
		if err != nil {
			t.Fatalf("deadline %v: %v, want a partial result", after, err)
		}
		t.Logf("deadline %v: returned %v after it, %d sites, %d patches: %s", after, over, len(res.Sites), len(res.Patches), res.Reason)
		if !res.Partial || !strings.Contains(res.Reason, "deadline") {
			t.Errorf("deadline %v: partial %v (%q), want partial for the deadline", after, res.Partial, res.Reason)
		}
		// A generous margin: the replays of a search's models and a
		// patch's build end within it on a loaded machine.
		if over > 30*time.Second {
			t.Errorf("deadline %v: returned %v after it", after, over)
		}
	}
}
