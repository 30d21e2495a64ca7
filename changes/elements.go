package changes

import (
	"go/ast"
	"go/token"
)

// elements diffs two versions of a declaration whose one value is a
// composite literal (a table: var builtins = []*Func{{Name: "get", …},
// …}) and which differ only in the literal's elements, element by
// element, and reports whether it did; otherwise the caller records one
// change. A table of a thousand lines is otherwise one change, and
// reverting it reverts every entry.
func (d *differ) elements(fn string, o, n ast.Node) bool {
	ol, nl := tableLit(o), tableLit(n)
	if ol == nil || nl == nil || len(ol.Elts) == 0 && len(nl.Elts) == 0 {
		return false
	}
	if d.old.withoutElts(o, ol) != d.new.withoutElts(n, nl) {
		return false
	}
	fps := func(sd *side, l *ast.CompositeLit) []string {
		out := make([]string, len(l.Elts))
		for i, e := range l.Elts {
			out[i] = sd.fp(e)
		}
		return out
	}
	okey := func(i int) string { return d.old.eltKey(ol.Elts[i]) }
	nkey := func(i int) string { return d.new.eltKey(nl.Elts[i]) }
	return align(fps(d.old, ol), fps(d.new, nl), okey, nkey, func(oi, oj, ni, nj int) { d.eltRun(fn, ol, nl, oi, oj, ni, nj) }, func(i, j int) {
		o, n := ol.Elts[i], nl.Elts[j]
		if !d.closures(fn, o, n) {
			d.modified("element", fn, o.Pos(), o.End(), n.Pos(), n.End())
		}
	})
}

// tableLit returns the composite literal that is the one value of n, a
// declaration of one spec or a spec (&T{…} counts), or nil.
func tableLit(n ast.Node) *ast.CompositeLit {
	if g, ok := n.(*ast.GenDecl); ok && len(g.Specs) == 1 {
		n = g.Specs[0]
	}
	vs, ok := n.(*ast.ValueSpec)
	if !ok || len(vs.Values) != 1 {
		return nil
	}
	v := vs.Values[0]
	if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
		v = u.X
	}
	lit, _ := v.(*ast.CompositeLit)
	return lit
}

// withoutElts is the fingerprint of n with lit's elements left out.
func (s *side) withoutElts(n ast.Node, lit *ast.CompositeLit) string {
	elts := lit.Elts
	lit.Elts = nil
	defer func() { lit.Elts = elts }()
	return s.fp(n)
}

// eltKey is what pairs two unaligned elements: the key of a key-value
// element, the first element of a literal (a table's entry, Name:
// "get"), or nothing (any two such elements pair, in order).
func (s *side) eltKey(e ast.Expr) string {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	switch e := e.(type) {
	case *ast.KeyValueExpr:
		return "kv " + s.fp(e.Key)
	case *ast.CompositeLit:
		if len(e.Elts) > 0 {
			return "lit " + s.fp(e.Elts[0])
		}
	}
	return ""
}

// eltRun records the old elements ol.Elts[oi:oj] replaced by the new
// ones nl.Elts[ni:nj] as one change. Added elements span their trailing
// comma, so that deleting them leaves a literal that parses; removed
// ones come back with a comma after them, after the preceding new
// element's comma (or the opening brace).
func (d *differ) eltRun(fn string, ol, nl *ast.CompositeLit, oi, oj, ni, nj int) {
	switch {
	case oi == oj && ni == nj:
	case oi == oj:
		at := ol.Lbrace + 1
		if oi > 0 {
			at = d.old.afterComma(ol.Elts[oi-1])
		}
		c := d.added("element", fn, nl.Elts[ni].Pos(), d.new.afterComma(nl.Elts[nj-1]), d.oldPoint(d.old.off(at)), nil)
		d.addedFuncLits(fn, c.Old, c, exprs(nl.Elts[ni:nj])...)
	case ni == nj:
		at, sep := nl.Lbrace+1, "\n"
		if ni > 0 {
			prev := nl.Elts[ni-1]
			if at = d.new.afterComma(prev); at == prev.End() {
				sep = ", "
			}
		}
		from, to := ol.Elts[oi].Pos(), ol.Elts[oj-1].End()
		d.removed("element", fn, from, to, d.new.off(at), sep, d.old.text(from, to)+",")
	default:
		d.modified("element", fn, ol.Elts[oi].Pos(), ol.Elts[oj-1].End(), nl.Elts[ni].Pos(), nl.Elts[nj-1].End())
	}
}

// afterComma is the position after the comma that follows e, past
// spaces and comments, or e's end when no comma follows.
func (s *side) afterComma(e ast.Expr) token.Pos {
	src := s.src
	for k := s.off(e.End()); k < len(src); k++ {
		switch c := src[k]; {
		case c == ',':
			return s.tf.Pos(k + 1)
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		case c == '/' && k+1 < len(src) && src[k+1] == '/':
			for k < len(src) && src[k] != '\n' {
				k++
			}
		case c == '/' && k+1 < len(src) && src[k+1] == '*':
			for k += 2; k+1 < len(src) && !(src[k] == '*' && src[k+1] == '/'); k++ {
			}
			k++
		default:
			return e.End()
		}
	}
	return e.End()
}

// exprs returns es as nodes.
func exprs(es []ast.Expr) []ast.Node {
	out := make([]ast.Node, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}
