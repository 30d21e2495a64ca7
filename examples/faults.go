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
