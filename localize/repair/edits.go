package repair

import (
	"cmp"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

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

// editKinds are the kinds of statement edits in the order they are
// validated at a line: a deletion last, as a deletion that passes the
// tests is seldom the fix (Qi et al., ISSTA 2015: most of the plausible
// patches of GenProg and RSRepair delete functionality); a condition's
// conjunct after the clause (both narrow a condition the localization
// ranks, without new control flow) and before the insertions of a
// return or an early return, which change the function's exits; then
// a statement wrapped in a condition and the saturating clamps, after
// the early returns, so that where both fit (an early return before a
// function's only statement, the same statement wrapped) the older
// template's patch comes first.
var editKinds = []string{"swap", "call", "clamp", "clause", "conjunct", "return", "guard", "wrap", "saturate", "predicate", "delete"}

// lateKinds are the kinds of statement edits validated after every
// other candidate (rankPatches): the newer templates, which add
// candidates at every line they reach, so that a bound that validated
// the older ones before still does.
var lateKinds = []string{"wrap", "saturate", "predicate"}

// editCandidates returns the statement edits of lines (lines.Interleave) as
// candidates, each line's after the previous line's, by kind
// (editKinds) then size; the files' content
// is overlay's or on disk, the calls inserted those of the package of
// each line's file (the non-test Go files of its directory).
//
// The guards' types are prog's (nil: no guards nor conjuncts, which
// need them too); the first maxGuardLines lines take guards and
// conjuncts, so that they leave the patch schema
// room for the synthesis' replacements. So do the lines of frames, the
// failing run's panic and the calls on its stack (lines.PanicFrames), which
// come first: a guard missing before a panic is the likeliest fix of a
// panic the tests do not want, and the line of a panic is seldom among
// a localization's first, since the panic is where the fault shows. A
// frame's line takes only guards and saturating clamps there (the other
// edits, if at all, where lines has it). The lines of defs
// (stmtedit.DefinitionLines) come last, with every edit, guards too: the
// assignments of the fields the other lines read, where a value that
// shows wrong at them was stored.
func editCandidates(lines, frames, defs []trace.Line, overlay map[string][]byte, prog *trace.Program) []Candidate {
	read := func(file string) ([]byte, error) {
		if src, ok := overlay[file]; ok {
			return src, nil
		}
		return os.ReadFile(file)
	}
	pkgs := map[string]map[string][]byte{}
	var out []Candidate
	// The frames' lines, then lines; guards at the frames' lines and
	// the first maxGuardLines of lines, the other edits at lines only.
	type edited struct {
		line          trace.Line
		guards, edits bool
		def           bool // a line of defs
	}
	var all []edited
	for _, l := range frames {
		if !strings.HasSuffix(l.File, "_test.go") && !slices.ContainsFunc(all, func(e edited) bool { return e.line == l }) {
			all = append(all, edited{line: l, guards: true})
		}
	}
	for i, l := range lines {
		if j := slices.IndexFunc(all, func(e edited) bool { return e.line == l }); j >= 0 {
			all[j].edits = true
			continue
		}
		all = append(all, edited{line: l, guards: i < maxGuardLines, edits: true})
	}
	for _, l := range defs {
		if !strings.HasSuffix(l.File, "_test.go") && !slices.ContainsFunc(all, func(e edited) bool { return e.line == l }) {
			all = append(all, edited{line: l, guards: true, edits: true, def: true})
		}
	}
	for i, el := range all {
		l := el.line
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
		if el.guards {
			tf = typedFileOf(prog, l.File, src)
		}
		for _, e := range stmtedit.Line(l.File, src, l.Line, pkg, tf) {
			if !el.edits && e.Kind != "guard" && e.Kind != "saturate" && e.Kind != "predicate" {
				continue
			}
			n := cmp.Or(e.Size, len(term.Tokens(e.Text)))
			k := slices.Index(editKinds, e.Kind)
			p := replace(l.File, src, e.Start, e.End, e.New)
			p.Repl = e.Repl
			out = append(out, Candidate{Origin: "edit " + e.Kind, Size: n, Distance: n, Site: -1, Patch: *p, edit: 1 + i*len(editKinds) + k, late: el.def || slices.Contains(lateKinds, e.Kind)})
		}
	}
	return out
}

// typedFileOf returns the types of file, whose content is src, in
// prog: nil if prog is nil, has no such file among its packages loaded
// from source (the in-scope ones first, then those it interpreted as
// libraries, by path), or loaded other content.
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
	libs := prog.SSA.AllPackages()
	slices.SortFunc(libs, func(a, b *ssa.Package) int { return strings.Compare(a.Pkg.Path(), b.Pkg.Path()) })
	for _, pk := range append(slices.Clone(prog.Packages), libs...) {
		if pk.Pkg.Scope().Innermost(tok.Pos(0)) == nil {
			continue
		}
		return &stmtedit.Types{Fset: fset, Pkg: pk.Pkg, File: tok}
	}
	return nil
}
