package mutate

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/internal/loadmemo"
	"golang.org/x/tools/go/packages"
)

// Op names a mutation operator (see the package doc).
type Op string

// The mutation operators.
const (
	ROR Op = "ROR" // relational operator replacement
	LCR Op = "LCR" // logical connector replacement (&& and ||)
	AOR Op = "AOR" // arithmetic operator replacement
	CRP Op = "CRP" // integer constant c replaced by c+1, c-1
	NEG Op = "NEG" // condition or Boolean value negated
	CON Op = "CON" // condition or Boolean value replaced by true, false
	ANG Op = "ANG" // right-hand side or result replaced by a given constant
	// The repair operators, made only with Config.Repair.
	VRP Op = "VRP" // a local variable read replaced by another of the same type
	OBO Op = "OBO" // an integer right-hand side, result or pure call's argument e replaced by e + 1, e - 1
	ACR Op = "ACR" // a constant operand replaced by the one that gives an instance its angelic value
	// The deletion operator, made only with Config.Delete.
	SDL Op = "SDL" // a statement deleted
)

// Target asks for the mutants of one line.
type Target struct {
	File string // absolute path, as go/packages reports it
	Line int    // 1-based
	// Values are constants for ANG, as trace.Value.String prints them
	// ("42", "-3", "true", "1.5", `"KiB"`, a string quoted as by
	// strconv.Quote); values that do not fit the right-hand side's type
	// are ignored.
	Values []string
	// Instances are the line's angelic values with the values the
	// expression had in the failing run at the same instances, for ACR
	// (with Config.Repair).
	Instances []Instance
}

// Instance is one instance of a line's right-hand side or result: the
// value it had in the failing run (Orig) and the angelic value that made
// the test pass (Angelic), both as trace.Value.String prints them.
type Instance struct {
	Orig, Angelic string
}

// Mutant is one mutant of the schema.
type Mutant struct {
	ID     int    // the selector's value that runs it (1, 2, ...)
	Op     Op     // its operator
	File   string // absolute path of the mutated file
	Line   int    // the line it belongs to (see the package doc)
	Column int    // 1-based byte column of the mutated expression
	Orig   string // the expression's source
	Repl   string // its replacement ("" for SDL)
	Host   int    // index of its host in Schema.Hosts
}

// String formats the mutant as file:line: OP orig -> repl, or
// file:line: SDL delete orig.
func (m Mutant) String() string {
	if m.Op == SDL {
		return fmt.Sprintf("%s:%d: %s delete %s", filepath.Base(m.File), m.Line, m.Op, m.Orig)
	}
	return fmt.Sprintf("%s:%d: %s %s -> %s", filepath.Base(m.File), m.Line, m.Op, m.Orig, m.Repl)
}

// Host is a mutated statement or condition in the schema's text.
type Host struct {
	File       string // absolute path
	Start, End int    // byte offsets of the host's schema text in File's schema
	Mutants    []int  // the IDs of its mutants
}

// Schema is a program's source with its mutants, selected by a variable.
type Schema struct {
	// Files are the mutated files' contents by absolute path: an overlay
	// to add to the program's own (trace.Config.Overlay).
	Files map[string][]byte
	// Selector is the name of the package variable (an int) declared in
	// every mutated package: 0 runs the original code, a mutant's ID runs
	// that mutant.
	Selector string
	// Mutants are the mutants, by ID (Mutants[i].ID == i+1).
	Mutants []Mutant
	// Hosts are the mutated statements and conditions, by file and offset.
	Hosts []Host
	// Dropped counts the mutants generated but dropped because they did
	// not type-check.
	Dropped int
}

// HostAt returns the index of the host whose schema text holds the byte
// offset off of file, or -1.
func (s *Schema) HostAt(file string, off int) int {
	i, _ := slices.BinarySearchFunc(s.Hosts, struct {
		f string
		o int
	}{file, off}, func(h Host, k struct {
		f string
		o int
	}) int {
		if c := cmp.Compare(h.File, k.f); c != 0 {
			return c
		}
		if h.End <= k.o {
			return -1
		}
		if h.Start > k.o {
			return 1
		}
		return 0
	})
	if i < len(s.Hosts) && s.Hosts[i].File == file && s.Hosts[i].Start <= off && off < s.Hosts[i].End {
		return i
	}
	return -1
}

// Config says how to load the packages to mutate, as trace.Config does.
type Config struct {
	Dir        string
	Tests      bool
	BuildFlags []string
	Overlay    map[string][]byte
	Env        []string
	// Repair adds the repair operators VRP, OBO and ACR to the usual
	// ones: they make more mutants, which fix common faults (a wrong
	// variable, an off-by-one value, a wrong constant) that the others do
	// not, for a search of plausible fixes; mutation-based fault
	// localization leaves them out.
	Repair bool
	// Delete adds SDL, statement deletion: an assignment (not a
	// definition), an increment or decrement, an expression statement
	// or a return deleted, where the function still type-checks
	// without it (not the statement that ends a function with
	// results). It fixes a statement that does not belong (a count
	// added twice, an early return); a deletion that passes a test
	// suite is also the commonest overfit fix of program repair, so
	// it is kept apart from Repair.
	Delete bool
}

// Error reports that the packages could not be loaded or mutated.
type Error struct {
	Msg string
	Err error // the underlying error, if any
}

func (e *Error) Error() string {
	if e.Err != nil {
		return "mutate: " + e.Msg + ": " + e.Err.Error()
	}
	return "mutate: " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Build loads the packages matched by patterns and returns the schema of
// the targets' mutants. Targets in files of other packages make no
// mutant. A schema with no mutant is not an error. A load of the same
// inputs as an earlier one of the process, whose module has not changed
// since, is reused (package loadmemo).
func Build(ctx context.Context, cfg *Config, patterns []string, targets []Target) (*Schema, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	in := loadmemo.Inputs{Dir: cfg.Dir, Tests: cfg.Tests, BuildFlags: cfg.BuildFlags, Env: cfg.Env, Overlay: cfg.Overlay, Patterns: patterns}
	units, err := loaded.GetContext(ctx, in, func(root string) ([]*unit, bool, error) {
		units, mods, err := load(ctx, cfg, patterns)
		return units, root != "" && slices.Equal(mods, []string{root}), err
	})
	if err != nil {
		return nil, err
	}
	return generate(units, targets, opSet{repair: cfg.Repair, delete: cfg.Delete})
}

// loaded memoizes Build's loads within the process (package loadmemo):
// one localization builds several schemas of the same program (the fix
// probe's, the mutation analysis's). The units it keeps are shared:
// generate and check only read them.
var loaded = loadmemo.Memo[[]*unit]{Size: 8}

// loadHook, if set, is called at each load (tests count them).
var loadHook func()

// load lists and type-checks the packages matched by patterns and
// returns the units to mutate, with the directories of the modules they
// belong to (nil if one is in none).
func load(ctx context.Context, cfg *Config, patterns []string) ([]*unit, []string, error) {
	pc := &packages.Config{
		Context:    ctx,
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedModule,
		Dir:        cfg.Dir,
		Tests:      cfg.Tests,
		BuildFlags: cfg.BuildFlags,
		Overlay:    cfg.Overlay,
		Env:        cfg.Env,
	}
	if loadHook != nil {
		loadHook()
	}
	pkgs, err := packages.Load(pc, patterns...)
	if err != nil {
		return nil, nil, &Error{Msg: "loading " + strings.Join(patterns, " "), Err: err}
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, nil, &Error{Msg: "loading " + strings.Join(patterns, " ") + ": " + strings.Join(errs, "; ")}
	}
	// A file may be in several variants (p and p [p.test]): mutate it in
	// the variant that holds the most files, the one trace interprets
	// when tests are loaded.
	var units []*unit
	owner := map[string]*unit{}
	for _, p := range pkgs {
		if strings.HasSuffix(p.PkgPath, ".test") || p.Types == nil {
			continue
		}
		u := &unit{fset: p.Fset, types: p.Types, info: p.TypesInfo, src: map[string][]byte{}, imports: map[string]*types.Package{}}
		for path, imp := range p.Imports {
			if imp.Types != nil {
				u.imports[path] = imp.Types
			}
		}
		for i, f := range p.Syntax {
			if i >= len(p.CompiledGoFiles) {
				break
			}
			name := p.CompiledGoFiles[i]
			u.files = append(u.files, f)
			u.names = append(u.names, name)
			if o := owner[name]; o == nil || len(o.files) < len(p.Syntax) {
				owner[name] = u
			}
		}
		units = append(units, u)
	}
	for _, u := range units {
		for _, name := range u.names {
			if owner[name] != u {
				continue
			}
			b, ok := cfg.Overlay[name]
			if !ok {
				if b, err = os.ReadFile(name); err != nil {
					return nil, nil, &Error{Msg: "reading " + name, Err: err}
				}
			}
			u.src[name] = b
		}
	}
	var mods []string
	for _, p := range pkgs {
		if strings.HasSuffix(p.PkgPath, ".test") {
			continue // the generated test main
		}
		if p.Module == nil || p.Module.Dir == "" {
			return units, nil, nil
		}
		if !slices.Contains(mods, p.Module.Dir) {
			mods = append(mods, p.Module.Dir)
		}
	}
	return units, mods, nil
}

// unit is a type-checked package: the input of generate.
type unit struct {
	fset    *token.FileSet
	types   *types.Package
	info    *types.Info
	files   []*ast.File
	names   []string                  // their file names, absolute
	src     map[string][]byte         // the contents of the files to mutate (others are not mutated)
	imports map[string]*types.Package // by import path, for re-checking the schema
}

// site is one mutant before numbering: a replacement of the source range
// [start, end) of a file.
type site struct {
	op         Op
	line, col  int
	start, end int // byte offsets in the original file
	orig, repl string
	extra      []edit // further edits of the variant (a definition's := becomes =)
}

type edit struct {
	start, end int
	text       string
}

// hostKind says how a host's variants are selected.
type hostKind int

const (
	condHost   hostKind = iota // a Boolean expression: (S == a && (e_a) || ... || (S < a || S > z) && (e))
	stmtHost                   // a statement: if S == a { s_a } else ... else { s }
	defineHost                 // x := e; if S == a { x = e_a } else if ...
)

// hostSites is a host of the original file with its candidate sites.
type hostSites struct {
	kind       hostKind
	start, end int
	tok        int // offset of a definition's := token
	sites      []site
}

// opSet says which operators beyond the usual ones generate makes.
type opSet struct {
	repair bool // VRP, OBO, ACR
	delete bool // SDL
}

// generate makes the schema of the targets over the given packages.
func generate(units []*unit, targets []Target, o opSet) (*Schema, error) {
	want := map[string]map[int][]string{}
	insts := map[string]map[int][]Instance{}
	for _, t := range targets {
		if want[t.File] == nil {
			want[t.File] = map[int][]string{}
			insts[t.File] = map[int][]Instance{}
		}
		for _, in := range t.Instances {
			if !slices.Contains(insts[t.File][t.Line], in) {
				insts[t.File][t.Line] = append(insts[t.File][t.Line], in)
			}
		}
		vs := want[t.File][t.Line]
		if vs == nil {
			vs = []string{}
		}
		for _, v := range t.Values {
			if !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		want[t.File][t.Line] = vs
	}
	type fileHosts struct {
		u     *unit
		name  string
		hosts []hostSites
	}
	var files []fileHosts
	for _, u := range units {
		for i, f := range u.files {
			name := u.names[i]
			lines, ok := want[name]
			if !ok || u.src[name] == nil {
				continue
			}
			g := &gen{u: u, src: u.src[name], lines: lines, insts: insts[name], tf: u.fset.File(f.Pos()), repair: o.repair, delete: o.delete}
			g.file(f)
			if len(g.hosts) > 0 {
				files = append(files, fileHosts{u, name, g.hosts})
			}
		}
	}
	slices.SortFunc(files, func(a, b fileHosts) int { return cmp.Compare(a.name, b.name) })
	sel := selectorName(units)
	dropped := map[[2]int]bool{} // (file index, site's start<<8 | index) dropped by the check
	total := 0
	for _, fh := range files {
		for _, h := range fh.hosts {
			total += len(h.sites)
		}
	}
	for attempt := 0; ; attempt++ {
		s := &Schema{Files: map[string][]byte{}, Selector: sel}
		declared := map[*types.Package]bool{}
		// variant spans, to attribute type errors: file -> [start, end, fi, key]
		type span struct {
			start, end int
			key        [2]int
			host       int
		}
		spans := map[string][]span{}
		for fi, fh := range files {
			var out strings.Builder
			last := 0
			src := fh.u.src[fh.name]
			for _, h := range fh.hosts {
				var keep []int
				for si := range h.sites {
					if !dropped[[2]int{fi, h.start<<16 | si}] {
						keep = append(keep, si)
					}
				}
				if len(keep) == 0 {
					continue
				}
				out.Write(src[last:h.start])
				hostIdx := len(s.Hosts)
				host := Host{File: fh.name, Start: out.Len()}
				first := len(s.Mutants) + 1
				lastID := first + len(keep) - 1
				variant := func(st site, define bool) string {
					edits := append([]edit{{st.start, st.end, st.repl}}, st.extra...)
					if define {
						edits = append(edits, edit{h.tok, h.tok + 2, "="})
					}
					slices.SortFunc(edits, func(a, b edit) int { return cmp.Compare(a.start, b.start) })
					var b strings.Builder
					at := h.start
					for _, e := range edits {
						b.Write(src[at:e.start])
						b.WriteString(e.text)
						at = e.end
					}
					b.Write(src[at:h.end])
					return b.String()
				}
				orig := string(src[h.start:h.end])
				switch h.kind {
				case condHost:
					out.WriteString("(")
					for k, si := range keep {
						id := first + k
						fmt.Fprintf(&out, "%s == %d && (", sel, id)
						st := out.Len()
						out.WriteString(variant(h.sites[si], false))
						spans[fh.name] = append(spans[fh.name], span{st, out.Len(), [2]int{fi, h.start<<16 | si}, hostIdx})
						out.WriteString(") || ")
					}
					fmt.Fprintf(&out, "(%s < %d || %s > %d) && (%s))", sel, first, sel, lastID, orig)
				case stmtHost:
					for k, si := range keep {
						id := first + k
						fmt.Fprintf(&out, "if %s == %d { ", sel, id)
						st := out.Len()
						out.WriteString(variant(h.sites[si], false))
						spans[fh.name] = append(spans[fh.name], span{st, out.Len(), [2]int{fi, h.start<<16 | si}, hostIdx})
						out.WriteString(" } else ")
					}
					fmt.Fprintf(&out, "{ %s }", orig)
				case defineHost:
					out.WriteString(orig)
					out.WriteString("; ")
					for k, si := range keep {
						id := first + k
						if k > 0 {
							out.WriteString(" else ")
						}
						fmt.Fprintf(&out, "if %s == %d { ", sel, id)
						st := out.Len()
						out.WriteString(variant(h.sites[si], true))
						spans[fh.name] = append(spans[fh.name], span{st, out.Len(), [2]int{fi, h.start<<16 | si}, hostIdx})
						out.WriteString(" }")
					}
				}
				host.End = out.Len()
				for k, si := range keep {
					st := h.sites[si]
					s.Mutants = append(s.Mutants, Mutant{ID: first + k, Op: st.op, File: fh.name, Line: st.line, Column: st.col,
						Orig: st.orig, Repl: st.repl, Host: hostIdx})
					host.Mutants = append(host.Mutants, first+k)
				}
				s.Hosts = append(s.Hosts, host)
				last = h.end
			}
			if last == 0 {
				continue
			}
			out.Write(src[last:])
			if !declared[fh.u.types] {
				declared[fh.u.types] = true
				fmt.Fprintf(&out, "\n\n// %s selects the mutant that runs (faultloc's mutant schema; 0: none).\nvar %s int\n", sel, sel)
			}
			s.Files[fh.name] = []byte(out.String())
		}
		// Type-check the mutated packages; drop the variants with errors.
		bad := 0
		for _, u := range units {
			errs := check(u, s.Files)
			for _, e := range errs {
				var sp *span
				for i := range spans[e.file] {
					if x := &spans[e.file][i]; x.start <= e.off && e.off <= x.end {
						sp = x
						break
					}
				}
				if sp == nil {
					return nil, &Error{Msg: fmt.Sprintf("the mutant schema does not type-check outside its mutants: %s", e.msg)}
				}
				if !dropped[sp.key] {
					dropped[sp.key] = true
					bad++
				}
			}
		}
		if bad == 0 {
			s.Dropped = len(dropped)
			_ = total
			return s, nil
		}
		if attempt > total {
			return nil, &Error{Msg: "the mutant schema does not converge"}
		}
	}
}

// selectorName returns a package-level name that no file of the units
// uses.
func selectorName(units []*unit) string {
	used := map[string]bool{}
	for _, u := range units {
		for _, f := range u.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					used[id.Name] = true
				}
				return true
			})
		}
	}
	name := "faultlocMutant"
	for i := 2; used[name]; i++ {
		name = "faultlocMutant" + strconv.Itoa(i)
	}
	return name
}

type checkErr struct {
	file string
	off  int
	msg  string
}

// check type-checks u with the schema's files in place of its own and
// returns the errors in schema files (errors elsewhere cannot come from
// the schema).
func check(u *unit, files map[string][]byte) []checkErr {
	touched := false
	for _, n := range u.names {
		if _, ok := files[n]; ok && u.src[n] != nil {
			touched = true
		}
	}
	if !touched {
		return nil
	}
	fset := token.NewFileSet()
	var syn []*ast.File
	var out []checkErr
	for _, n := range u.names {
		var f *ast.File
		var err error
		if b, ok := files[n]; ok {
			f, err = parser.ParseFile(fset, n, b, parser.SkipObjectResolution)
		} else {
			f, err = parser.ParseFile(fset, n, u.src[n], parser.SkipObjectResolution)
			if u.src[n] == nil {
				f, err = parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
			}
		}
		if err != nil {
			var el scanner.ErrorList
			if errors.As(err, &el) {
				for _, e := range el {
					out = append(out, checkErr{file: e.Pos.Filename, off: e.Pos.Offset, msg: e.Error()})
				}
			} else {
				out = append(out, checkErr{file: n, off: -1, msg: err.Error()})
			}
			continue
		}
		syn = append(syn, f)
	}
	if len(out) > 0 {
		return out
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := u.imports[path]; ok {
				return p, nil
			}
			return nil, fmt.Errorf("package %s not loaded", path)
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p := te.Fset.Position(te.Pos)
				if _, ok := files[p.Filename]; ok {
					out = append(out, checkErr{file: p.Filename, off: p.Offset, msg: te.Error()})
				}
			}
		},
	}
	conf.Check(u.types.Path(), fset, syn, nil)
	return out
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
