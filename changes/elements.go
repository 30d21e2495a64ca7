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
	ofp := make([]string, len(ol.Elts))
	for i, e := range ol.Elts {
		ofp[i] = d.old.fp(e)
	}
	nfp := make([]string, len(nl.Elts))
	for i, e := range nl.Elts {
		nfp[i] = d.new.fp(e)
	}
	pairs := lcs(ofp, nfp)
	if pairs == nil && len(ofp)*len(nfp) > maxLCS {
		return false
	}
	i, j := 0, 0
	for _, p := range append(pairs, [2]int{len(ofp), len(nfp)}) {
		d.eltGap(fn, ol, nl, i, p[0], j, p[1])
		i, j = p[0]+1, p[1]+1
	}
	return true
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

// eltGap diffs the unaligned elements ol.Elts[oi:oj] and nl.Elts[ni:nj]
// between two aligned ones: those of the same key (eltKey) pair and are
// compared, the runs between them are one change each.
func (d *differ) eltGap(fn string, ol, nl *ast.CompositeLit, oi, oj, ni, nj int) {
	if oi == oj && ni == nj {
		return
	}
	ok := make([]string, oj-oi)
	for k := range ok {
		ok[k] = d.old.eltKey(ol.Elts[oi+k])
	}
	nk := make([]string, nj-ni)
	for k := range nk {
		nk[k] = d.new.eltKey(nl.Elts[ni+k])
	}
	i, j := oi, ni
	for _, p := range append(lcs(ok, nk), [2]int{oj - oi, nj - ni}) {
		d.eltRun(fn, ol, nl, i, oi+p[0], j, ni+p[1])
		if oi+p[0] < oj {
			o, n := ol.Elts[oi+p[0]], nl.Elts[ni+p[1]]
			if !d.closures(fn, o, n) {
				d.modified("element", fn, o.Pos(), o.End(), n.Pos(), n.End())
			}
		}
		i, j = oi+p[0]+1, ni+p[1]+1
	}
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
