package changes

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"strings"
)

// ParseError reports a file of one version that does not parse.
type ParseError struct {
	Version string // "old" or "new"
	File    string // path relative to the version's root
	Err     error
}

// Error formats the error, naming the version and the file.
func (e *ParseError) Error() string {
	return fmt.Sprintf("changes: %s version of %s: %v", e.Version, e.File, e.Err)
}

// Unwrap returns the parser's error.
func (e *ParseError) Unwrap() error { return e.Err }

// side is one version of a file: its source, syntax and positions.
type side struct {
	src  []byte
	fset *token.FileSet
	f    *ast.File
	tf   *token.File
}

func parseSide(version, rel string, src []byte) (*side, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, &ParseError{Version: version, File: rel, Err: err}
	}
	return &side{src: src, fset: fset, f: f, tf: fset.File(f.Pos())}, nil
}

func (s *side) off(p token.Pos) int { return s.tf.Offset(p) }

// span returns the span of [from, to).
func (s *side) span(from, to token.Pos) Span {
	return s.spanOff(s.off(from), s.off(to))
}

func (s *side) spanOff(a, b int) Span {
	sl := s.tf.Line(s.tf.Pos(a))
	el := sl
	if b > a {
		el = s.tf.Line(s.tf.Pos(b - 1))
	}
	return Span{Offset: a, End: b, StartLine: sl, EndLine: el}
}

func (s *side) text(from, to token.Pos) string { return string(s.src[s.off(from):s.off(to)]) }

// fp is the fingerprint of syntax: the nodes printed without comments or
// the original layout, so that formatting and comments make no change.
func (s *side) fp(nodes ...any) string {
	var b bytes.Buffer
	for _, n := range nodes {
		switch n := n.(type) {
		case nil:
		case token.Token:
			b.WriteString(n.String())
		case ast.Node:
			if isNilNode(n) {
				break
			}
			if err := printer.Fprint(&b, s.fset, n); err != nil {
				fmt.Fprintf(&b, "<%T %v>", n, err)
			}
		}
		b.WriteByte(0)
	}
	return b.String()
}

// isNilNode reports whether n is nil or a typed nil pointer (an absent
// optional child such as an if's Init).
func isNilNode(n ast.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// differ collects the changes of one file.
type differ struct {
	file     string
	old, new *side
	out      []*Change
}

func (d *differ) add(c *Change) {
	c.File = d.file
	d.out = append(d.out, c)
}

// modified records a change replacing old [of, ot) by new [nf, nt).
func (d *differ) modified(unit, fn string, of, ot, nf, nt token.Pos) {
	d.add(&Change{Kind: Modified, Unit: unit, Func: fn,
		Old: d.old.span(of, ot), New: d.new.span(nf, nt),
		OldText: d.old.text(of, ot), NewText: d.new.text(nf, nt)})
}

// added records new code [nf, nt) absent from the old version.
func (d *differ) added(unit, fn string, nf, nt token.Pos, oldAt int) {
	d.add(&Change{Kind: Added, Unit: unit, Func: fn,
		Old: d.old.spanOff(oldAt, oldAt), New: d.new.span(nf, nt),
		NewText: d.new.text(nf, nt)})
}

// removed records old code [of, ot) absent from the new version, which a
// revert inserts at new offset at, after sep.
func (d *differ) removed(unit, fn string, of, ot token.Pos, at int, sep, text string) {
	if text == "" {
		text = d.old.text(of, ot)
	}
	d.add(&Change{Kind: Removed, Unit: unit, Func: fn,
		Old: d.old.span(of, ot), New: d.new.spanOff(at, at),
		OldText: text, sep: sep})
}

// diffFile returns the changes between two versions of one file.
func diffFile(rel string, oldSrc, newSrc []byte) ([]*Change, error) {
	o, err := parseSide("old", rel, oldSrc)
	if err != nil {
		return nil, err
	}
	n, err := parseSide("new", rel, newSrc)
	if err != nil {
		return nil, err
	}
	d := &differ{file: rel, old: o, new: n}
	if o.f.Name.Name != n.f.Name.Name {
		d.modified("package clause", "", o.f.Package, o.f.Name.End(), n.f.Package, n.f.Name.End())
	}
	d.decls()
	return d.out, nil
}

// item is a top-level unit of a file: a function, a declaration without
// parentheses, or one spec of a parenthesized declaration.
type item struct {
	key, name  string
	unit       string
	node       ast.Node
	decl       *ast.GenDecl // the declaration of a spec, or the GenDecl itself
	spec       bool         // one spec of a parenthesized declaration
	from, to   token.Pos
	importDecl bool
}

func items(f *ast.File) []*item {
	var out []*item
	seen := map[string]int{}
	push := func(it *item) {
		k := it.key
		seen[k]++
		if seen[k] > 1 {
			it.key = fmt.Sprintf("%s#%d", k, seen[k])
		}
		out = append(out, it)
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			name := funcName(decl)
			push(&item{key: "func " + name, name: name, unit: "decl", node: decl, from: decl.Pos(), to: decl.End()})
		case *ast.GenDecl:
			imp := decl.Tok == token.IMPORT
			unit := "decl"
			if imp {
				unit = "import"
			}
			if !decl.Lparen.IsValid() {
				name := decl.Tok.String() + " " + specNames(decl.Specs)
				push(&item{key: name, name: name, unit: unit, node: decl, decl: decl, from: decl.Pos(), to: decl.End(), importDecl: imp})
				continue
			}
			if !imp {
				unit = "spec"
			}
			for _, sp := range decl.Specs {
				name := decl.Tok.String() + " " + specNames([]ast.Spec{sp})
				push(&item{key: name, name: name, unit: unit, node: sp, decl: decl, spec: true, from: sp.Pos(), to: sp.End(), importDecl: imp})
			}
		}
	}
	return out
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	return "(" + star + name + ")." + fd.Name.Name
}

func specNames(specs []ast.Spec) string {
	var names []string
	for _, sp := range specs {
		switch sp := sp.(type) {
		case *ast.ImportSpec:
			names = append(names, sp.Path.Value)
		case *ast.ValueSpec:
			for _, n := range sp.Names {
				names = append(names, n.Name)
			}
		case *ast.TypeSpec:
			names = append(names, sp.Name.Name)
		}
	}
	return strings.Join(names, ", ")
}

// decls matches the top-level items of the two versions by name and
// diffs each pair.
func (d *differ) decls() {
	oi, ni := items(d.old.f), items(d.new.f)
	newByKey := map[string]*item{}
	for _, it := range ni {
		newByKey[it.key] = it
	}
	oldByKey := map[string]*item{}
	for _, it := range oi {
		oldByKey[it.key] = it
	}
	// Changes of the new version's items, in its order.
	for _, n := range ni {
		o := oldByKey[n.key]
		if o == nil {
			d.added(n.unit, n.name, n.from, n.to, d.old.off(d.old.f.Name.End()))
			continue
		}
		d.item(o, n)
	}
	// Items of the old version only, inserted after the new counterpart
	// of the old item before them.
	lastImport := d.new.off(d.new.f.Name.End())
	for _, it := range ni {
		if it.importDecl {
			lastImport = d.new.off(it.decl.End())
		}
	}
	var prev *item // the last old item that the new version has
	for _, o := range oi {
		if n := newByKey[o.key]; n != nil {
			prev = n
			continue
		}
		text := d.old.text(o.from, o.to)
		switch {
		case o.spec && prev != nil && prev.spec && prev.decl.Tok == o.decl.Tok:
			d.removed(o.unit, o.name, o.from, o.to, d.new.off(prev.to), "\n\t", text)
		case o.importDecl:
			if o.spec {
				text = "import " + text
			}
			d.removed(o.unit, o.name, o.from, o.to, lastImport, "\n", text)
		default:
			at := lastImport
			if prev != nil && !prev.importDecl {
				at = d.new.off(prev.to)
				if prev.spec {
					at = d.new.off(prev.decl.End())
				}
			}
			if o.spec {
				text = o.decl.Tok.String() + " " + text
			}
			d.removed(o.unit, o.name, o.from, o.to, at, "\n\n", text)
		}
	}
}

// item diffs two versions of a top-level item.
func (d *differ) item(o, n *item) {
	if d.old.fp(o.node) == d.new.fp(n.node) {
		return
	}
	of, ok1 := o.node.(*ast.FuncDecl)
	nf, ok2 := n.node.(*ast.FuncDecl)
	if !ok1 || !ok2 || of.Body == nil || nf.Body == nil {
		d.modified(n.unit, n.name, o.from, o.to, n.from, n.to)
		return
	}
	if d.old.fp(of.Recv, of.Name, of.Type) != d.new.fp(nf.Recv, nf.Name, nf.Type) {
		d.modified("func signature", n.name, of.Pos(), of.Body.Lbrace, nf.Pos(), nf.Body.Lbrace)
	}
	d.stmt(n.name, of.Body, nf.Body)
}
