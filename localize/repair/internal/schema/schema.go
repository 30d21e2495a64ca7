package schema

import (
	"bytes"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
)

const (
	schemaVar = "faultlocRepairPatch"
	// Env is the environment variable whose value, a patch's number
	// (Schema.Num), selects the patch that runs; 0 or unset: none, the
	// package as it is.
	Env        = "FAULTLOC_REPAIR_PATCH"
	schemaFile = "faultloc_repair_patch.go"
)

// Patch is a change of one file: the bytes from line Line, column
// Column to line EndLine, column EndColumn (1-based, the end excluded)
// replaced by Inserted, an insertion where they are one place. Source
// is the file so patched.
type Patch struct {
	File               string // absolute path
	Line, Column       int
	EndLine, EndColumn int
	Inserted           string
	Source             []byte
}

// Schema is a patch schema's sources.
type Schema struct {
	// Files are the overlay of the schema: each patched file's schema,
	// and a file declaring the switch in each of their directories.
	Files map[string][]byte
	// Num is, for each patch given, its number in the schema (the value
	// of Env that selects it, from 1), 0 when it was left out.
	Num []int
}

// schemaLine is the line a patch's code has in the schema, for patch
// number n: the code of each patch is given lines of its own by a line
// directive (/*line :L:1*/), far past any file's, so that a build error
// names the patch by its line; the code after it gets its own position
// back by another.
func schemaLine(n int) int { return schemaLines + n*schemaLinesEach }

const (
	schemaLines     = 1 << 24
	schemaLinesEach = 1 << 8
)

// edit is a patch as a change of its file: bytes [start, end) replaced
// by text (an insertion, a guard, when start == end).
type edit struct {
	patch      int
	start, end int
	text       string
}

// span is the statement (or a declaration and the rest of its block)
// that the switch between the original and the patches of edits
// replaces.
type span struct {
	start, end int
	edits      []edit
}

// New lays the patches not left out over base (the overlay the
// package is built with: absolute path to content) as one patch schema.
// A patch whose change cannot be put behind a switch (outside a
// function, no statement of its own to switch, or a patch built by hand
// whose change is not its span's) is left out: its number is 0. nil when
// no patch is in the schema.
func New(base map[string][]byte, patches []*Patch, left []bool) *Schema {
	byFile := map[string][]int{}
	var files []string
	for i, p := range patches {
		if left[i] || p.File == "" || p.Line < 1 {
			continue
		}
		if _, ok := byFile[p.File]; !ok {
			files = append(files, p.File)
		}
		byFile[p.File] = append(byFile[p.File], i)
	}
	s := &Schema{Files: map[string][]byte{}, Num: make([]int, len(patches))}
	pkgs := map[string]string{} // directory: package name
	for _, file := range files {
		src, ok := base[file]
		if !ok {
			var err error
			if src, err = os.ReadFile(file); err != nil {
				continue
			}
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		tf := fset.File(f.Pos())
		lists := listStmts(f)
		spans := map[[2]int]*span{}
		guards := map[int][]edit{}
		for _, i := range byFile[file] {
			e, ok := editOf(patches[i], i, src)
			if !ok {
				continue
			}
			if e.start == e.end {
				if !guardFits(lists, tf, e.start) {
					continue
				}
				guards[e.start] = append(guards[e.start], e)
			} else {
				start, end, ok := spanAround(lists, tf, e.start, e.end)
				if !ok {
					continue
				}
				k := [2]int{start, end}
				if spans[k] == nil {
					spans[k] = &span{start: start, end: end}
				}
				spans[k].edits = append(spans[k].edits, e)
			}
			s.Num[i] = -1 // numbered below, in the order given
		}
		if len(spans)+len(guards) == 0 {
			continue
		}
		for i := range s.Num {
			if s.Num[i] == -1 {
				s.Num[i] = i + 1
			}
		}
		r := &renderer{src: src, guards: guards, num: s.Num, lines: lineStarts(src)}
		for _, sp := range spans {
			r.spans = append(r.spans, sp)
		}
		slices.SortFunc(r.spans, func(a, b *span) int {
			if a.start != b.start {
				return a.start - b.start
			}
			return b.end - a.end
		})
		for o := range guards {
			r.offs = append(r.offs, o)
		}
		slices.Sort(r.offs)
		r.render(0, len(src), false)
		s.Files[file] = r.out.Bytes()
		pkgs[filepath.Dir(file)] = f.Name.Name
	}
	if len(s.Files) == 0 {
		return nil
	}
	for dir, name := range pkgs {
		path := filepath.Join(dir, schemaFile)
		if _, err := os.Stat(path); err == nil {
			return nil // the name is taken: no schema
		}
		s.Files[path] = []byte("package " + name + "\n\nimport (\n\tfaultlocOS \"os\"\n\tfaultlocStrconv \"strconv\"\n)\n\n" +
			"// " + schemaVar + " selects the patch of faultloc repair's patch schema that runs.\n" +
			"var " + schemaVar + ", _ = faultlocStrconv.Atoi(faultlocOS.Getenv(\"" + Env + "\"))\n")
	}
	return s
}

// editOf returns patch p (the i-th) as an edit of src, the file it
// patches; false when p.Source is not src with p's span replaced by its
// inserted text.
func editOf(p *Patch, i int, src []byte) (edit, bool) {
	start := Offset(src, p.Line, p.Column)
	end := Offset(src, p.EndLine, p.EndColumn)
	if start < 0 || end < start {
		return edit{}, false
	}
	e := edit{patch: i, start: start, end: end, text: p.Inserted}
	if len(p.Source) != len(src)-(end-start)+len(e.text) ||
		!bytes.Equal(p.Source[:start], src[:start]) || string(p.Source[start:start+len(e.text)]) != e.text || !bytes.Equal(p.Source[start+len(e.text):], src[end:]) {
		return edit{}, false
	}
	return e, true
}

// buildError matches a compiler error: its line and message.
var buildError = regexp.MustCompile(`(?m)^\S+\.go:(\d+)(?::\d+)?: (.*)$`)

// Blame returns, for a build of the schema that failed with output out,
// the patches whose code the errors point into, by their lines
// (schemaLine), each with its first error. An error elsewhere is left:
// the build without the patches blamed tells whether the schema itself
// is at fault.
func (s *Schema) Blame(out string) map[int]string {
	blamed := map[int]string{}
	for _, m := range buildError.FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[1])
		n := (line - schemaLines) / schemaLinesEach
		if line < schemaLines+schemaLinesEach || n > len(s.Num) || s.Num[n-1] != n {
			continue
		}
		if _, ok := blamed[n-1]; !ok {
			blamed[n-1] = m[2]
		}
	}
	return blamed
}
