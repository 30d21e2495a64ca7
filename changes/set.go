package changes

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	byFile map[string][]*Change // the changes of each file, in the set's order
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
// relative path (forward slashes). A file present in one version only is
// one change, an added file's declarations nested in it, unless it is
// the other version's file renamed (same directory and build
// constraints, most declarations shared): a renamed file is compared as
// one file, its changes naming its old path as OldFile, and reverting
// them all puts the old text at the new path. The
// Set's roots are empty: [Set.Revert] then keys its result by the
// relative paths.
func Diff(oldFiles, newFiles map[string][]byte) (*Set, error) {
	s := &Set{newSrc: newFiles}
	var files []*fileVersions
	for _, rel := range slices.Sorted(mapKeys(newFiles)) {
		fv := &fileVersions{rel: rel}
		var err error
		if fv.new, err = parseSide("new", rel, newFiles[rel]); err != nil {
			return nil, err
		}
		fv.ni = items(fv.new.f)
		if old, ok := oldFiles[rel]; ok {
			if fv.old, err = parseSide("old", rel, old); err != nil {
				return nil, err
			}
			fv.oi = items(fv.old.f)
		}
		files = append(files, fv)
	}
	renamed := renames(files, oldFiles)
	moves := findMoves(files)
	for _, fv := range files {
		s.Changes = append(s.Changes, fv.diff(moves)...)
	}
	var removed []*Change
	for _, rel := range slices.Sorted(mapKeys(oldFiles)) {
		if _, ok := newFiles[rel]; !ok && !renamed[rel] {
			src := oldFiles[rel]
			removed = append(removed, &Change{Kind: Removed, Unit: "file", File: rel,
				Old: spanOfAll(src), OldText: string(src)})
		}
	}
	// By file and offset; a change before those nested in it.
	slices.SortStableFunc(s.Changes, func(a, b *Change) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.New.Offset, b.New.Offset), cmp.Compare(a.Old.Offset, b.Old.Offset), cmp.Compare(b.New.End, a.New.End))
	})
	s.Changes = append(s.Changes, removed...)
	s.index = map[*Change]int{}
	s.byFile = map[string][]*Change{}
	for i, c := range s.Changes {
		c.ID = fmt.Sprintf("c%d", i+1)
		s.index[c] = i
		s.byFile[c.File] = append(s.byFile[c.File], c)
	}
	for _, c := range s.Changes {
		if c.parent != nil {
			c.Parent = c.parent.ID
		}
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

// ByID returns the change named id, or nil.
func (s *Set) ByID(id string) *Change {
	if n, err := strconv.Atoi(strings.TrimPrefix(id, "c")); err == nil && n >= 1 && n <= len(s.Changes) && s.Changes[n-1].ID == id {
		return s.Changes[n-1] // the IDs number the changes in order
	}
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
// trace.Config.Overlay) or go build -overlay. No file is written.
// Reverting a change reverts the changes nested in it ([Change.Parent])
// with it: a reverted added statement, function or file takes the added
// code inside it along, so every subset of a set's changes reverts to
// code that parses. A reverted added file keeps its package clause alone;
// a reverted removed file comes back at its old path; a reverted moved
// function goes back to its old file.
func (s *Set) Revert(cs []*Change) (map[string][]byte, error) {
	edits, err := s.edits(cs)
	if err != nil {
		return nil, err
	}
	byFile := map[string][]edit{}
	for _, e := range edits {
		byFile[e.file] = append(byFile[e.file], e)
	}
	out := map[string][]byte{}
	for file, es := range byFile {
		key := file
		if s.New != "" {
			key = filepath.Join(s.New, filepath.FromSlash(file))
		}
		src, ok := s.newSrc[file]
		if !ok {
			// A removed file comes back.
			out[key] = []byte(es[0].text)
			continue
		}
		out[key] = apply(src, es)
	}
	return out, nil
}

// edit is what reverting a change does to one file of the new version:
// replace [at, end) by text.
type edit struct {
	file    string
	at, end int
	text    string
	c       *Change
	order   int // the change's index, to order insertions at one point
}

// edits returns the edits that revert cs: those of the changes of cs that
// no other change of cs holds, and, for the changes nested in them, only
// the edits outside their ancestor's span (a nested moved function put
// back in its old file).
func (s *Set) edits(cs []*Change) ([]edit, error) {
	in := map[*Change]bool{}
	for _, c := range cs {
		if _, ok := s.index[c]; !ok {
			return nil, &ForeignError{Change: c}
		}
		in[c] = true
	}
	var out []edit
	for _, c := range s.Changes {
		top := c // the outermost reverted change holding c
		for p := c; p != nil; p = p.parent {
			if in[p] {
				top = p
			}
		}
		if !in[top] {
			continue
		}
		for _, e := range s.editsOf(c) {
			if top == c || e.file != top.File {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// editsOf returns the edits that revert c alone.
func (s *Set) editsOf(c *Change) []edit {
	i := s.index[c]
	if _, ok := s.newSrc[c.File]; !ok {
		return []edit{{file: c.File, text: c.OldText, c: c, order: i}}
	}
	switch {
	case c.Unit == "file" && c.Kind == Added:
		return []edit{{file: c.File, at: 0, end: c.New.End, text: "package " + c.pkgName + "\n", c: c, order: i}}
	case c.Unit == "moved func":
		return []edit{
			{file: c.File, at: c.New.Offset, end: c.New.End, c: c, order: i},
			{file: c.moveTo, at: c.moveAt, end: c.moveAt, text: c.sep + c.OldText, c: c, order: i},
		}
	}
	text := c.OldText
	if c.New.Offset == c.New.End {
		text = c.sep + text
	}
	return []edit{{file: c.File, at: c.New.Offset, end: c.New.End, text: text, c: c, order: i}}
}

// fileEdits returns the edits of reverting cs that fall in file, in the
// order of their offsets (and of the set, at one offset).
func (s *Set) fileEdits(file string, cs []*Change) []edit {
	all, err := s.edits(cs)
	if err != nil {
		// Foreign changes: keep those of the set, as Locate and
		// Forward take any slice.
		var mine []*Change
		for _, c := range cs {
			if _, ok := s.index[c]; ok {
				mine = append(mine, c)
			}
		}
		all, _ = s.edits(mine)
	}
	var out []edit
	for _, e := range all {
		if e.file == file {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.order, b.order))
	})
	return out
}

// apply applies es to src from the end of the file backward so that
// earlier offsets stay valid; insertions at one point keep the changes'
// order.
func apply(src []byte, es []edit) []byte {
	es = slices.Clone(es)
	slices.SortFunc(es, func(a, b edit) int {
		return cmp.Or(cmp.Compare(b.at, a.at), cmp.Compare(b.order, a.order))
	})
	out := slices.Clone(src)
	for _, e := range es {
		out = slices.Concat(out[:e.at], []byte(e.text), out[e.end:])
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
// the innermost change whose New span holds it ([Set.At]; nil if none).
// reverted may hold changes of other files.
func (s *Set) Locate(file string, reverted []*Change, offset int) (newOffset int, in *Change) {
	delta := 0 // reverted-file offset minus new-file offset, so far
	for _, e := range s.fileEdits(file, reverted) {
		start := e.at + delta
		if offset < start {
			break
		}
		if offset < start+len(e.text) {
			return e.at, e.c
		}
		delta += len(e.text) - (e.end - e.at)
	}
	n := offset - delta
	return n, s.At(file, n)
}

// At returns the innermost change of file (relative path) whose New span
// holds the offset of the new version, or nil.
func (s *Set) At(file string, offset int) *Change {
	var in *Change
	for _, c := range s.byFile[file] {
		if c.New.Offset <= offset && offset < c.New.End {
			if in == nil || c.New.End-c.New.Offset < in.New.End-in.New.Offset {
				in = c
			}
		}
	}
	return in
}

// Children returns the changes whose Parent is c, in the set's order.
func (s *Set) Children(c *Change) []*Change {
	var out []*Change
	for _, d := range s.Changes {
		if d.parent == c && c != nil {
			out = append(out, d)
		}
	}
	return out
}

// Forward maps an offset of the new version of file to the file with the
// changes reverted (as [Set.Revert] rewrites it): the inverse of
// [Set.Locate]. An offset inside a reverted change maps to the same
// distance into the old code put back, at most to its end.
func (s *Set) Forward(file string, reverted []*Change, newOffset int) int {
	delta := 0
	for _, e := range s.fileEdits(file, reverted) {
		if newOffset < e.at || newOffset == e.at && e.end == e.at {
			break
		}
		if newOffset < e.end {
			return e.at + delta + min(newOffset-e.at, len(e.text))
		}
		delta += len(e.text) - (e.end - e.at)
	}
	return newOffset + delta
}
