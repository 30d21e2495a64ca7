package changes

import (
	"go/ast"
	"go/token"
	"reflect"
)

// maxLCS bounds the product of the lengths of two statement lists aligned
// by longest common subsequence; longer lists differ as one change.
const maxLCS = 1 << 22

// stmt diffs two versions of a statement known to correspond, recursing
// into compound statements of the same kind so that a change is as small
// as the syntax allows: an if whose condition alone changed is one "if
// header" change, not the whole if.
func (d *differ) stmt(fn string, o, n ast.Stmt) {
	if d.old.fp(o) == d.new.fp(n) {
		return
	}
	if reflect.TypeOf(o) != reflect.TypeOf(n) {
		d.modified("stmt", fn, o.Pos(), o.End(), n.Pos(), n.End())
		return
	}
	switch o := o.(type) {
	case *ast.BlockStmt:
		nb := n.(*ast.BlockStmt)
		d.list(fn, o.List, nb.List, o.Lbrace+1, nb.Lbrace+1)
	case *ast.IfStmt:
		ni := n.(*ast.IfStmt)
		if d.old.fp(o.Init, o.Cond) != d.new.fp(ni.Init, ni.Cond) {
			d.modified("if header", fn, o.Pos(), o.Body.Lbrace, ni.Pos(), ni.Body.Lbrace)
		}
		d.stmt(fn, o.Body, ni.Body)
		switch {
		case o.Else == nil && ni.Else == nil:
		case o.Else != nil && ni.Else != nil && reflect.TypeOf(o.Else) == reflect.TypeOf(ni.Else):
			d.stmt(fn, o.Else, ni.Else)
		case ni.Else == nil:
			d.removed("else", fn, o.Body.End(), o.End(), d.new.off(ni.Body.End()), "", "")
		case o.Else == nil:
			d.addedElse(fn, ni, d.oldPoint(d.old.off(o.Body.End())), nil)
		default:
			d.modified("else", fn, o.Body.End(), o.End(), ni.Body.End(), ni.End())
		}
	case *ast.ForStmt:
		nf := n.(*ast.ForStmt)
		if d.old.fp(o.Init, o.Cond, o.Post) != d.new.fp(nf.Init, nf.Cond, nf.Post) {
			d.modified("for header", fn, o.Pos(), o.Body.Lbrace, nf.Pos(), nf.Body.Lbrace)
		}
		d.stmt(fn, o.Body, nf.Body)
	case *ast.RangeStmt:
		nr := n.(*ast.RangeStmt)
		if d.old.fp(o.Key, o.Value, o.Tok, o.X) != d.new.fp(nr.Key, nr.Value, nr.Tok, nr.X) {
			d.modified("for header", fn, o.Pos(), o.Body.Lbrace, nr.Pos(), nr.Body.Lbrace)
		}
		d.stmt(fn, o.Body, nr.Body)
	case *ast.SwitchStmt:
		ns := n.(*ast.SwitchStmt)
		if d.old.fp(o.Init, o.Tag) != d.new.fp(ns.Init, ns.Tag) {
			d.modified("switch header", fn, o.Pos(), o.Body.Lbrace, ns.Pos(), ns.Body.Lbrace)
		}
		d.stmt(fn, o.Body, ns.Body)
	case *ast.TypeSwitchStmt:
		ns := n.(*ast.TypeSwitchStmt)
		if d.old.fp(o.Init, o.Assign) != d.new.fp(ns.Init, ns.Assign) {
			d.modified("switch header", fn, o.Pos(), o.Body.Lbrace, ns.Pos(), ns.Body.Lbrace)
		}
		d.stmt(fn, o.Body, ns.Body)
	case *ast.SelectStmt:
		d.stmt(fn, o.Body, n.(*ast.SelectStmt).Body)
	case *ast.CaseClause:
		nc := n.(*ast.CaseClause)
		var ol, nl []ast.Node
		for _, e := range o.List {
			ol = append(ol, e)
		}
		for _, e := range nc.List {
			nl = append(nl, e)
		}
		if d.old.fp(toAny(ol)...) != d.new.fp(toAny(nl)...) {
			d.modified("case header", fn, o.Pos(), o.Colon+1, nc.Pos(), nc.Colon+1)
		}
		d.list(fn, o.Body, nc.Body, o.Colon+1, nc.Colon+1)
	case *ast.CommClause:
		nc := n.(*ast.CommClause)
		if d.old.fp(o.Comm) != d.new.fp(nc.Comm) {
			d.modified("case header", fn, o.Pos(), o.Colon+1, nc.Pos(), nc.Colon+1)
		}
		d.list(fn, o.Body, nc.Body, o.Colon+1, nc.Colon+1)
	case *ast.LabeledStmt:
		nl := n.(*ast.LabeledStmt)
		if o.Label.Name != nl.Label.Name {
			d.modified("stmt", fn, o.Pos(), o.End(), n.Pos(), n.End())
			return
		}
		d.stmt(fn, o.Stmt, nl.Stmt)
	default:
		if !d.closures(fn, o, n) {
			d.modified("stmt", fn, o.Pos(), o.End(), n.Pos(), n.End())
		}
	}
}

func toAny(ns []ast.Node) []any {
	out := make([]any, len(ns))
	for i, n := range ns {
		out[i] = n
	}
	return out
}

// list diffs two statement lists, aligned by the longest common
// subsequence of their fingerprints. oOpen and nOpen are where the lists
// start (just inside their brace or after their case's colon), where a
// revert inserts old statements that precede every new one.
func (d *differ) list(fn string, o, n []ast.Stmt, oOpen, nOpen token.Pos) {
	ofp := make([]string, len(o))
	for i, s := range o {
		ofp[i] = d.old.fp(s)
	}
	nfp := make([]string, len(n))
	for i, s := range n {
		nfp[i] = d.new.fp(s)
	}
	pairs := lcs(ofp, nfp)
	if pairs == nil && len(o)*len(n) > maxLCS {
		// Too long to align: one change for the whole list.
		d.run(fn, o, n, oOpen, nOpen)
		return
	}
	i, j := 0, 0
	for _, p := range append(pairs, [2]int{len(o), len(n)}) {
		d.gap(fn, o[i:p[0]], n[j:p[1]], prevEnd(o, i, oOpen), prevEnd(n, j, nOpen))
		i, j = p[0]+1, p[1]+1
	}
}

// prevEnd is where code inserted before n[j] goes: after n[j-1], or at the
// list's start.
func prevEnd(n []ast.Stmt, j int, open token.Pos) token.Pos {
	if j > 0 {
		return n[j-1].End()
	}
	return open
}

// gap diffs the unaligned statements between two aligned ones: pairs of
// the same kind at the same position recurse, the rest are one change.
func (d *differ) gap(fn string, o, n []ast.Stmt, oAt, nAt token.Pos) {
	switch {
	case len(o) == 0 && len(n) == 0:
	case len(o) == len(n):
		for k := range o {
			d.stmt(fn, o[k], n[k])
		}
	default:
		// Pair statements of the same kind (longest common subsequence
		// of their kinds); what stays unpaired is added or removed.
		ok := make([]string, len(o))
		for k, s := range o {
			ok[k] = reflect.TypeOf(s).String()
		}
		nk := make([]string, len(n))
		for k, s := range n {
			nk[k] = reflect.TypeOf(s).String()
		}
		pairs := lcs(ok, nk)
		if len(pairs) == 0 {
			d.run(fn, o, n, oAt, nAt)
			return
		}
		i, j := 0, 0
		for _, p := range append(pairs, [2]int{len(o), len(n)}) {
			d.run(fn, o[i:p[0]], n[j:p[1]], prevEnd(o, i, oAt), prevEnd(n, j, nAt))
			if p[0] < len(o) {
				d.stmt(fn, o[p[0]], n[p[1]])
			}
			i, j = p[0]+1, p[1]+1
		}
	}
}

// run records the old statements o replaced by the new statements n as
// one change, or each added statement as its own; oAt and nAt are where
// the statements of one version would go in the other when that one has
// none.
func (d *differ) run(fn string, o, n []ast.Stmt, oAt, nAt token.Pos) {
	switch {
	case len(o) == 0 && len(n) == 0:
	case len(o) == 0:
		d.addedList(fn, n, d.oldPoint(d.old.off(oAt)), nil)
	case len(n) == 0:
		d.removed("stmt", fn, o[0].Pos(), o[len(o)-1].End(), d.new.off(nAt), "\n", "")
	default:
		d.modified("stmt", fn, o[0].Pos(), o[len(o)-1].End(), n[0].Pos(), n[len(n)-1].End())
	}
}

// lcs returns the index pairs of a longest common subsequence of a and b,
// or nil if the lists are too long to align (or have nothing in common).
func lcs(a, b []string) [][2]int {
	if len(a)*len(b) > maxLCS || len(a) == 0 || len(b) == 0 {
		return nil
	}
	// t[i][j]: LCS length of a[i:], b[j:].
	w := len(b) + 1
	t := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i*w+j] = t[(i+1)*w+j+1] + 1
			} else {
				t[i*w+j] = max(t[(i+1)*w+j], t[i*w+j+1])
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			out = append(out, [2]int{i, j})
			i, j = i+1, j+1
		case t[(i+1)*w+j] >= t[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return out
}
