package repair_test

import (
	"context"
	"testing"

	"github.com/faultloc/faultloc/localize/repair"
)

// TestSynthesize synthesizes the replacements of the examples' faulty
// expressions: the smallest that fits every run comes first.
func TestSynthesize(t *testing.T) {
	for _, tc := range []struct {
		name         string
		subject      func(*testing.T) *subject
		line, column int
		replaced     string
		first        string // the first fix
		also         string // another fix among those found ("" if none is asked for)
	}{
		{"triangle c in a == c", triangle, 23, 11, "c", "b", ""},
		{"foo a = x", foo, 14, 0, "x", "b", "x + x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.subject(t)
			d, err := repair.Collect(context.Background(), s.prog, candidateAt(t, s, tc.line, tc.column), s.failing, s.passing, &repair.CollectOptions{Search: integers})
			if err != nil {
				t.Fatal(err)
			}
			if d.Site.Replaced != tc.replaced {
				t.Errorf("Site.Replaced = %q, want %q", d.Site.Replaced, tc.replaced)
			}
			res, err := repair.Synthesize(context.Background(), d, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d terms, %d replays: %+v", res.Terms, res.Replays, res.Fixes)
			if len(res.Fixes) == 0 || res.Fixes[0].Expr != tc.first {
				t.Fatalf("fixes %+v, want %q first", res.Fixes, tc.first)
			}
			found := tc.also == ""
			for _, f := range res.Fixes {
				found = found || f.Expr == tc.also
			}
			if !found {
				t.Errorf("fixes %+v lack %q", res.Fixes, tc.also)
			}
		})
	}
}
