package locate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
)

// Kind is what a repair at a site replaces; repair.SiteKind numbers
// its kinds as Kind does.
type Kind int

const (
	// Value is an expression whose value the program uses.
	Value Kind = iota
	// Condition is a branch's condition.
	Condition
	// Assignment is the value an assignment stores.
	Assignment
	// Return is the value a return statement of one result returns.
	Return
)

// Site is what the run tells of a site, where Find looks for its
// source.
type Site struct {
	File         string // the file, as errors name it
	Line, Column int    // the position of the site's instruction
	Kind         Kind
	// Expr is the expression as written (an assignment's: its
	// left-hand side); "" where the instruction has no source text.
	Expr string
	// Synthetic says the position is not the one go/ssa gives the
	// value: one borrowed from a neighbouring instruction.
	Synthetic bool
	// BinOp says the instruction is a binary operation.
	BinOp bool
	// Loaded is the variable whose value a condition is, where its
	// load has no position; FnStart and FnEnd are the byte range in
	// the source of the site's function, where its use is looked for.
	Loaded         string
	FnStart, FnEnd int
}

// Span is the source a repair at a site replaces, as Find finds it.
type Span struct {
	// Expr is the Site's Expr, or where it had none, the source found
	// (an assignment's left-hand side; a return's Expr stays "").
	Expr string
	// Replaced is the source a repair replaces: the expression, the
	// condition, the assignment's right-hand side or the result
	// returned; for a compound assignment or an increment, the value it
	// stores as an expression (x - c for x -= c), or x at the load of
	// x's old value; "" where none was found.
	Replaced string
	// Start and End are Replaced's byte offsets in the source (a
	// compound assignment's: its statement's).
	Start, End int
	// Stmt is the offset of the statement a guard precedes; -1: none.
	Stmt int
	// Once says a value or condition is evaluated once each time its
	// statement runs (see once); Result that it is the whole result of
	// the return statement at Stmt.
	Once, Result bool

	assign string // what precedes a replacement at a compound assignment: "x = "
	rest   string // what follows it at the load of a compound assignment's variable: " - c"
	prec   int    // the binding of the site's context (operandContext); 0: none
	right  bool   // the site is a binary operator's right operand
}

// Text returns the source that takes the place of Start to End for
// replacement repl: repl, parenthesized where the operator around the
// site binds tighter or a unary expression would merge with it, within
// the assignment a compound assignment or an increment becomes.
func (sp *Span) Text(repl string) string { return sp.assign + sp.wrap(repl) + sp.rest }

// Find finds the source a repair at s replaces in src, the content of
// s.File: for a value or a condition, the smallest expression around
// the instruction's position whose text is the site's Expr or, where
// the instruction has no source text (Expr ""), the expression to which
// go/ssa gives that position (a call's parenthesis, an index's bracket,
// a field's name: see ssaPos), an operand of && or || included, unless
// the position is not the value's own (Synthetic: a variable's load has
// none); for a branch on a variable's value, the variable's one use in
// the site's function where go/ssa branches on it (see loadedUse); for
// an assignment, the right-hand side of the assignment on the site's
// line whose left-hand side is Expr (or, Expr "", is at the position,
// as an element's store is at its bracket); for a return, its result;
// for a compound assignment x op= e or an x++ / x-- (its operation or
// its store, both at x), the statement, which a patch replaces with x
// = replacement, Replaced its value as an expression (x op e); for the
// load of x's old value there, the statement too, which a patch
// replaces with x = replacement op e, Replaced being x. A site whose
// source is not found, or that is the left-hand side of another
// assignment, keeps Replaced empty. The error is for a source that does
// not parse or a line that is not in it.
func Find(src []byte, s Site) (Span, error) {
	q := s // q.Expr: the left-hand side found
	var sp Span
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, s.File, src, parser.SkipObjectResolution)
	if err != nil {
		return sp, fmt.Errorf("localize: repair: the site's source: %w", err)
	}
	tf := fset.File(f.Pos())
	if s.Line < 1 || s.Line > tf.LineCount() {
		return sp, fmt.Errorf("localize: repair: line %d is not in %s", s.Line, s.File)
	}
	pos := tf.LineStart(s.Line) + token.Pos(s.Column-1)
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	// lhs reports whether l is the left-hand side the site stores to.
	lhs := func(l ast.Expr) bool {
		return q.Expr != "" && text(l) == q.Expr || q.Expr == "" && !s.Synthetic && ssaPos(l) == pos
	}
	var best, parent ast.Node // parent: best's, where best is an operand
	var byPos, byPosParent ast.Node
	var around, byPosAround []ast.Node // the nodes around best and byPos, outermost first
	var upd ast.Stmt                   // a compound assignment or x++ / x--: best, rewritten as lhs = value
	load := false                      // the site is the load of upd's old value
	var stack []ast.Node
	sp.Stmt = schema.StmtAround(f, tf, tf.Offset(pos))
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if n.Pos() > pos || n.End() <= pos {
			return false
		}
		var up ast.Node // n's parent
		if len(stack) > 0 {
			up = stack[len(stack)-1]
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if compound(n) != token.ILLEGAL && text(n.Lhs[0]) == q.Expr {
				switch {
				case s.update():
					best, upd = n, n
					return false
				case s.Kind == Value && within(n.Lhs[0], pos):
					best, upd, load = n, n, true
					return false
				}
			}
			if s.Kind != Assignment || len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				break
			}
			for i, l := range n.Lhs {
				if lhs(l) {
					best, parent = n.Rhs[i], nil
					q.Expr = text(l)
				}
			}
		case *ast.ValueSpec:
			if s.Kind != Assignment || len(n.Names) != len(n.Values) {
				break
			}
			for i, l := range n.Names {
				if lhs(l) {
					best, parent = n.Values[i], nil
					q.Expr = l.Name
				}
			}
		case *ast.IncDecStmt:
			if text(n.X) == q.Expr {
				switch {
				case s.update():
					best, upd = n, n
					return false
				case s.Kind == Value && within(n.X, pos):
					best, upd, load = n, n, true
					return false
				}
			}
		case *ast.ReturnStmt:
			if s.Kind == Return && len(n.Results) == 1 {
				best, parent = n.Results[0], nil
			}
		case ast.Expr:
			if s.Kind != Assignment && s.Kind != Return {
				if q.Expr != "" && text(n) == q.Expr {
					best, parent = n, up // the innermost wins: Inspect goes down
					around = slices.Clone(stack)
				}
				if byPos == nil && q.Expr == "" && !s.Synthetic && ssaPos(n) == pos {
					byPos, byPosParent = n, up // the outermost: a selector before its name
					byPosAround = slices.Clone(stack)
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	if best == nil && byPos != nil {
		best, parent, around = byPos, byPosParent, byPosAround
	}
	if best == nil && s.Kind == Condition && q.Expr == "" && s.Loaded != "" {
		// A branch on a variable's value: its one use where go/ssa
		// branches on it.
		if id, stack := s.loadedUse(f, tf); id != nil {
			best, parent, around = id, stack[len(stack)-1], stack
			sp.Stmt = schema.StmtAround(f, tf, tf.Offset(id.Pos()))
		}
	}
	if best == nil && (s.Kind == Assignment || s.Kind == Return) {
		// A Store's or Return's position need not be within its
		// statement: look on the line.
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if s.Kind == Assignment && tf.Line(n.Pos()) == s.Line && len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					for i, l := range n.Lhs {
						if lhs(l) {
							best = n.Rhs[i]
							q.Expr = text(l)
						}
					}
				}
			case *ast.ReturnStmt:
				if s.Kind == Return && tf.Line(n.Pos()) == s.Line && len(n.Results) == 1 {
					best = n.Results[0]
				}
			}
			return best == nil
		})
	}
	if assigned(parent, best) {
		best = nil // the variable an assignment stores to is no value
	}
	if best != nil {
		sp.Start, sp.End = tf.Offset(best.Pos()), tf.Offset(best.End())
		sp.Replaced = string(src[sp.Start:sp.End])
		sp.prec, sp.right = operandContext(parent, best)
		if (s.Kind == Value || s.Kind == Condition) && sp.Stmt >= 0 {
			sp.Once = once(around, best, tf.Pos(sp.Stmt))
			sp.Result = result(around, best, tf.Pos(sp.Stmt))
		}
		if q.Expr == "" && s.Kind != Return {
			q.Expr = sp.Replaced
		}
	}
	var op token.Token // a compound assignment's or increment's operator
	var x, rhs string  // its variable and operand
	switch n := upd.(type) {
	case *ast.AssignStmt:
		// x -= c computes x - c and stores it.
		op, x, rhs = compound(n), text(n.Lhs[0]), text(n.Rhs[0])
		if !term.Simple(rhs) {
			rhs = "(" + rhs + ")"
		}
	case *ast.IncDecStmt:
		op, x, rhs = token.ADD, text(n.X), "1"
		if n.Tok == token.DEC {
			op = token.SUB
		}
	}
	switch {
	case upd == nil:
	case load:
		// The old value of x: a repair replaces the statement with
		// x = repl op c.
		sp.assign, sp.rest = x+" = ", " "+op.String()+" "+rhs
		sp.prec, sp.right = op.Precedence(), false
		sp.Replaced = x
	default:
		// The value stored: a repair replaces the statement with
		// x = repl.
		sp.assign = x + " = "
		sp.Replaced = x + " " + op.String() + " " + rhs
	}
	sp.Expr = q.Expr
	return sp, nil
}

// loadedUse returns the use of the variable s.Loaded, in the site's
// function, on whose value go/ssa branches (see branched), with the
// nodes around it, outermost first; nil unless there is exactly one
// (a variable of the same name that shadows it counts as a use).
func (s Site) loadedUse(f *ast.File, tf *token.File) (*ast.Ident, []ast.Node) {
	var hit *ast.Ident
	var hitAround []ast.Node
	n := 0
	var stack []ast.Node
	ast.Inspect(f, func(x ast.Node) bool {
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if tf.Offset(x.End()) <= s.FnStart || tf.Offset(x.Pos()) >= s.FnEnd {
			return false
		}
		if id, ok := x.(*ast.Ident); ok && id.Name == s.Loaded && tf.Offset(id.Pos()) >= s.FnStart && branched(stack, id) {
			n++
			hit, hitAround = id, slices.Clone(stack)
		}
		stack = append(stack, x)
		return true
	})
	if n != 1 {
		return nil, nil
	}
	return hit, hitAround
}

// branched reports whether go/ssa branches on the value of e, inside the
// nodes around it (outermost first): e is an operand of && or ||, or an
// if's or a for's condition or a case of a switch without a tag, under
// parentheses and !.
func branched(around []ast.Node, e ast.Node) bool {
	cur := e
	for i := len(around) - 1; i >= 0; i-- {
		switch p := around[i].(type) {
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			if p.Op != token.NOT {
				return false
			}
		case *ast.BinaryExpr:
			return p.Op == token.LAND || p.Op == token.LOR
		case *ast.IfStmt:
			return p.Cond == cur
		case *ast.ForStmt:
			return p.Cond == cur
		case *ast.CaseClause:
			// A case of a switch without a tag is a condition.
			sw, ok := ast.Node(nil), false
			if i >= 2 {
				sw = around[i-2]
			}
			if s, isSwitch := sw.(*ast.SwitchStmt); isSwitch {
				ok = s.Tag == nil
			}
			return ok
		default:
			return false
		}
		cur = around[i]
	}
	return false
}

// once reports whether expression e, inside the nodes around it
// (outermost first, its parent last), is evaluated once each time the
// statement at stmt runs: that statement is an assignment, a return, an
// expression statement or an if without an initialization whose
// condition holds e, and e is in no right operand of && or || (which
// runs only when the left one does not decide) and no function literal.
// A guard before the statement then sees at e's instances every
// execution of the statement.
func once(around []ast.Node, e ast.Node, stmt token.Pos) bool {
	cur := e
	for i := len(around) - 1; i >= 0; i-- {
		switch p := around[i].(type) {
		case *ast.BinaryExpr:
			if (p.Op == token.LAND || p.Op == token.LOR) && p.Y == cur {
				return false
			}
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			return p.Cond == cur && p.Init == nil && p.Pos() == stmt
		case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.DeclStmt:
			return p.Pos() == stmt
		case *ast.ValueSpec, *ast.GenDecl, ast.Expr:
		default:
			return false // a loop, a switch, a go or defer statement...
		}
		cur = around[i]
	}
	return false
}

// result reports whether expression e, inside the nodes around it
// (outermost first, its parent last), is, parentheses aside, the one
// result of the return statement at stmt.
func result(around []ast.Node, e ast.Node, stmt token.Pos) bool {
	cur := e
	for i := len(around) - 1; i >= 0; i-- {
		switch p := around[i].(type) {
		case *ast.ParenExpr:
			cur = p
			continue
		case *ast.ReturnStmt:
			return len(p.Results) == 1 && p.Results[0] == cur && p.Pos() == stmt
		}
		return false
	}
	return false
}

// within reports whether pos is within n.
func within(n ast.Node, pos token.Pos) bool { return n.Pos() <= pos && pos < n.End() }

// assigned reports whether e is the left-hand side of an assignment or
// of an increment, its parent: a variable stored to, not a value a
// replacement can take the place of.
func assigned(parent, e ast.Node) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == e {
				return true
			}
		}
	case *ast.IncDecStmt:
		return p.X == e
	}
	return false
}

// ssaPos returns the position go/ssa gives the value of expression e:
// a binary or unary operation's operator, a call's or a type
// assertion's opening parenthesis, an index's or a slice's bracket, a
// selector's name, a dereference's star, a composite literal's brace;
// else e's start.
func ssaPos(e ast.Node) token.Pos {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return e.OpPos
	case *ast.UnaryExpr:
		return e.OpPos
	case *ast.CallExpr:
		return e.Lparen
	case *ast.TypeAssertExpr:
		return e.Lparen
	case *ast.IndexExpr:
		return e.Lbrack
	case *ast.SliceExpr:
		return e.Lbrack
	case *ast.SelectorExpr:
		return e.Sel.Pos()
	case *ast.StarExpr:
		return e.Star
	case *ast.CompositeLit:
		return e.Lbrace
	}
	return e.Pos()
}

// operandContext returns how tightly the expression around e, its
// parent, binds e: the precedence of a binary operator e is an operand
// of (right: e is its right operand), token.UnaryPrec under a unary
// operator, token.HighestPrec as the operand of a selector, index,
// slice, type assertion or call; 0 elsewhere (a statement, parentheses,
// an argument), where a replacement needs no parentheses.
func operandContext(parent, e ast.Node) (prec int, right bool) {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		return p.Op.Precedence(), p.Y == e
	case *ast.UnaryExpr, *ast.StarExpr:
		return token.UnaryPrec, false
	case *ast.SelectorExpr:
		if p.X == e {
			return token.HighestPrec, false
		}
	case *ast.IndexExpr:
		if p.X == e {
			return token.HighestPrec, false
		}
	case *ast.SliceExpr:
		if p.X == e {
			return token.HighestPrec, false
		}
	case *ast.TypeAssertExpr:
		if p.X == e {
			return token.HighestPrec, false
		}
	case *ast.CallExpr:
		if p.Fun == e {
			return token.HighestPrec, false
		}
	}
	return 0, false
}

// wrap returns repl as the site's context needs it: parenthesized where
// its operator binds less tightly than the one around the site (a sum
// replacing a product's operand), or where it is a unary expression
// under an operator (- -x is not --x).
func (sp *Span) wrap(repl string) string {
	if sp.prec == 0 {
		return repl
	}
	e, err := parser.ParseExpr(repl)
	if err != nil {
		return repl
	}
	need := false
	switch e := e.(type) {
	case *ast.BinaryExpr:
		q := e.Op.Precedence()
		need = q < sp.prec || q == sp.prec && sp.right
	case *ast.UnaryExpr, *ast.StarExpr:
		need = sp.prec >= token.UnaryPrec
	}
	if need {
		return "(" + repl + ")"
	}
	return repl
}

// update reports whether s, at the start of a compound assignment or
// an increment, is the value it stores: the store (an assignment site)
// or the operation (a value site), both placed, as the load of the old
// value is, at the left-hand side.
func (s Site) update() bool {
	return s.Kind == Assignment || s.Kind == Value && s.BinOp
}

// compound returns the operator of a compound assignment of one
// variable (token.SUB for x -= c); token.ILLEGAL for another statement.
func compound(n *ast.AssignStmt) token.Token {
	if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
		return token.ILLEGAL
	}
	switch n.Tok {
	case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN,
		token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.SHL_ASSIGN, token.SHR_ASSIGN, token.AND_NOT_ASSIGN:
		return n.Tok - (token.ADD_ASSIGN - token.ADD)
	}
	return token.ILLEGAL
}
