package mutate

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// gen finds the hosts and sites of one file.
type gen struct {
	u     *unit
	src   []byte
	tf    *token.File
	lines map[int][]string   // wanted lines and their ANG values
	insts map[int][]Instance // the wanted lines' instances, for ACR
	hosts []hostSites
	cur   *hostSites
	// repair adds the repair operators (VRP, OBO, ACR).
	repair bool
	// delete adds SDL; ends are the statements it must not delete
	// (terminal).
	delete bool
	ends   map[ast.Stmt]bool
}

func (g *gen) off(p token.Pos) int { return g.tf.Offset(p) }

func (g *gen) text(n ast.Node) string { return string(g.src[g.off(n.Pos()):g.off(n.End())]) }

func (g *gen) line(p token.Pos) int { return g.tf.Line(p) }

func (g *gen) file(f *ast.File) {
	if g.delete {
		g.ends = terminal(f)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			g.stmts(n.List)
		case *ast.CaseClause:
			g.stmts(n.Body)
		case *ast.CommClause:
			g.stmts(n.Body)
		case *ast.IfStmt:
			g.cond(n.Cond)
		case *ast.ForStmt:
			if n.Cond != nil {
				g.cond(n.Cond)
			}
		}
		return true
	})
	slices.SortFunc(g.hosts, func(a, b hostSites) int { return cmp.Compare(a.start, b.start) })
	// Hosts do not nest (a host with a function literal is skipped), but
	// stay safe: drop any host that overlaps the one before it.
	out := g.hosts[:0]
	for _, h := range g.hosts {
		if len(out) > 0 && h.start < out[len(out)-1].end {
			continue
		}
		out = append(out, h)
	}
	g.hosts = out
}

// hasFuncLit reports whether n contains a function literal.
func hasFuncLit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
}

// hasCall reports whether e contains a call that is not a conversion or a
// call of a side-effect-free builtin (len, cap).
func (g *gen) hasCall(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			if tv, ok := g.u.info.Types[c.Fun]; ok && tv.IsType() {
				return true
			}
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
				if b, ok := g.u.info.Uses[id].(*types.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
					return true
				}
			}
			found = true
		}
		return !found
	})
	return found
}

func (g *gen) stmts(list []ast.Stmt) {
	for _, s := range list {
		if hasFuncLit(s) {
			continue
		}
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				// The variant re-evaluates the right-hand side after the
				// original: only constants replace one that calls.
				// With repair, so may a right-hand side whose calls are
				// all of pure functions (pureCalls), evaluated again to
				// no effect.
				pure := !g.hasCall(s) || g.repair && g.pureCalls(s)
				g.host(defineHost, s, g.off(s.TokPos), func() {
					if pure {
						for _, e := range s.Rhs {
							g.expr(e, nil)
							g.vars(e)
							g.argsOffByOne(e, s.Pos())
						}
					}
					if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
						g.value(s.Rhs[0], s.Pos(), pure)
					}
				})
				continue
			}
			g.host(stmtHost, s, 0, func() {
				g.deletion(s)
				for _, e := range s.Lhs {
					g.expr(e, nil)
				}
				for _, e := range s.Rhs {
					g.expr(e, nil)
					g.vars(e)
					g.argsOffByOne(e, s.Pos())
				}
				if len(s.Lhs) == 1 && len(s.Rhs) == 1 && s.Tok == token.ASSIGN {
					g.value(s.Rhs[0], s.Pos(), true)
				}
			})
		case *ast.ReturnStmt:
			g.host(stmtHost, s, 0, func() {
				g.deletion(s)
				for _, e := range s.Results {
					g.expr(e, nil)
					g.vars(e)
					g.argsOffByOne(e, s.Pos())
				}
				if len(s.Results) == 1 {
					g.value(s.Results[0], s.Pos(), true)
				}
			})
		case *ast.ExprStmt:
			g.host(stmtHost, s, 0, func() { g.deletion(s); g.expr(s.X, nil) })
		case *ast.IncDecStmt:
			g.host(stmtHost, s, 0, func() { g.deletion(s); g.expr(s.X, nil) })
		case *ast.SendStmt:
			g.host(stmtHost, s, 0, func() { g.expr(s.Chan, nil); g.expr(s.Value, nil) })
		}
	}
}

func (g *gen) cond(e ast.Expr) {
	if hasFuncLit(e) {
		return
	}
	g.host(condHost, e, 0, func() {
		g.expr(e, nil)
		g.vars(e)
		g.boolean(e, e.Pos(), true)
	})
}

// host collects the sites that fill adds, as a host of the given kind
// spanning n (tok: the offset of a definition's :=); a host without sites
// is not kept.
func (g *gen) host(kind hostKind, n ast.Node, tok int, fill func()) {
	g.cur = &hostSites{kind: kind, start: g.off(n.Pos()), end: g.off(n.End()), tok: tok}
	fill()
	h := g.cur
	g.cur = nil
	if len(h.sites) == 0 {
		return
	}
	// Drop duplicates (the same text replaced the same way), keeping a
	// generic operator's over ANG's: an angelic value equal to a generic
	// mutant is that mutant. Then order by position, outer expressions
	// first, each expression's sites in the order they were made.
	type key struct {
		start, end int
		repl       string
	}
	first := map[key]int{}
	var sites []site
	for _, st := range h.sites {
		k := key{st.start, st.end, st.repl}
		if i, ok := first[k]; ok {
			if sites[i].op == ANG && st.op != ANG {
				sites[i] = st
			}
			continue
		}
		first[k] = len(sites)
		sites = append(sites, st)
	}
	slices.SortStableFunc(sites, func(a, b site) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(b.end, a.end))
	})
	h.sites = sites
	g.hosts = append(g.hosts, *h)
}

// deletion adds SDL's site deleting the statement s (with g.delete),
// unless the function needs it to end (terminal).
func (g *gen) deletion(s ast.Stmt) {
	if g.delete && !g.ends[s] {
		g.add(SDL, s, s.Pos(), "")
	}
}

// terminal returns the statements of f that end a function with
// results, which the function needs to type-check ("missing return"
// without them): the last statement of its body and, where that is a
// block, an if with an else, a switch, a select or a labeled statement,
// the last statements of its branches, and so on down. It may hold
// more than the spec's terminating statements need (a branch of a
// switch without a default): a statement it holds is only not deleted.
func terminal(f *ast.File) map[ast.Stmt]bool {
	out := map[ast.Stmt]bool{}
	var last func(list []ast.Stmt)
	last = func(list []ast.Stmt) {
		if len(list) == 0 {
			return
		}
		s := list[len(list)-1]
		for {
			out[s] = true
			l, ok := s.(*ast.LabeledStmt)
			if !ok {
				break
			}
			s = l.Stmt
		}
		switch s := s.(type) {
		case *ast.BlockStmt:
			last(s.List)
		case *ast.IfStmt:
			for {
				last(s.Body.List)
				if b, ok := s.Else.(*ast.BlockStmt); ok {
					last(b.List)
				}
				el, ok := s.Else.(*ast.IfStmt)
				if !ok {
					break
				}
				s = el
			}
		case *ast.SwitchStmt:
			for _, c := range s.Body.List {
				last(c.(*ast.CaseClause).Body)
			}
		case *ast.TypeSwitchStmt:
			for _, c := range s.Body.List {
				last(c.(*ast.CaseClause).Body)
			}
		case *ast.SelectStmt:
			for _, c := range s.Body.List {
				last(c.(*ast.CommClause).Body)
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		var ft *ast.FuncType
		var body *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncDecl:
			ft, body = n.Type, n.Body
		case *ast.FuncLit:
			ft, body = n.Type, n.Body
		}
		if body != nil && ft.Results != nil && len(ft.Results.List) > 0 {
			last(body.List)
		}
		return true
	})
	return out
}

// add records a site replacing n by repl if its line is wanted.
func (g *gen) add(op Op, n ast.Node, at token.Pos, repl string) {
	l := g.line(at)
	if _, ok := g.lines[l]; !ok {
		return
	}
	orig := g.text(n)
	if repl == orig {
		return
	}
	g.cur.sites = append(g.cur.sites, site{op: op, line: l, col: g.tf.Position(at).Column,
		start: g.off(n.Pos()), end: g.off(n.End()), orig: orig, repl: repl})
}

var (
	relational = []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	arithmetic = []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM}
)

// expr adds the sites of e (not entering function literals or types).
func (g *gen) expr(e ast.Node, parent ast.Node) {
	if e == nil {
		return
	}
	if x, ok := e.(ast.Expr); ok {
		if tv, ok := g.u.info.Types[x]; ok {
			if tv.IsType() {
				return
			}
			if tv.Value != nil {
				g.constant(x, tv, parent)
				return
			}
		}
	}
	switch n := e.(type) {
	case *ast.BinaryExpr:
		g.binary(n)
	case *ast.KeyValueExpr:
		g.expr(n.Value, n)
		return
	case *ast.FuncLit, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
		return
	}
	ast.Inspect(e, func(m ast.Node) bool {
		if m == e {
			return true
		}
		if m != nil {
			g.expr(m, e)
		}
		return false
	})
}

func (g *gen) binary(n *ast.BinaryExpr) {
	x, y := g.text(n.X), g.text(n.Y)
	bin := func(op Op, t token.Token) {
		g.add(op, n, n.OpPos, x+" "+t.String()+" "+y)
	}
	switch {
	case slices.Contains(relational, n.Op):
		tx, ty := g.u.info.TypeOf(n.X), g.u.info.TypeOf(n.Y)
		if tx == nil || ty == nil {
			return
		}
		if ordered(tx) && ordered(ty) {
			for _, t := range relational {
				if t != n.Op {
					bin(ROR, t)
				}
			}
		} else if n.Op == token.EQL {
			bin(ROR, token.NEQ)
		} else if n.Op == token.NEQ {
			bin(ROR, token.EQL)
		}
	case n.Op == token.LAND:
		bin(LCR, token.LOR)
	case n.Op == token.LOR:
		bin(LCR, token.LAND)
	case slices.Contains(arithmetic, n.Op):
		t := g.u.info.TypeOf(n)
		if t == nil {
			return
		}
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsNumeric == 0 || b.Info()&types.IsComplex != 0 {
			return
		}
		zeroY := false
		if tv, ok := g.u.info.Types[n.Y]; ok && tv.Value != nil && constant.Sign(tv.Value) == 0 {
			zeroY = true
		}
		for _, t := range arithmetic {
			if t == n.Op || (t == token.REM && b.Info()&types.IsInteger == 0) || ((t == token.QUO || t == token.REM) && zeroY) {
				continue
			}
			bin(AOR, t)
		}
	}
}

func ordered(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsOrdered != 0
}

// constant adds CRP's sites for the maximal constant expression x.
func (g *gen) constant(x ast.Expr, tv types.TypeAndValue, parent ast.Node) {
	if tv.Value.Kind() != constant.Int {
		return
	}
	switch p := parent.(type) {
	case *ast.IndexExpr:
		if p.Index == x { // a constant index of an array is checked at compile time
			if t := g.u.info.TypeOf(p.X); t != nil {
				if ptr, ok := t.Underlying().(*types.Pointer); ok {
					t = ptr.Elem()
				}
				if _, ok := t.Underlying().(*types.Array); ok {
					return
				}
			}
		}
	case *ast.BinaryExpr:
		if (p.Op == token.SHL || p.Op == token.SHR) && p.Y == x {
			return
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(p.Fun).(*ast.Ident); ok {
			if _, ok := g.u.info.Uses[id].(*types.Builtin); ok {
				return
			}
		}
	case *ast.SliceExpr:
		return
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok || (b.Info()&types.IsInteger == 0 && b.Kind() != types.UntypedInt && b.Kind() != types.UntypedRune) {
		return
	}
	for _, d := range []int64{1, -1} {
		v := constant.BinaryOp(tv.Value, token.ADD, constant.MakeInt64(d))
		if !representable(v, b) {
			continue
		}
		g.add(CRP, x, x.Pos(), intLiteral(v, x))
	}
}

// intLiteral returns the source of the integer constant v replacing the
// constant expression orig: a rune literal if orig is one ('A' for 'B'
// - 1) and v a valid rune, else v's digits, parenthesised when negative.
func intLiteral(v constant.Value, orig ast.Expr) string {
	if lit, ok := ast.Unparen(orig).(*ast.BasicLit); ok && lit.Kind == token.CHAR {
		if r, exact := constant.Int64Val(v); exact && r >= 0 && r <= utf8.MaxRune && utf8.ValidRune(rune(r)) {
			return strconv.QuoteRune(rune(r))
		}
	}
	repl := v.ExactString()
	if constant.Sign(v) < 0 {
		repl = "(" + repl + ")"
	}
	return repl
}

// representable reports whether the integer v fits the basic type b
// (int and uint are taken to be 64 bits; the schema's type check catches
// a narrower target).
func representable(v constant.Value, b *types.Basic) bool {
	var lo, hi int64
	var uhi uint64
	unsigned := false
	switch b.Kind() {
	case types.Int8:
		lo, hi = -1<<7, 1<<7-1
	case types.Int16:
		lo, hi = -1<<15, 1<<15-1
	case types.Int32, types.UntypedRune:
		lo, hi = -1<<31, 1<<31-1
	case types.Uint8:
		unsigned, uhi = true, 1<<8-1
	case types.Uint16:
		unsigned, uhi = true, 1<<16-1
	case types.Uint32:
		unsigned, uhi = true, 1<<32-1
	case types.Uint, types.Uint64, types.Uintptr:
		unsigned, uhi = true, 1<<64-1
	default:
		lo, hi = -1<<63, 1<<63-1
	}
	if unsigned {
		u, exact := constant.Uint64Val(v)
		return exact && constant.Sign(v) >= 0 && u <= uhi
	}
	i, exact := constant.Int64Val(v)
	return exact && lo <= i && i <= hi
}

// boolean adds NEG and CON for a Boolean expression e that is a condition,
// a right-hand side or a result, on the line of at.
func (g *gen) boolean(e ast.Expr, at token.Pos, neg bool) {
	t := g.u.info.TypeOf(e)
	if t == nil {
		return
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
		return
	}
	if neg {
		g.add(NEG, e, at, "!("+g.text(e)+")")
	}
	for _, c := range []string{"true", "false"} {
		g.add(CON, e, at, c)
	}
}

// value adds CON (and NEG if neg) for a Boolean right-hand side or
// result e, and ANG for the line's values that fit e's type.
func (g *gen) value(e ast.Expr, at token.Pos, neg bool) {
	g.boolean(e, at, neg)
	g.offByOne(e, at, neg)
	g.solve(e, at, neg)
	vals := g.lines[g.line(at)]
	if len(vals) == 0 {
		return
	}
	t := g.u.info.TypeOf(e)
	if t == nil {
		return
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return
	}
	for _, v := range vals {
		v = strings.TrimSpace(v)
		switch {
		case b.Info()&types.IsBoolean != 0:
			if v == "true" || v == "false" {
				g.add(ANG, e, at, v)
			}
		case b.Info()&types.IsInteger != 0:
			c, ok := intConst(v)
			if ok && representable(c, b) {
				g.add(ANG, e, at, c.ExactString())
			}
		case b.Info()&types.IsString != 0:
			// A Go string literal (the trace prints strings quoted).
			if s, err := strconv.Unquote(v); err == nil {
				g.add(ANG, e, at, strconv.Quote(s))
			}
		case b.Info()&types.IsFloat != 0:
			if lit, ok := floatLiteral(v, b); ok {
				g.add(ANG, e, at, lit)
			}
		}
	}
}

// intConst parses an integer as trace.Value.String prints it ("42",
// "-3").
func intConst(v string) (constant.Value, bool) {
	c := constant.MakeFromLiteral(strings.TrimPrefix(v, "-"), token.INT, 0)
	if c.Kind() != constant.Int {
		return nil, false
	}
	if strings.HasPrefix(v, "-") {
		c = constant.UnaryOp(token.SUB, c, 0)
	}
	return c, true
}

// solve adds ACR (with repair) for a right-hand side or result e, on the
// line of at, that is a binary expression x op y with one constant
// operand: for each of the line's instances (the value e had in the
// failing run and the angelic value it needed), the constant that gives
// e the angelic value with the other operand's value of that run, when
// there is one. Integers: + and - (the other operand is the run's value
// minus or plus the constant; the new constant must be representable),
// and * when the divisions are exact;
// strings: + (the constant suffix or prefix of the run's value is cut
// off, and the rest must be a prefix or suffix of the angelic value).
// pure is false for a definition whose right-hand side calls a function,
// which a variant must not evaluate again.
func (g *gen) solve(e ast.Expr, at token.Pos, pure bool) {
	insts := g.insts[g.line(at)]
	if !g.repair || !pure || len(insts) == 0 {
		return
	}
	be, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || be.Op != token.ADD && be.Op != token.SUB && be.Op != token.MUL {
		return
	}
	tv, ok := g.u.info.Types[be]
	if !ok || tv.Value != nil || tv.Type == nil {
		return
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	if !ok {
		return
	}
	xc, yc := g.u.info.Types[be.X].Value, g.u.info.Types[be.Y].Value
	if (xc == nil) == (yc == nil) {
		return // no constant operand, or two
	}
	k, kc := be.Y, yc // the constant operand
	if xc != nil {
		k, kc = be.X, xc
	}
	for _, in := range insts {
		var repl string
		switch {
		case b.Info()&types.IsInteger != 0 && kc.Kind() == constant.Int && be.Op == token.MUL:
			// x * c: the run's x is R / c when c divides R, and the new
			// constant A / x when x divides A.
			r, ok1 := intConst(in.Orig)
			a, ok2 := intConst(in.Angelic)
			if !ok1 || !ok2 || constant.Sign(kc) == 0 || constant.Sign(constant.BinaryOp(r, token.REM, kc)) != 0 {
				continue
			}
			x := constant.BinaryOp(r, token.QUO_ASSIGN, kc)
			if constant.Sign(x) == 0 || constant.Sign(constant.BinaryOp(a, token.REM, x)) != 0 {
				continue
			}
			c := constant.BinaryOp(a, token.QUO_ASSIGN, x)
			if !representable(c, b) {
				continue
			}
			repl = intLiteral(c, k)
		case b.Info()&types.IsInteger != 0 && kc.Kind() == constant.Int:
			r, ok1 := intConst(in.Orig)
			a, ok2 := intConst(in.Angelic)
			if !ok1 || !ok2 {
				continue
			}
			d := constant.BinaryOp(a, token.SUB, r)
			op := token.ADD // x + c, c + x and c - x: the constant moves with the result
			if be.Op == token.SUB && k == be.Y {
				op = token.SUB // x - c: against it
			}
			c := constant.BinaryOp(kc, op, d)
			if !representable(c, b) {
				continue
			}
			repl = intLiteral(c, k)
		case b.Info()&types.IsString != 0 && be.Op == token.ADD && kc.Kind() == constant.String:
			r, err1 := strconv.Unquote(in.Orig)
			a, err2 := strconv.Unquote(in.Angelic)
			if err1 != nil || err2 != nil {
				continue
			}
			c := constant.StringVal(kc)
			if k == be.Y { // x + c
				x, ok := strings.CutSuffix(r, c)
				if !ok || !strings.HasPrefix(a, x) {
					continue
				}
				repl = strconv.Quote(a[len(x):])
			} else { // c + y
				y, ok := strings.CutPrefix(r, c)
				if !ok || !strings.HasSuffix(a, y) {
					continue
				}
				repl = strconv.Quote(a[:len(a)-len(y)])
			}
		default:
			continue
		}
		pos := at // the statement's line; the constant's column when on it
		if g.line(k.Pos()) == g.line(at) {
			pos = k.Pos()
		}
		g.add(ACR, k, pos, repl)
	}
}

// floatLiteral returns a constant expression of a float type b that
// evaluates to exactly the value v (as strconv.FormatFloat prints a
// float64, or a float32 widened), and whether there is one: NaNs,
// infinities and negative zero have no constant, and a float32 must hold
// v exactly.
func floatLiteral(v string, b *types.Basic) (string, bool) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f == 0 && math.Signbit(f) {
		return "", false
	}
	if b.Kind() == types.Float32 {
		if float64(float32(f)) != f {
			return "", false
		}
	}
	return strconv.FormatFloat(f, 'g', -1, 64), true
}

// offByOne adds OBO (with repair) for an integer right-hand side or result
// e that is not constant (CRP covers constants), on the line of at: e + 1
// and e - 1. Appending the operator needs no parentheses: an integer
// expression's operator binds at least as tightly as + and -, which
// associate to the left. pure is false for a definition whose right-hand
// side calls a function, which a variant must not evaluate again.
func (g *gen) offByOne(e ast.Expr, at token.Pos, pure bool) {
	if !g.repair || !pure {
		return
	}
	tv, ok := g.u.info.Types[e]
	if !ok || tv.Value != nil || tv.Type == nil {
		return
	}
	if b, ok := tv.Type.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return
	}
	x := g.text(e)
	g.add(OBO, e, at, x+" + 1")
	g.add(OBO, e, at, x+" - 1")
}

// argsOffByOne adds OBO (with repair) for the integer arguments of the
// calls in e of pure functions (pureFunc), on the line of at: a +1
// forgotten inside a size computation, f(n + 1) where f(n) is written,
// which OBO of the whole right-hand side (f(n) + 1) is not. Function
// literals are not entered.
func (g *gen) argsOffByOne(e ast.Expr, at token.Pos) {
	if !g.repair {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if g.pureFunc(n) {
				for _, a := range n.Args {
					if !g.hasCall(a) {
						g.offByOne(a, at, true)
					}
				}
			}
		}
		return true
	})
}

// pureCalls reports whether every call in n is a conversion, len or cap
// (see hasCall) or a call of a pure function (pureFunc) on arguments
// without calls.
func (g *gen) pureCalls(n ast.Node) bool {
	pure := true
	ast.Inspect(n, func(m ast.Node) bool {
		c, ok := m.(*ast.CallExpr)
		if !ok || !pure {
			return pure
		}
		if !g.hasCall(c) {
			return false // a conversion or a builtin, of no call
		}
		if !g.pureFunc(c) || slices.ContainsFunc(c.Args, func(a ast.Expr) bool { return g.hasCall(a) }) {
			pure = false
		}
		return false
	})
	return pure
}

// pureFunc reports whether c calls a function of the package, by its
// name, whose body is one return of one expression without calls
// (hasCall), channel receives or function literals: evaluating it has
// no effect (`func wordsNeeded(i uint) int { return int((i + wordSize
// - 1) / wordSize) }`).
func (g *gen) pureFunc(c *ast.CallExpr) bool {
	if c.Ellipsis.IsValid() {
		return false
	}
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	fn, ok := g.u.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != g.u.types || fn.Type().(*types.Signature).Recv() != nil {
		return false
	}
	for _, f := range g.u.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil || g.u.info.Defs[fd.Name] != fn {
				continue
			}
			if len(fd.Body.List) != 1 {
				return false
			}
			r, ok := fd.Body.List[0].(*ast.ReturnStmt)
			if !ok || len(r.Results) != 1 || g.hasCall(r.Results[0]) || hasFuncLit(r.Results[0]) {
				return false
			}
			recv := false
			ast.Inspect(r.Results[0], func(n ast.Node) bool {
				if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
					recv = true
				}
				return !recv
			})
			return !recv
		}
	}
	return false
}

// vars adds VRP (with repair) for every read of a local variable in e: the
// variable replaced by each other local variable of an identical type
// declared before the read and visible there (not shadowed), parameters
// and results included. Function literals are not entered; a selector's
// field or method, and package-level variables, are not replaced.
func (g *gen) vars(e ast.Node) {
	if !g.repair || e == nil {
		return
	}
	pkgScope := g.u.types.Scope()
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool { return g.varsIn(m, pkgScope) })
			return false
		}
		return g.varsIn(n, pkgScope)
	})
}

// varsIn adds the VRP sites of n if it is an identifier reading a local
// variable, and says whether to look inside n.
func (g *gen) varsIn(n ast.Node, pkgScope *types.Scope) bool {
	if _, ok := n.(*ast.FuncLit); ok {
		return false
	}
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	v, ok := g.u.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == pkgScope || v.Parent() == types.Universe {
		return false
	}
	inner := pkgScope.Innermost(id.Pos())
	if inner == nil {
		return false
	}
	seen := map[string]bool{id.Name: true, "_": true}
	var names []string
	for sc := inner; sc != nil && sc != pkgScope && sc != types.Universe; sc = sc.Parent() {
		for _, name := range sc.Names() { // sorted: deterministic
			if seen[name] {
				continue
			}
			seen[name] = true
			w, ok := sc.Lookup(name).(*types.Var)
			if !ok || w.IsField() || !w.Pos().IsValid() || w.Pos() >= id.Pos() || !types.Identical(w.Type(), v.Type()) {
				continue
			}
			if _, found := inner.LookupParent(name, id.Pos()); found != w {
				continue // shadowed, or declared after the read
			}
			names = append(names, name)
		}
	}
	for _, name := range names {
		g.add(VRP, id, id.Pos(), name)
	}
	return false
}
