package changes

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// PatchError reports a unified diff that does not parse or does not
// apply to the new version.
type PatchError struct {
	File string // the file of the patch concerned, "" if none yet
	Line int    // the patch's line, 1-based
	Msg  string
}

// Error formats the error, naming the file and the patch's line.
func (e *PatchError) Error() string {
	if e.File == "" {
		return fmt.Sprintf("changes: patch line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("changes: patch line %d (%s): %s", e.Line, e.File, e.Msg)
}

// Patch returns the changes between the old version a unified diff (as
// diff -u or git diff write it) turns into the new version under newDir,
// where the diff is applied already: the old version of each Go file the
// diff names is the new one with the diff's hunks undone. File names are
// taken from the +++ lines (a/ and b/ prefixes dropped); a file the diff
// creates (--- /dev/null) is an added file, one it deletes (+++
// /dev/null) a removed file. Files outside the diff are the same in both
// versions; _test.go files count unless opts leaves them out (as Dirs
// does by default).
func Patch(newDir string, patch []byte, opts *Options) (*Set, error) {
	if opts == nil {
		opts = &Options{}
	}
	newAbs, err := filepath.Abs(newDir)
	if err != nil {
		return nil, fmt.Errorf("changes: new version %s: %w", newDir, err)
	}
	fps, err := parsePatch(patch)
	if err != nil {
		return nil, err
	}
	oldFiles, newFiles := map[string][]byte{}, map[string][]byte{}
	for _, fp := range fps {
		name := fp.newName
		if name == "" {
			name = fp.oldName
		}
		if !strings.HasSuffix(name, ".go") || (!opts.Tests && strings.HasSuffix(name, "_test.go")) || (opts.Skip != nil && opts.Skip(name)) {
			continue
		}
		var cur []byte
		if fp.newName != "" {
			cur, err = os.ReadFile(filepath.Join(newAbs, filepath.FromSlash(fp.newName)))
			if err != nil {
				return nil, &PatchError{File: name, Line: fp.line, Msg: err.Error()}
			}
			newFiles[name] = cur
		}
		old, err := unapply(cur, fp)
		if err != nil {
			return nil, err
		}
		if fp.oldName != "" {
			oldFiles[name] = old
		}
	}
	s, err := Diff(oldFiles, newFiles)
	if err != nil {
		return nil, err
	}
	s.New = newAbs
	return s, nil
}

// filePatch is the part of a unified diff for one file.
type filePatch struct {
	oldName, newName string // "" for /dev/null
	line             int    // of its --- line
	hunks            []hunk
}

type hunk struct {
	newStart int // 1-based line of the new file where the hunk starts
	line     int // of its @@ line
	lines    []string
}

func patchName(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	if s == "/dev/null" {
		return ""
	}
	if strings.HasPrefix(s, "a/") || strings.HasPrefix(s, "b/") {
		s = s[2:]
	}
	return s
}

func parsePatch(patch []byte) ([]*filePatch, error) {
	var out []*filePatch
	var cur *filePatch
	lines := strings.Split(string(patch), "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ "):
			cur = &filePatch{oldName: patchName(l[4:]), newName: patchName(lines[i+1][4:]), line: i + 1}
			out = append(out, cur)
			i++
		case strings.HasPrefix(l, "@@ "):
			if cur == nil {
				return nil, &PatchError{Line: i + 1, Msg: "hunk before any --- +++ header"}
			}
			// @@ -a,b +c,d @@
			f := strings.Fields(l)
			if len(f) < 3 || !strings.HasPrefix(f[2], "+") {
				return nil, &PatchError{File: cur.newName, Line: i + 1, Msg: "malformed hunk header"}
			}
			start, _, _ := strings.Cut(f[2][1:], ",")
			n, err := strconv.Atoi(start)
			if err != nil {
				return nil, &PatchError{File: cur.newName, Line: i + 1, Msg: "malformed hunk header"}
			}
			h := hunk{newStart: n, line: i + 1}
			for i+1 < len(lines) {
				nl := lines[i+1]
				if nl == "" && i+2 >= len(lines) {
					break
				}
				if nl != "" && !strings.ContainsRune(" +-\\", rune(nl[0])) {
					break
				}
				if strings.HasPrefix(nl, "--- ") && i+2 < len(lines) && strings.HasPrefix(lines[i+2], "+++ ") {
					break
				}
				i++
				if strings.HasPrefix(nl, "\\") {
					continue // "\ No newline at end of file"
				}
				if nl == "" {
					nl = " "
				}
				h.lines = append(h.lines, nl)
			}
			cur.hunks = append(cur.hunks, h)
		}
	}
	if len(out) == 0 {
		return nil, &PatchError{Line: 1, Msg: "no file in the patch (want --- and +++ lines)"}
	}
	return out, nil
}

// unapply undoes the hunks of fp on the new file's content cur.
func unapply(cur []byte, fp *filePatch) ([]byte, error) {
	var src []string
	if len(cur) > 0 {
		src = strings.Split(strings.TrimSuffix(string(cur), "\n"), "\n")
	}
	var out []string
	at := 0 // next line of src not yet copied (0-based)
	for _, h := range fp.hunks {
		start := h.newStart - 1
		if h.newStart == 0 {
			start = 0
		}
		if start < at || start > len(src) {
			return nil, &PatchError{File: fp.newName, Line: h.line, Msg: "hunk out of order or past the file's end"}
		}
		out = append(out, src[at:start]...)
		at = start
		for _, l := range h.lines {
			switch l[0] {
			case ' ', '+':
				if at >= len(src) || src[at] != l[1:] {
					return nil, &PatchError{File: fp.newName, Line: h.line, Msg: fmt.Sprintf("hunk does not match the new version at line %d", at+1)}
				}
				if l[0] == ' ' {
					out = append(out, l[1:])
				}
				at++
			case '-':
				out = append(out, l[1:])
			}
		}
	}
	out = append(out, src[at:]...)
	if len(out) == 0 {
		return nil, nil
	}
	var b bytes.Buffer
	b.WriteString(strings.Join(out, "\n"))
	b.WriteByte('\n')
	return b.Bytes(), nil
}
