package changes

import (
	"cmp"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Set is the changes between two versions of a tree of Go files, and the
// new version's sources they apply to.
type Set struct {
	// Old and New are the roots of the two versions ("" for sources given
	// in memory to [Diff]).
	Old, New string
	// Changes are the changes, in the order of their IDs.
	Changes []*Change

	newSrc map[string][]byte // the new version's files by relative path
	index  map[*Change]int
}

// Options configure [Dirs].
type Options struct {
	// Tests compares _test.go files too. Default false: the tests are
	// the new version's, as a regression test is one of the old version
	// run on the new.
	Tests bool
	// Skip leaves out the files and directories it accepts (paths
	// relative to the root, with forward slashes). Default nil: none
	// beyond what Dirs always skips.
	Skip func(rel string) bool
}

// Dirs returns the changes between the Go files under oldDir and those
// under newDir, matched by their paths relative to the roots. It skips
// what the go command ignores (testdata, vendor, directories whose name
// starts with "." or "_"), directories holding another module (a go.mod
// below the root), and the other root if one is inside the other (a
// package and its earlier version in a subdirectory).
func Dirs(oldDir, newDir string, opts *Options) (*Set, error) {
	if opts == nil {
		opts = &Options{}
	}
	oldAbs, err := filepath.Abs(oldDir)
	if err != nil {
		return nil, fmt.Errorf("changes: old version %s: %w", oldDir, err)
	}
	newAbs, err := filepath.Abs(newDir)
	if err != nil {
		return nil, fmt.Errorf("changes: new version %s: %w", newDir, err)
	}
	oldFiles, err := goFiles(oldAbs, newAbs, opts)
	if err != nil {
		return nil, fmt.Errorf("changes: old version: %w", err)
	}
	newFiles, err := goFiles(newAbs, oldAbs, opts)
	if err != nil {
		return nil, fmt.Errorf("changes: new version: %w", err)
	}
	s, err := Diff(oldFiles, newFiles)
	if err != nil {
		return nil, err
	}
	s.Old, s.New = oldAbs, newAbs
	return s, nil
}

// goFiles reads the Go files under root, skipping other (when it lies
// below root) and what Dirs documents.
func goFiles(root, other string, opts *Options) (map[string][]byte, error) {
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if path == root {
				return nil
			}
			name := e.Name()
			if path == other || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			if opts.Skip != nil && opts.Skip(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || (!opts.Tests && strings.HasSuffix(rel, "_test.go")) || (opts.Skip != nil && opts.Skip(rel)) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[rel] = src
		return nil
	})
	return out, err
}

// Diff returns the changes between two versions given as sources by
// relative path (forward slashes). Files present in one version only are
// one change each. The Set's roots are empty: [Set.Revert] then keys its
// result by the relative paths.
func Diff(oldFiles, newFiles map[string][]byte) (*Set, error) {
	s := &Set{newSrc: newFiles}
	var removed []*Change
	for _, rel := range slices.Sorted(mapKeys(newFiles)) {
		src := newFiles[rel]
		old, ok := oldFiles[rel]
		if !ok {
			s.Changes = append(s.Changes, &Change{Kind: Added, Unit: "file", File: rel,
				New: spanOfAll(src), NewText: string(src), pkgName: pkgName(src)})
			continue
		}
		cs, err := diffFile(rel, old, src)
		if err != nil {
			return nil, err
		}
		s.Changes = append(s.Changes, cs...)
	}
	for _, rel := range slices.Sorted(mapKeys(oldFiles)) {
		if _, ok := newFiles[rel]; !ok {
			src := oldFiles[rel]
			removed = append(removed, &Change{Kind: Removed, Unit: "file", File: rel,
				Old: spanOfAll(src), OldText: string(src)})
		}
	}
	slices.SortStableFunc(s.Changes, func(a, b *Change) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.New.Offset, b.New.Offset), cmp.Compare(a.Old.Offset, b.Old.Offset))
	})
	s.Changes = append(s.Changes, removed...)
	s.index = map[*Change]int{}
	for i, c := range s.Changes {
		c.ID = fmt.Sprintf("c%d", i+1)
		s.index[c] = i
	}
	return s, nil
}

func mapKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func spanOfAll(src []byte) Span {
	return Span{Offset: 0, End: len(src), StartLine: 1, EndLine: 1 + strings.Count(string(src), "\n")}
}

func pkgName(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return "main"
	}
	return f.Name.Name
}

// ByID returns the change named id, or nil.
func (s *Set) ByID(id string) *Change {
	for _, c := range s.Changes {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Index returns the position of c in s.Changes, or -1.
func (s *Set) Index(c *Change) int {
	if i, ok := s.index[c]; ok {
		return i
	}
	return -1
}

// ForeignError reports a change given to [Set.Revert] that is not one of
// the set's.
type ForeignError struct{ Change *Change }

// Error formats the error.
func (e *ForeignError) Error() string {
	id := "<nil>"
	if e.Change != nil {
		id = e.Change.ID
	}
	return fmt.Sprintf("changes: change %s is not one of the set's", id)
}

// Revert returns the new version's files that reverting cs changes, with
// cs reverted, keyed by absolute path under s.New (by relative path when
// s.New is empty): an overlay for go/packages (packages.Config.Overlay,
// trace.Config.Overlay) or go build -overlay. No file is written. A
// reverted added file keeps its package clause alone; a reverted removed
// file comes back at its old path.
func (s *Set) Revert(cs []*Change) (map[string][]byte, error) {
	byFile := map[string][]*Change{}
	for _, c := range cs {
		if _, ok := s.index[c]; !ok {
			return nil, &ForeignError{Change: c}
		}
		byFile[c.File] = append(byFile[c.File], c)
	}
	out := map[string][]byte{}
	for file, fcs := range byFile {
		key := file
		if s.New != "" {
			key = filepath.Join(s.New, filepath.FromSlash(file))
		}
		src, ok := s.newSrc[file]
		if !ok {
			// A removed file comes back.
			out[key] = []byte(fcs[0].OldText)
			continue
		}
		if len(fcs) == 1 && fcs[0].Unit == "file" {
			out[key] = []byte("package " + fcs[0].pkgName + "\n")
			continue
		}
		out[key] = apply(src, fcs, s.index)
	}
	return out, nil
}

// apply replaces each change's New span of src with its old text, from
// the end of the file backward so that earlier offsets stay valid;
// insertions at one point keep the changes' order.
func apply(src []byte, cs []*Change, index map[*Change]int) []byte {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b *Change) int {
		return cmp.Or(cmp.Compare(b.New.Offset, a.New.Offset), cmp.Compare(index[b], index[a]))
	})
	out := slices.Clone(src)
	for _, c := range cs {
		repl := c.OldText
		if c.New.Offset == c.New.End {
			repl = c.sep + repl
		}
		out = slices.Concat(out[:c.New.Offset], []byte(repl), out[c.New.End:])
	}
	return out
}

// Source returns the new version of file (relative path) with cs
// reverted: what [Set.Revert] overlays, for one file.
func (s *Set) Source(file string, cs []*Change) ([]byte, error) {
	var mine []*Change
	for _, c := range cs {
		if c.File == file {
			mine = append(mine, c)
		}
	}
	m, err := s.Revert(mine)
	if err != nil {
		return nil, err
	}
	key := file
	if s.New != "" {
		key = filepath.Join(s.New, filepath.FromSlash(file))
	}
	if src, ok := m[key]; ok {
		return src, nil
	}
	if src, ok := s.newSrc[file]; ok {
		return slices.Clone(src), nil
	}
	return nil, fmt.Errorf("changes: no file %s in the new version", file)
}

// Locate maps an offset of file with the changes reverted (as
// [Set.Revert] rewrites it) back to the new version: if the offset lies in
// the old code a reverted change put back, it returns that change;
// otherwise it returns the corresponding offset of the new version and
// the change whose New span holds it (nil if none). reverted may hold
// changes of other files.
func (s *Set) Locate(file string, reverted []*Change, offset int) (newOffset int, in *Change) {
	mine := s.revertedIn(file, reverted)
	delta := 0 // reverted-file offset minus new-file offset, so far
	for _, c := range mine {
		repl := len(c.OldText)
		if c.New.Offset == c.New.End {
			repl += len(c.sep)
		}
		start := c.New.Offset + delta
		if offset < start {
			break
		}
		if offset < start+repl {
			return c.New.Offset, c
		}
		delta += repl - (c.New.End - c.New.Offset)
	}
	n := offset - delta
	for _, c := range s.Changes {
		if c.File == file && c.New.Offset <= n && n < c.New.End {
			return n, c
		}
	}
	return n, nil
}

// revertedIn returns the changes of reverted in file, in the order of
// their new spans (and of the set, for changes at one offset).
func (s *Set) revertedIn(file string, reverted []*Change) []*Change {
	var mine []*Change
	for _, c := range reverted {
		if c.File == file {
			mine = append(mine, c)
		}
	}
	slices.SortFunc(mine, func(a, b *Change) int {
		return cmp.Or(cmp.Compare(a.New.Offset, b.New.Offset), cmp.Compare(s.index[a], s.index[b]))
	})
	return mine
}

// Forward maps an offset of the new version of file to the file with the
// changes reverted (as [Set.Revert] rewrites it): the inverse of
// [Set.Locate]. An offset inside a reverted change maps to the same
// distance into the old code put back, at most to its end.
func (s *Set) Forward(file string, reverted []*Change, newOffset int) int {
	mine := s.revertedIn(file, reverted)
	delta := 0
	for _, c := range mine {
		repl := len(c.OldText)
		if c.New.Offset == c.New.End {
			repl += len(c.sep)
		}
		if newOffset < c.New.Offset || newOffset == c.New.Offset && c.New.End == c.New.Offset {
			break
		}
		if newOffset < c.New.End {
			return c.New.Offset + delta + min(newOffset-c.New.Offset, repl)
		}
		delta += repl - (c.New.End - c.New.Offset)
	}
	return newOffset + delta
}
