package regress

import (
	"context"

	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/internal/longtest"
)

// TestTypeCheckMatchesGoCommand checks the in-process type check of the
// versions tried (internal/typecheck) against the go command's (go/packages,
// what buildErrors asks when the listing cannot serve): on every subset of
// the changes of small subjects, or seeded random ones of larger, both
// say whether the version builds alike, and every error the go command
// places in a change is placed in the same change, at the same offset, by
// the in-process check. The subjects: auxiliary changes (scale), a
// changed dependency in the tree with tests of its own (othertests), a
// changed import, whose versions have two shapes (imports), and a tested
// directory holding only external test files (testsonly), whose package
// without its tests has no files and no export data, and a changed
// command beside the tested package that no version builds and the
// tests do not import (othercmd): its errors are no version's.
//
// The go command takes about a second a version: go test ./... checks
// the whole set and one other subset, drawn seeded, of each subject (the
// empty set, the new version, is type-checked by every regression
// test); -tags long (.ci/run) checks them all.
func TestTypeCheckMatchesGoCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("asks the go command for every version")
	}
	t.Parallel()
	subjects := []struct {
		name, dir, pattern, pkgPath string
		shapes                      int // the imports the versions have
	}{
		{"scale", "testdata/scale", "./testdata/scale/new", "github.com/faultloc/faultloc/localize/regress/testdata/scale/new", 1},
		{"othertests", "testdata/othertests", ".", "example.com/othertests", 1},
		{"imports", "testdata/imports", "./testdata/imports/new", "github.com/faultloc/faultloc/localize/regress/testdata/imports/new", 2},
		{"testsonly", "testdata/testsonly", "./check", "example.com/testsonly/check", 1},
		{"othercmd", "testdata/othercmd", "./testdata/othercmd/new", "github.com/faultloc/faultloc/localize/regress/testdata/othercmd/new", 1},
	}
	ctx := context.Background()
	for _, s := range subjects {
		t.Run(s.name, func(t *testing.T) {
			dir, _ := filepath.Abs(s.dir)
			old, newDir, wd := filepath.Join(dir, "old"), filepath.Join(dir, "new"), ""
			opts := &Options{Package: s.pattern}
			switch s.name {
			case "othertests", "testsonly":
				wd = newDir
			default:
				wd, _ = filepath.Abs("../..")
				opts.Package = "./localize/regress/" + s.pattern[2:]
			}
			opts.Dir = wd
			set, err := changes.Dirs(old, newDir, nil)
			if err != nil {
				t.Fatal(err)
			}
			mk := func(inProcess bool) *regression {
				return &regression{opts: opts, set: set, pattern: opts.Package, pkgPath: s.pkgPath,
					native: &native{}, // the type checker alone decides, as for native trials
					kept:   map[*changes.Change]bool{}, builds: map[string][]buildError{},
					aux: map[string][]*changes.Change{}, auxOK: map[string]bool{}, noInProcess: !inProcess}
			}
			in, goCmd := mk(true), mk(false)
			var subsets [][]*changes.Change
			n := len(set.Changes)
			if n <= 4 {
				for m := 0; m < 1<<n; m++ {
					var cs []*changes.Change
					for i, c := range set.Changes {
						if m&(1<<i) != 0 {
							cs = append(cs, c)
						}
					}
					subsets = append(subsets, cs)
				}
			} else {
				rng := rand.New(rand.NewSource(1))
				subsets = append(subsets, nil, set.Changes)
				for range 6 {
					var cs []*changes.Change
					for _, c := range set.Changes {
						if rng.Intn(2) == 0 {
							cs = append(cs, c)
						}
					}
					subsets = append(subsets, cs)
				}
			}
			if !longtest.Enabled {
				subsets = sampleSubsets(subsets, n, rand.New(rand.NewSource(2)))
			}
			listings := 0
			for _, cs := range subsets {
				got, err := in.buildErrors(ctx, cs)
				if err != nil {
					t.Fatal(err)
				}
				want, err := goCmd.buildErrors(ctx, cs)
				if err != nil {
					t.Fatal(err)
				}
				ids := changeIDs(cs)
				if (len(got) == 0) != (len(want) == 0) {
					t.Errorf("reverted %v: in process %v, go command %v", ids, msgs(got), msgs(want))
					continue
				}
				for _, w := range want {
					if w.in == nil {
						continue
					}
					if !slices.ContainsFunc(got, func(g buildError) bool { return g.in == w.in && g.offset == w.offset && g.file == w.file }) {
						t.Errorf("reverted %v: the go command's %q (in %s at %d) is not among the in-process errors %v", ids, w.msg, w.in.ID, w.offset, msgs(got))
					}
				}
			}
			if in.tc == nil {
				t.Fatal("no in-process checker was made")
			}
			n, unusable := in.tc.Listings()
			for _, err := range unusable {
				t.Errorf("a listing could not serve: %v", err)
			}
			listings += n
			if listings < s.shapes {
				t.Errorf("%d listings, want at least %d (one per shape of the versions)", listings, s.shapes)
			}
		})
	}
}

// sampleSubsets returns, of the subsets of n changes, the whole set and
// one other, neither empty nor whole, drawn by rng.
func sampleSubsets(subsets [][]*changes.Change, n int, rng *rand.Rand) [][]*changes.Change {
	var out, others [][]*changes.Change
	for _, cs := range subsets {
		switch len(cs) {
		case 0:
		case n:
			out = append(out, cs)
		default:
			others = append(others, cs)
		}
	}
	for _, i := range rng.Perm(len(others))[:min(1, len(others))] {
		out = append(out, others[i])
	}
	return out
}

func changeIDs(cs []*changes.Change) []string {
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	return ids
}
