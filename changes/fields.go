package changes

import (
	"go/ast"
	"go/token"
)

// fields diffs two versions of a type declaration whose type is a struct
// or an interface and which differ only in its fields (methods), field by
// field, and reports whether it did; otherwise the caller records one
// change. A struct of two hundred lines that gained one field is
// otherwise one change, and reverting it reverts every field.
//
// Fields are aligned as a table's elements are (longest common
// subsequence of their syntax, then the unaligned ones paired by their
// first name); each modified field, and each run of added or removed
// ones, is one "field" change. Only a list whose fields each stand on
// lines of their own is split, in both versions: deleting a field that
// shares its line with another could leave a stray separator.
func (d *differ) fields(fn string, o, n ast.Node) bool {
	ol, nl := fieldList(o), fieldList(n)
	if ol == nil || nl == nil || len(ol.List) == 0 && len(nl.List) == 0 {
		return false
	}
	if !d.old.ownLines(ol) || !d.new.ownLines(nl) {
		return false
	}
	if d.old.withoutFields(o, ol) != d.new.withoutFields(n, nl) {
		return false
	}
	fps := func(sd *side, l *ast.FieldList) []string {
		out := make([]string, len(l.List))
		for i, f := range l.List {
			out[i] = sd.fieldFP(f)
		}
		return out
	}
	okey := func(i int) string { return d.old.fieldKey(ol.List[i]) }
	nkey := func(i int) string { return d.new.fieldKey(nl.List[i]) }
	return align(fps(d.old, ol), fps(d.new, nl), okey, nkey, func(oi, oj, ni, nj int) { d.fieldRun(fn, ol, nl, oi, oj, ni, nj) }, func(i, j int) {
		o, n := ol.List[i], nl.List[j]
		d.modified("field", fn, o.Pos(), o.End(), n.Pos(), n.End())
	})
}

// fieldList returns the fields of n, a type declaration of one spec or a
// type spec, when its type is a struct or an interface, or nil.
func fieldList(n ast.Node) *ast.FieldList {
	if g, ok := n.(*ast.GenDecl); ok && len(g.Specs) == 1 {
		n = g.Specs[0]
	}
	ts, ok := n.(*ast.TypeSpec)
	if !ok {
		return nil
	}
	switch t := ts.Type.(type) {
	case *ast.StructType:
		return t.Fields
	case *ast.InterfaceType:
		return t.Methods
	}
	return nil
}

// ownLines reports whether each field of fl starts on a line after the
// one where the field before it (or the opening brace) ends.
func (s *side) ownLines(fl *ast.FieldList) bool {
	prev := fl.Opening
	for _, f := range fl.List {
		if s.line(f.Pos()) <= s.line(prev) {
			return false
		}
		prev = f.End()
	}
	return s.line(fl.Closing) > s.line(prev)
}

// fieldFP is the fingerprint of a field: its names, type and tag (the
// printer prints no field alone).
func (s *side) fieldFP(f *ast.Field) string {
	nodes := []any{f.Type, f.Tag}
	for _, n := range f.Names {
		nodes = append(nodes, n)
	}
	return s.fp(nodes...)
}

func (s *side) line(p token.Pos) int { return s.tf.Line(p) }

// withoutFields is the fingerprint of n with fl's fields left out.
func (s *side) withoutFields(n ast.Node, fl *ast.FieldList) string {
	list := fl.List
	fl.List = nil
	defer func() { fl.List = list }()
	return s.fp(n)
}

// fieldKey is what pairs two unaligned fields: the first name, or the
// type of an embedded field (or of an interface's embedded type).
func (s *side) fieldKey(f *ast.Field) string {
	if len(f.Names) > 0 {
		return f.Names[0].Name
	}
	return "embedded " + s.fp(f.Type)
}

// fieldRun records the old fields ol.List[oi:oj] replaced by the new ones
// nl.List[ni:nj] as one change. Removed fields come back on a line of
// their own after the preceding new field (or the opening brace).
func (d *differ) fieldRun(fn string, ol, nl *ast.FieldList, oi, oj, ni, nj int) {
	switch {
	case oi == oj && ni == nj:
	case oi == oj:
		at := ol.Opening + 1
		if oi > 0 {
			at = ol.List[oi-1].End()
		}
		d.added("field", fn, nl.List[ni].Pos(), nl.List[nj-1].End(), d.oldPoint(d.old.off(at)), nil)
	case ni == nj:
		at := nl.Opening + 1
		if ni > 0 {
			at = nl.List[ni-1].End()
		}
		from, to := ol.List[oi].Pos(), ol.List[oj-1].End()
		d.removed("field", fn, from, to, d.new.off(at), "\n", "")
	default:
		d.modified("field", fn, ol.List[oi].Pos(), ol.List[oj-1].End(), nl.List[ni].Pos(), nl.List[nj-1].End())
	}
}
