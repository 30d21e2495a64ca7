package repair

import (
	"cmp"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/trace"
)

// maxEditLines bounds the lines that take statement edits (stmtedit.Line),
// and maxGuardLines the lines that take guards.
const (
	maxEditLines  = 8
	maxGuardLines = 4
)

// editLines returns up to maxEditLines lines for statement edits: the
// next line of each order in turn (the sites', the spectrum's, the
// rankings'), each line once, no test file's.
func editLines(orders ...[]localize.Candidate) []trace.Line {
	var out []trace.Line
	seen := map[trace.Line]bool{}
	for k := 0; len(out) < maxEditLines; k++ {
		more := false
		for _, o := range orders {
			if k >= len(o) || len(o[k].Locations) == 0 {
				continue
			}
			more = true
			l := o[k].Locations[0].SourceLine()
			if !seen[l] && !strings.HasSuffix(l.File, "_test.go") && len(out) < maxEditLines {
				seen[l] = true
				out = append(out, l)
			}
		}
		if !more {
			break
		}
	}
	return out
}

// editKinds are the kinds of statement edits in the order they are
// validated at a line: a deletion last, as a deletion that passes the
// tests is seldom the fix (Qi et al., ISSTA 2015: most of the plausible
// patches of GenProg and RSRepair delete functionality).
var editKinds = []string{"swap", "call", "clamp", "clause", "guard", "delete"}

// editCandidates returns the statement edits of lines (editLines) as
// candidates, each line's after the previous line's, by kind
// (editKinds) then size; the files' content
// is overlay's or on disk, the calls inserted those of the package of
// each line's file (the non-test Go files of its directory).
//
// The guards' types are prog's (nil: no guards); the first
// maxGuardLines lines take guards, so that they leave the patch schema
// room for the synthesis' replacements.
func editCandidates(lines []trace.Line, overlay map[string][]byte, prog *trace.Program) []Candidate {
	read := func(file string) ([]byte, error) {
		if src, ok := overlay[file]; ok {
			return src, nil
		}
		return os.ReadFile(file)
	}
	pkgs := map[string]map[string][]byte{}
	var out []Candidate
	for i, l := range lines {
		src, err := read(l.File)
		if err != nil {
			continue
		}
		dir := filepath.Dir(l.File)
		pkg, ok := pkgs[dir]
		if !ok {
			pkg = map[string][]byte{}
			names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
			for _, name := range names {
				if strings.HasSuffix(name, "_test.go") {
					continue
				}
				if b, err := read(name); err == nil {
					pkg[name] = b
				}
			}
			pkgs[dir] = pkg
		}
		var tf *stmtedit.Types
		if i < maxGuardLines {
			tf = typedFileOf(prog, l.File, src)
		}
		for _, e := range stmtedit.Line(l.File, src, l.Line, pkg, tf) {
			n := cmp.Or(e.Size, len(term.Tokens(e.Text)))
			k := slices.Index(editKinds, e.Kind)
			p := replace(l.File, src, e.Start, e.End, e.New)
			p.Repl = e.Repl
			out = append(out, Candidate{Origin: "edit " + e.Kind, Size: n, Distance: n, Site: -1, Patch: *p, edit: 1 + i*len(editKinds) + k})
		}
	}
	return out
}

// typedFileOf returns the types of file, whose content is src, in
// prog: nil if prog is nil, has no such file among its in-scope
// packages, or loaded other content.
func typedFileOf(prog *trace.Program, file string, src []byte) *stmtedit.Types {
	if prog == nil || prog.SSA == nil {
		return nil
	}
	fset := prog.SSA.Fset
	var tok *token.File
	fset.Iterate(func(f *token.File) bool {
		if f.Name() == file {
			tok = f
		}
		return tok == nil
	})
	if tok == nil || tok.Size() != len(src) {
		return nil
	}
	for _, pk := range prog.Packages {
		if pk.Pkg.Scope().Innermost(tok.Pos(0)) == nil {
			continue
		}
		return &stmtedit.Types{Fset: fset, Pkg: pk.Pkg, File: tok}
	}
	return nil
}
