package regress

import (
	"slices"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestPinpoint: which switched first fix site takes the root's place.
// The changes: c1 an added file holding c2, an added function, holding
// c3, an if; c4 a modified call; c5 an added block holding c6; c7 an
// added function outside the auxiliary changes, holding c8.
func TestPinpoint(t *testing.T) {
	t.Parallel()
	mk := func(id string, kind changes.Kind, unit, parent string) *changes.Change {
		return &changes.Change{ID: id, Kind: kind, Unit: unit, Parent: parent}
	}
	set := &changes.Set{Changes: []*changes.Change{
		mk("c1", changes.Added, "file", ""),
		mk("c2", changes.Added, "decl", "c1"),
		mk("c3", changes.Added, "if header", "c2"),
		mk("c4", changes.Modified, "stmt", ""),
		mk("c5", changes.Added, "if header", ""),
		mk("c6", changes.Added, "if header", "c5"),
		mk("c7", changes.Added, "decl", ""),
		mk("c8", changes.Added, "if header", "c7"),
	}}
	tests := []struct {
		name      string
		root, aux []string
		site      string
		switched  bool
		want      []string // the root after
		chosen    string
		enclosing []string
	}{
		{"nested in an added root change", []string{"c5", "c4"}, nil, "c6", true, []string{"c6", "c4"}, ChosenSwitched, []string{"c5"}},
		{"in added code deleted as an auxiliary change", []string{"c4"}, []string{"c1"}, "c3", true, []string{"c3"}, ChosenBroughtIn, []string{"c4"}},
		{"not switched", []string{"c4"}, []string{"c1"}, "c3", false, []string{"c4"}, "", nil},
		{"in added code the version kept", []string{"c4"}, []string{"c1"}, "c8", true, []string{"c4"}, "", nil},
		{"a root of two changes", []string{"c4", "c5"}, []string{"c1"}, "c3", true, []string{"c4", "c5"}, "", nil},
		{"no auxiliary change", []string{"c4"}, nil, "c3", true, []string{"c4"}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := &Report{Root: tt.root, Aux: tt.aux, FixSites: []FixSite{
				{Rank: 1, Change: tt.site, Switched: tt.switched},
				{Rank: 2, Change: "c2"},
			}}
			var root []*changes.Change
			for _, id := range tt.root {
				root = append(root, set.ByID(id))
			}
			got := pinpoint(set, rep, root)
			if !slices.Equal(ids(got), tt.want) || !slices.Equal(rep.Root, tt.want) {
				t.Fatalf("root %v (report %v), want %v", ids(got), rep.Root, tt.want)
			}
			if rep.Chosen != tt.chosen || !slices.Equal(rep.Enclosing, tt.enclosing) {
				t.Errorf("chosen %q, enclosing %v; want %q, %v", rep.Chosen, rep.Enclosing, tt.chosen, tt.enclosing)
			}
			switch {
			case tt.chosen == "" && len(rep.FixSites) != 2:
				t.Errorf("fix sites %+v, want both kept", rep.FixSites)
			case tt.chosen != "" && (len(rep.FixSites) != 1 || rep.FixSites[0].Change != "c2" || rep.FixSites[0].Rank != 1 || !slices.Equal(rep.Found, tt.root)):
				t.Errorf("fix sites %+v, found %v; want the site gone, the next ranked first, found %v", rep.FixSites, rep.Found, tt.root)
			}
		})
	}
}
