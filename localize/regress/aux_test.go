package regress

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/slicing"
)

// TestSuspectsOldReturn: reverting a rewritten function's last statement
// puts back a bare return that needed the old function's named results;
// the type checker's error ("not enough return values") names no
// identifier and lies in the old code put back, so it points at the
// function's other changes, its signature among them, not at nothing
// (which left the search for auxiliary changes to revert every other
// change, a version that says nothing of the change tried).
func TestSuspectsOldReturn(t *testing.T) {
	old := map[string][]byte{"p.go": []byte(`package p

func Sum(xs []int) (total int) {
	for _, x := range xs {
		total += x
	}
	return
}

func Other() int { return 1 }
`)}
	new := map[string][]byte{"p.go": []byte(`package p

func Sum(xs []int) int {
	return sumOf(xs)
}

func sumOf(xs []int) int {
	t := 0
	for _, x := range xs[1:] {
		t += x
	}
	return t
}

func Other() int { return 2 }
`)}
	set, err := changes.Diff(old, new)
	if err != nil {
		t.Fatal(err)
	}
	var ret, sig, loop *changes.Change
	for _, c := range set.Changes {
		switch {
		case c.Func == "Sum" && c.Unit == "func signature":
			sig = c
		case c.Func == "Sum" && c.Kind == changes.Modified && c.Unit == "stmt":
			ret = c
		case c.Func == "Sum" && c.Kind == changes.Removed:
			loop = c
		}
	}
	if ret == nil || sig == nil || loop == nil {
		t.Fatalf("changes of Sum: return %v, signature %v, loop %v; want each:\n%v", ret, sig, loop, set.Changes)
	}
	g := &regression{set: set, kept: map[*changes.Change]bool{}}
	errs := []buildError{{file: "p.go", in: ret, back: true, msg: "not enough return values\n\thave ()\n\twant (int)"}}
	got := g.suspects(errs, map[*changes.Change]bool{ret: true})
	if !slices.Contains(got, sig) || !slices.Contains(got, loop) {
		t.Errorf("suspects = %v, want Sum's signature %s and removed loop %s", ids(got), sig.ID, loop.ID)
	}
	for _, c := range got {
		if c.Func != "Sum" {
			t.Errorf("suspects hold %v, a change outside Sum", c)
		}
	}
}

// TestAuxiliaryOldVersion: a set whose build errors lead to no change,
// among more changes than ddmin shrinks, has no auxiliary changes, and
// its version is unresolved: with every other change reverted it would
// be the old version, which passes by the premise and says nothing of
// the set (delta debugging took a single added function of godotenv
// v1.5.0, whose errors led nowhere, for the root cause of its
// regression, with every other change as auxiliary). The same errors
// among fewer changes are shrunk as before.
func TestAuxiliaryOldVersion(t *testing.T) {
	for _, tt := range []struct {
		funcs int
		ok    bool
	}{
		{auxShrinkMax + 2, false},
		{3, true},
	} {
		var old, new strings.Builder
		old.WriteString("package p\n")
		new.WriteString("package p\n")
		for i := range tt.funcs {
			fmt.Fprintf(&old, "\nfunc F%d() int { return 1 }\n", i)
			fmt.Fprintf(&new, "\nfunc F%d() int { return 2 }\n", i)
		}
		set, err := changes.Diff(map[string][]byte{"p.go": []byte(old.String())}, map[string][]byte{"p.go": []byte(new.String())})
		if err != nil {
			t.Fatal(err)
		}
		if len(set.Changes) != tt.funcs {
			t.Fatalf("%d changes, want %d", len(set.Changes), tt.funcs)
		}
		g := &regression{opts: &Options{}, set: set, kept: map[*changes.Change]bool{}, builds: map[string][]buildError{},
			aux: map[string][]*changes.Change{}, auxOK: map[string]bool{}, verdicts: map[string]trial{}}
		// The type checker's verdicts, as buildErrors caches them (no
		// other set is checked): the first change reverted alone does
		// not build, with an error naming nothing; reverted with others
		// (every subset of a few; all, the old version, of many) it
		// builds.
		first := set.Changes[:1]
		g.builds[g.key(first)] = []buildError{{file: "p.go", msg: "too many values in struct literal"}}
		g.builds[g.key(set.Changes)] = nil
		if tt.funcs < 8 {
			for m := 1; m < 1<<(tt.funcs-1); m++ {
				cs := slices.Clone(first)
				for i, c := range set.Changes[1:] {
					if m&(1<<i) != 0 {
						cs = append(cs, c)
					}
				}
				g.builds[g.key(cs)] = nil
			}
		}
		aux, ok, err := g.auxiliary(context.Background(), first)
		if err != nil || ok != tt.ok {
			t.Errorf("%d changes: auxiliary(%s) = %v, %v, %v; want ok %v", tt.funcs, first[0].ID, ids(aux), ok, err, tt.ok)
		}
		if ok && len(aux) != 1 {
			t.Errorf("%d changes: auxiliary(%s) = %v, want one change (ddmin over the others)", tt.funcs, first[0].ID, ids(aux))
		}
		if !ok {
			p := &prober{r: g, method: "AFTER", cache: map[string]slicing.Outcome{}}
			if o, err := p.withAux(context.Background(), first); o != slicing.Unresolved || err != nil {
				t.Errorf("%d changes: withAux(%s) = %v, %v; want unresolved", tt.funcs, first[0].ID, o, err)
			}
		}
	}
}
