package changes

import (
	"bytes"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// pair reads a txtar file of two versions: files under old/ and new/.
func pair(t *testing.T, path string) (old, nw map[string][]byte) {
	t.Helper()
	a, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old, nw = map[string][]byte{}, map[string][]byte{}
	for _, f := range a.Files {
		switch {
		case strings.HasPrefix(f.Name, "old/"):
			old[strings.TrimPrefix(f.Name, "old/")] = f.Data
		case strings.HasPrefix(f.Name, "new/"):
			nw[strings.TrimPrefix(f.Name, "new/")] = f.Data
		default:
			t.Fatalf("%s: file %s is neither under old/ nor under new/", path, f.Name)
		}
	}
	return old, nw
}

// listing prints the changes, each indented by its depth of nesting.
func listing(s *Set) string {
	var b strings.Builder
	for _, c := range s.Changes {
		depth := 0
		for p := s.ByID(c.Parent); p != nil; p = s.ByID(p.Parent) {
			depth++
		}
		fmt.Fprintf(&b, "%s%v\n", strings.Repeat("  ", depth), c)
	}
	return b.String()
}

// TestGrainGolden lists the changes of the version pairs under
// testdata/grain, nested, against the golden files beside them.
func TestGrainGolden(t *testing.T) {
	paths, _ := filepath.Glob("testdata/grain/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no testdata/grain/*.txtar")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			old, nw := pair(t, path)
			s, err := Diff(old, nw)
			if err != nil {
				t.Fatal(err)
			}
			got := listing(s)
			golden := strings.TrimSuffix(path, ".txtar") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("changes of %s:\n%s\nwant (%s):\n%s", path, got, golden, want)
			}
		})
	}
}

// TestRevertRandomSubsets reverts random subsets of the changes of each
// version pair (seeded): every file of every overlay parses; reverting
// every change gives the old version (no change left against it, a
// renamed file's old text at its new path); and
// reverting a change with its ancestors or alone with its descendants
// gives the same files as reverting the ancestor alone.
func TestRevertRandomSubsets(t *testing.T) {
	paths, _ := filepath.Glob("testdata/grain/*.txtar")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			old, nw := pair(t, path)
			s, err := Diff(old, nw)
			if err != nil {
				t.Fatal(err)
			}
			files := func(cs []*Change) map[string][]byte {
				m, err := s.Revert(cs)
				if err != nil {
					t.Fatal(err)
				}
				out := map[string][]byte{}
				for f, src := range nw {
					out[f] = src
				}
				for f, src := range m {
					out[f] = src
				}
				return out
			}
			for range 300 {
				var sub []*Change
				for _, c := range s.Changes {
					if rng.IntN(3) == 0 {
						sub = append(sub, c)
					}
				}
				for f, src := range files(sub) {
					if _, err := parser.ParseFile(token.NewFileSet(), f, src, 0); err != nil {
						t.Fatalf("reverting %s: %s does not parse: %v\n%s", ids(sub), f, err, src)
					}
				}
			}
			all := files(s.Changes)
			for f := range all {
				if _, ok := old[f]; !ok && bytes.Equal(all[f], nw[f]) {
					t.Errorf("reverting every change leaves the added file %s", f)
				}
			}
			for f, src := range old {
				if _, ok := all[f]; !ok && !slices.ContainsFunc(slices.Collect(maps.Values(all)), func(b []byte) bool { return sameSyntax(t, src, b) }) {
					t.Errorf("reverting every change does not bring back %s, at its path or at the path it was renamed to", f)
				}
			}
			back, err := Diff(old, withoutEmpty(all, old))
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Changes) > 0 {
				t.Errorf("reverting every change leaves:\n%s", listing(back))
			}
			for _, c := range s.Changes {
				if c.Parent == "" {
					continue
				}
				p := s.ByID(c.Parent)
				if !(p.New.Offset <= c.New.Offset && c.New.End <= p.New.End) {
					t.Errorf("%s lies outside its parent %s", c, p)
				}
				if !sameFiles(files([]*Change{p}), files([]*Change{p, c})) {
					t.Errorf("reverting %s with its parent %s differs from reverting the parent", c.ID, p.ID)
				}
			}
		})
	}
}

// withoutEmpty drops the files that a reverted added file leaves as a
// bare package clause and the old version lacks.
func withoutEmpty(files, old map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for f, src := range files {
		if _, ok := old[f]; !ok && strings.HasPrefix(string(src), "package ") && strings.Count(string(src), "\n") == 1 {
			continue
		}
		out[f] = src
	}
	return out
}

// sameSyntax reports whether two versions of a file differ in nothing
// but comments and layout.
func sameSyntax(t *testing.T, a, b []byte) bool {
	t.Helper()
	s, err := Diff(map[string][]byte{"f.go": a}, map[string][]byte{"f.go": b})
	if err != nil {
		t.Fatal(err)
	}
	return len(s.Changes) == 0
}

func sameFiles(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for f, src := range a {
		if !bytes.Equal(src, b[f]) {
			return false
		}
	}
	return true
}

func ids(cs []*Change) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return "{" + strings.Join(slices.Clip(out), " ") + "}"
}

// TestLocateForwardNested checks, on random subsets of the changes of
// each version pair, that Locate inverts Forward at every offset of the
// new version outside the code the subset replaces, in every file, and
// that Locate names the innermost change holding an offset.
func TestLocateForwardNested(t *testing.T) {
	paths, _ := filepath.Glob("testdata/grain/*.txtar")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			old, nw := pair(t, path)
			s, err := Diff(old, nw)
			if err != nil {
				t.Fatal(err)
			}
			for range 50 {
				var sub []*Change
				for _, c := range s.Changes {
					if rng.IntN(3) == 0 {
						sub = append(sub, c)
					}
				}
				for file, src := range nw {
					es := s.fileEdits(file, sub)
					for n := 0; n <= len(src); n++ {
						inside := false
						for _, e := range es {
							inside = inside || e.at <= n && n < e.end
						}
						if inside {
							continue
						}
						f := s.Forward(file, sub, n)
						if back, _ := s.Locate(file, sub, f); back != n {
							t.Fatalf("reverting %s: %s: Locate(Forward(%d)) = %d", ids(sub), file, n, back)
						}
					}
				}
			}
			// Locate without reverting names the innermost change.
			for _, c := range s.Changes {
				if c.New.End == c.New.Offset || c.File == "" {
					continue
				}
				if _, in := s.Locate(c.File, nil, c.New.Offset); in != c && (in == nil || in.Parent != c.ID && !holds(s, c, in)) {
					t.Errorf("Locate(%s at its start) = %v", c.ID, in)
				}
				for _, k := range s.Children(c) {
					if k.parent != c {
						t.Errorf("Children(%s) holds %s, whose parent is %q", c.ID, k.ID, k.Parent)
					}
				}
			}
		})
	}
}

// holds reports whether in is nested, at any depth, in c.
func holds(s *Set, c, in *Change) bool {
	for p := in.parent; p != nil; p = p.parent {
		if p == c {
			return true
		}
	}
	return false
}
