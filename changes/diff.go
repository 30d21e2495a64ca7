package changes

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"path"
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
	// parent holds the changes recorded (those of a moved function's
	// body), and oldFile is the old version's file when it is not file.
	parent  *Change
	oldFile string
}

func (d *differ) add(c *Change) {
	c.File = d.file
	c.OldFile = d.oldFile
	if c.parent == nil {
		c.parent = d.parent
	}
	d.out = append(d.out, c)
}

// modified records a change replacing old [of, ot) by new [nf, nt).
func (d *differ) modified(unit, fn string, of, ot, nf, nt token.Pos) {
	d.add(&Change{Kind: Modified, Unit: unit, Func: fn,
		Old: d.old.span(of, ot), New: d.new.span(nf, nt),
		OldText: d.old.text(of, ot), NewText: d.new.text(nf, nt)})
}

// added records new code [nf, nt) absent from the old version, nested in
// parent (nil: in the differ's parent); old is where it would go in the
// old version.
func (d *differ) added(unit, fn string, nf, nt token.Pos, old Span, parent *Change) *Change {
	c := &Change{Kind: Added, Unit: unit, Func: fn, Old: old, New: d.new.span(nf, nt),
		NewText: d.new.text(nf, nt), parent: parent}
	d.add(c)
	return c
}

// oldPoint is the empty span of the old version at offset at.
func (d *differ) oldPoint(at int) Span {
	if d.old == nil {
		return Span{}
	}
	return d.old.spanOff(at, at)
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

// fileVersions is a file of the new version, with its old version if
// there is one, and their top-level items.
type fileVersions struct {
	rel      string
	old, new *side // old is nil for an added file
	oi, ni   []*item
	// oldRel is the old version's path of a renamed file, "" when the
	// file kept its path.
	oldRel string
}

// oldPath is the old version's path of the file.
func (fv *fileVersions) oldPath() string {
	if fv.oldRel != "" {
		return fv.oldRel
	}
	return fv.rel
}

// diff returns the changes between the two versions of the file.
func (fv *fileVersions) diff(moves map[*item]*move) []*Change {
	d := &differ{file: fv.rel, old: fv.old, new: fv.new, oldFile: fv.oldRel}
	if fv.old == nil {
		// An added file: its declarations nested in it.
		src := fv.new.src
		c := &Change{Kind: Added, Unit: "file", New: spanOfAll(src), NewText: string(src), pkgName: fv.new.f.Name.Name}
		d.add(c)
		for _, n := range fv.ni {
			if m := moves[n]; m != nil {
				d.moved(m, c)
				continue
			}
			d.addedItem(n, Span{}, c)
		}
		return d.out
	}
	o, n := fv.old, fv.new
	if o.f.Name.Name != n.f.Name.Name {
		d.modified("package clause", "", o.f.Package, o.f.Name.End(), n.f.Package, n.f.Name.End())
	}
	d.decls(fv, moves)
	return d.out
}

// move is a function removed from one file of a directory and added to
// another.
type move struct {
	from, to *fileVersions
	o, n     *item
}

// findMoves matches the functions a file of a directory lost with those
// another file of the directory gained, by receiver and name, where each
// side has exactly one; the result maps both items to their move.
func findMoves(files []*fileVersions) map[*item]*move {
	type end struct {
		fv *fileVersions
		it *item
	}
	lost, gained := map[string][]end{}, map[string][]end{}
	keys := func(its []*item) map[string]bool {
		m := map[string]bool{}
		for _, it := range its {
			m[it.key] = true
		}
		return m
	}
	for _, fv := range files {
		dir := path.Dir(fv.rel)
		ok, nk := keys(fv.oi), keys(fv.ni)
		for _, it := range fv.oi {
			if isFunc(it) && !nk[it.key] {
				lost[dir+" "+it.key] = append(lost[dir+" "+it.key], end{fv, it})
			}
		}
		for _, it := range fv.ni {
			if isFunc(it) && !ok[it.key] {
				gained[dir+" "+it.key] = append(gained[dir+" "+it.key], end{fv, it})
			}
		}
	}
	out := map[*item]*move{}
	for k, l := range lost {
		g := gained[k]
		if len(l) != 1 || len(g) != 1 {
			continue
		}
		m := &move{from: l[0].fv, o: l[0].it, to: g[0].fv, n: g[0].it}
		out[m.o], out[m.n] = m, m
	}
	return out
}

func isFunc(it *item) bool {
	fd, ok := it.node.(*ast.FuncDecl)
	return ok && fd.Body != nil
}

// moved records a function moved to this file, nested in parent, with the
// differences of its two versions nested in it.
func (d *differ) moved(m *move, parent *Change) {
	at, sep, text := m.from.insertion(m.o)
	c := &Change{Kind: Modified, Unit: "moved func", Func: m.n.name, File: d.file, OldFile: m.from.oldPath(),
		Old: m.from.old.span(m.o.from, m.o.to), New: d.new.span(m.n.from, m.n.to),
		OldText: text, NewText: d.new.text(m.n.from, m.n.to), sep: sep, moveTo: m.from.rel, moveAt: at, parent: parent}
	d.out = append(d.out, c)
	sub := &differ{file: d.file, old: m.from.old, new: d.new, parent: c, oldFile: m.from.oldPath()}
	sub.item(m.o, m.n)
	d.out = append(d.out, sub.out...)
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

// specNode returns the item's one spec: the item itself when it is a spec
// of a parenthesized declaration, else its declaration's only spec.
func (it *item) specNode() ast.Node {
	if it.spec || len(it.decl.Specs) != 1 {
		return it.node
	}
	return it.decl.Specs[0]
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

// recvNodes returns what fp prints of fd's receiver, which the printer
// does not print as a field list: its name and type, as a function's
// parameter, or nil for a function.
func recvNodes(fd *ast.FuncDecl) any {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return nil
	}
	f := fd.Recv.List[0]
	return &ast.FuncType{Params: &ast.FieldList{List: []*ast.Field{{Names: f.Names, Type: f.Type}}}}
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
// diffs each pair; moves are the functions moved between files.
func (d *differ) decls(fv *fileVersions, moves map[*item]*move) {
	oldByKey := map[string]*item{}
	for _, it := range fv.oi {
		oldByKey[it.key] = it
	}
	// Changes of the new version's items, in its order.
	for _, n := range fv.ni {
		o := oldByKey[n.key]
		switch {
		case o != nil:
			d.item(o, n)
		case moves[n] != nil:
			d.moved(moves[n], nil)
		default:
			d.addedItem(n, d.oldPoint(d.old.off(d.old.f.Name.End())), nil)
		}
	}
	// Items of the old version only (but those moved to another file).
	for _, o := range fv.oi {
		if moves[o] != nil {
			continue
		}
		if at, sep, text := fv.insertion(o); at >= 0 {
			d.removed(o.unit, o.name, o.from, o.to, at, sep, text)
		}
	}
}

// insertion returns where reverting puts back the old item o in the new
// version (after the new counterpart of the old item before it), with the
// separator to insert before it and its text; at is -1 if the new version
// has o.
func (fv *fileVersions) insertion(o *item) (at int, sep, text string) {
	newByKey := map[string]*item{}
	for _, it := range fv.ni {
		newByKey[it.key] = it
	}
	if newByKey[o.key] != nil {
		return -1, "", ""
	}
	lastImport := fv.new.off(fv.new.f.Name.End())
	for _, it := range fv.ni {
		if it.importDecl {
			lastImport = fv.new.off(it.decl.End())
		}
	}
	var prev *item // the last old item before o that the new version has
	for _, it := range fv.oi {
		if it == o {
			break
		}
		if n := newByKey[it.key]; n != nil {
			prev = n
		}
	}
	text = fv.old.text(o.from, o.to)
	switch {
	case o.spec && prev != nil && prev.spec && prev.decl.Tok == o.decl.Tok:
		return fv.new.off(prev.to), "\n\t", text
	case o.importDecl:
		if o.spec {
			text = "import " + text
		}
		return lastImport, "\n", text
	}
	at = lastImport
	if prev != nil && !prev.importDecl {
		at = fv.new.off(prev.to)
		if prev.spec {
			at = fv.new.off(prev.decl.End())
		}
	}
	if o.spec {
		text = o.decl.Tok.String() + " " + text
	}
	return at, "\n\n", text
}

// item diffs two versions of a top-level item.
func (d *differ) item(o, n *item) {
	if o.spec != n.spec && o.decl != nil && n.decl != nil {
		// One version declares it in parentheses, the other alone
		// (import "fmt" against import ( "fmt"; "unicode" )): compare
		// the specs, and revert the spec alone, so that the old text
		// fits where the new one stood.
		op, np := o.specNode(), n.specNode()
		if d.old.fp(op) == d.new.fp(np) {
			return
		}
		unit := "spec"
		if n.importDecl {
			unit = "import"
		}
		if !d.closures(n.name, op, np) && !d.fields(n.name, op, np) {
			d.modified(unit, n.name, op.Pos(), op.End(), np.Pos(), np.End())
		}
		return
	}
	if d.old.fp(o.node) == d.new.fp(n.node) {
		return
	}
	of, ok1 := o.node.(*ast.FuncDecl)
	nf, ok2 := n.node.(*ast.FuncDecl)
	if !ok1 || !ok2 || of.Body == nil || nf.Body == nil {
		if !d.closures(n.name, o.node, n.node) && !d.elements(n.name, o.node, n.node) && !d.fields(n.name, o.node, n.node) {
			d.modified(n.unit, n.name, o.from, o.to, n.from, n.to)
		}
		return
	}
	if d.old.fp(recvNodes(of), of.Name, of.Type) != d.new.fp(recvNodes(nf), nf.Name, nf.Type) {
		d.modified("func signature", n.name, of.Pos(), of.Body.Lbrace, nf.Pos(), nf.Body.Lbrace)
	}
	d.stmt(n.name, of.Body, nf.Body)
}
