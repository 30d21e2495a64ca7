package examples

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Fault is a known faulty line of a subject, read from its "//fault:" marker.
type Fault struct {
	File string // absolute path of the source file
	Line int    // 1-based line number
	Note string // the text after the marker
}

// String formats f as "file:line: note" with the file's base name.
func (f Fault) String() string {
	return fmt.Sprintf("%s:%d: %s", filepath.Base(f.File), f.Line, f.Note)
}

// FaultLines returns the lines of the non-test Go files in dir that carry the
// [FaultMarker] comment, ordered by file and line. It returns an error if dir
// cannot be read; a directory without markers yields an empty result.
func FaultLines(dir string) ([]Fault, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("examples: %w", err)
	}
	files, err := filepath.Glob(filepath.Join(abs, "*.go"))
	if err != nil {
		return nil, fmt.Errorf("examples: %w", err)
	}
	sort.Strings(files)
	var out []Fault
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("examples: %w", err)
		}
		sc := bufio.NewScanner(f)
		for line := 1; sc.Scan(); line++ {
			if i := strings.Index(sc.Text(), FaultMarker); i >= 0 {
				out = append(out, Fault{File: name, Line: line, Note: strings.TrimSpace(sc.Text()[i+len(FaultMarker):])})
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("examples: reading %s: %w", name, err)
		}
	}
	return out, nil
}

// Edit is a seeded fault given as an edit of a subject's source: a
// statement, alone on its line, and what the fault puts in its place.
// Subjects whose faults combine (examples/linkedlist, examples/bst) list
// theirs as Edits and apply them with [ApplyEdits].
type Edit struct {
	Name    string // the fault's name
	Correct string // the statement in the correct source, alone on its line
	Faulty  string // the faulty statement
}

// ApplyEdits returns src with the edits of edits named by names applied,
// and the lines they changed (1-based, in the order of names). It fails
// on a name that edits does not have and on an edit whose statement is
// not the whole of exactly one line of src.
func ApplyEdits(src string, edits []Edit, names ...string) (string, []int, error) {
	lines := strings.Split(src, "\n")
	var changed []int
	for _, name := range names {
		i := -1
		for j := range edits {
			if edits[j].Name == name {
				i = j
			}
		}
		if i < 0 {
			return "", nil, fmt.Errorf("examples: no fault %q", name)
		}
		e := edits[i]
		at := -1
		for j, l := range lines {
			if strings.TrimSpace(l) == e.Correct {
				if at >= 0 {
					return "", nil, fmt.Errorf("examples: fault %q: %q is on more than one line", name, e.Correct)
				}
				at = j
			}
		}
		if at < 0 {
			return "", nil, fmt.Errorf("examples: fault %q: %q is not a line of the source", name, e.Correct)
		}
		lines[at] = strings.Replace(lines[at], e.Correct, e.Faulty, 1)
		changed = append(changed, at+1)
	}
	return strings.Join(lines, "\n"), changed, nil
}

// EditOverlay returns the source src of file (a file of the subject in
// dir) with the named edits applied ([ApplyEdits]), as a go/packages
// overlay of that file, and the lines the edits changed.
func EditOverlay(dir, file, src string, edits []Edit, names ...string) (overlay map[string][]byte, lines []int, err error) {
	out, lines, err := ApplyEdits(src, edits, names...)
	if err != nil {
		return nil, nil, err
	}
	abs, err := filepath.Abs(filepath.Join(dir, file))
	if err != nil {
		return nil, nil, fmt.Errorf("examples: %w", err)
	}
	return map[string][]byte{abs: []byte(out)}, lines, nil
}
