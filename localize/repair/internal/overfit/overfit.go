package overfit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

const (
	// DeleteControl: a deletion of statements that hold a
	// control statement or an exit (if, for, switch, select, return,
	// break, continue, goto): Tan et al.'s anti-delete control
	// statement and anti-delete CFG exit node.
	DeleteControl = "deletes control flow"
	// ConstantCondition: a condition replaced by true or false,
	// which deletes a branch's test: the same anti-pattern for a
	// condition.
	ConstantCondition = "condition made constant"
	// LiteralForName: a named value (a constant, a variable, a
	// field) replaced by a literal: the name carries the intent, and
	// a literal that fits the tests is usually one of their inputs
	// (wordSize by 65).
	LiteralForName = "literal for a name"
	// DropsOriginal: an expression of several terms replaced by
	// one that has none of its variables or names: the replacement
	// computes something else, fitted to the tests' values.
	DropsOriginal = "drops the original's names"
	// TrivialCondition: the patch brings a comparison that is
	// constant whatever the values (len(x) < 0, len(x) == -1), a
	// conjunction of comparisons of one operand with integer
	// constants that no value satisfies (n == 0 && n > 0), or a
	// condition joined with its negation (err != nil && !(err !=
	// nil), a == b || a != b).
	TrivialCondition = "trivial condition"
	// MagicGuard: an inserted guard, or a conjunct added to a
	// condition, whose every comparison tests a variable against a
	// nonzero integer literal (`if i > 1 { return }`): a guard on one
	// input the tests happen to use, not on a property of the data
	// (nil, a length, a bound held in a variable).
	MagicGuard = "guard on a magic number"
)

// Signs returns the overfitting signs of the patch that replaces orig
// by repl (see the sign constants), none if its text is not Go that
// the signs read. An insertion has an empty orig, a deletion an empty
// repl. patched is the patched file and line and column (1-based)
// where repl stands in it as it was put there; with a line below 1,
// or a nil patched, the signs read the texts alone.
func Signs(orig, repl string, patched []byte, line, column int) []string {
	var signs []string
	rawOrig, rawRepl := orig, repl
	orig, repl = strings.TrimSpace(orig), strings.TrimSpace(repl)
	if orig != "" && repl == "" {
		if hasControl(parseStmts(orig)) {
			signs = append(signs, DeleteControl)
		}
		return signs
	}
	oe, re := parseExpr(orig), parseExpr(repl)
	var newCond ast.Expr // the condition the patch adds, if it adds one
	if orig == "" {
		if st := parseStmts(repl); len(st) == 1 {
			if is, ok := st[0].(*ast.IfStmt); ok && is.Init == nil && is.Else == nil {
				newCond = is.Cond
			}
		}
	}
	if oe != nil && re != nil {
		o, r := unparen(oe), unparen(re)
		if id, ok := r.(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") && !isBoolLit(o) {
			signs = append(signs, ConstantCondition)
		}
		if isName(o) && isLiteral(r) {
			signs = append(signs, LiteralForName)
		}
		if !isName(o) && !isLiteral(o) && !isBoolLit(r) && !intersects(names(o), names(r)) && len(names(o)) > 0 {
			signs = append(signs, DropsOriginal)
		}
		if b, ok := r.(*ast.BinaryExpr); ok && b.Op == token.LAND && exprText(unparen(b.X)) == exprText(o) {
			newCond = b.Y
		}
	}
	if re != nil || newCond != nil {
		in := re
		if in == nil {
			in = newCond
		}
		if trivial(in) && (oe == nil || !trivial(oe)) {
			signs = append(signs, TrivialCondition)
		}
	}
	if !slices.Contains(signs, TrivialCondition) {
		if pe, oe := enclosingComparison(rawOrig, rawRepl, patched, line, column); pe != nil && oe != nil && trivial(pe) && !trivial(oe) {
			signs = append(signs, TrivialCondition)
		}
	}
	if newCond != nil && magic(newCond) {
		signs = append(signs, MagicGuard)
	}
	return signs
}

// enclosingComparison returns the comparison of the patched file
// whose operand repl (at line and column) is, and the same comparison
// with orig in its place: a literal moved (0 to -1) can make a
// comparison trivial that neither literal shows alone. Nil when there
// is no file, no source replaced, or repl is no operand of a
// comparison.
func enclosingComparison(orig, repl string, src []byte, line, column int) (patched, original ast.Expr) {
	if src == nil || orig == "" || line < 1 || column < 1 {
		return nil, nil
	}
	start := 0
	for range line - 1 {
		i := bytes.IndexByte(src[start:], '\n')
		if i < 0 {
			return nil, nil
		}
		start += i + 1
	}
	start += column - 1
	end := start + len(repl)
	if end > len(src) || string(src[start:end]) != repl {
		return nil, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil
	}
	tf := fset.File(f.Pos())
	var cmp *ast.BinaryExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || tf.Offset(n.Pos()) > start || tf.Offset(n.End()) < end {
			return false
		}
		if b, ok := n.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				cmp = b // the innermost yet
			}
		}
		return true
	})
	if cmp == nil {
		return nil, nil
	}
	from, to := tf.Offset(cmp.Pos()), tf.Offset(cmp.End())
	text := string(src[from:to])
	return cmp, parseExpr(text[:start-from] + orig + text[end-from:])
}

// parseExpr parses s as a Go expression: nil if it is not one.
func parseExpr(s string) ast.Expr {
	if s == "" {
		return nil
	}
	e, err := parser.ParseExpr(s)
	if err != nil {
		return nil
	}
	return e
}

// parseStmts parses s as a list of Go statements: nil if it is not one.
func parseStmts(s string) []ast.Stmt {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p\nfunc _() {\n"+s+"\n}\n", 0)
	if err != nil || len(f.Decls) != 1 {
		return nil
	}
	fd, ok := f.Decls[0].(*ast.FuncDecl)
	if !ok || fd.Body == nil {
		return nil
	}
	return fd.Body.List
}

// hasControl reports whether stmts hold a control statement or an exit.
func hasControl(stmts []ast.Stmt) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.ReturnStmt, *ast.BranchStmt:
				found = true
			case *ast.FuncLit:
				return false // a closure's exits are its own
			}
			return !found
		})
	}
	return found
}

// unparen strips e's parentheses.
func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// isBoolLit reports whether e is true or false.
func isBoolLit(e ast.Expr) bool {
	id, ok := unparen(e).(*ast.Ident)
	return ok && (id.Name == "true" || id.Name == "false")
}

// isName reports whether e is a name other than true, false and nil:
// an identifier or a selector of one (pkg.Const, x.field).
func isName(e ast.Expr) bool {
	switch e := unparen(e).(type) {
	case *ast.Ident:
		return e.Name != "true" && e.Name != "false" && e.Name != "nil"
	case *ast.SelectorExpr:
		return isName(e.X)
	}
	return false
}

// isLiteral reports whether e is a basic literal, possibly negated.
func isLiteral(e ast.Expr) bool {
	e = unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && (u.Op == token.SUB || u.Op == token.ADD) {
		e = unparen(u.X)
	}
	_, ok := e.(*ast.BasicLit)
	return ok
}

// names returns the identifiers of e, but true, false and nil.
func names(e ast.Expr) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name != "true" && id.Name != "false" && id.Name != "nil" && id.Name != "_" {
			out[id.Name] = true
		}
		return true
	})
	return out
}

// intersects reports whether a and b share a name.
func intersects(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// exprText is e's source text as go/ast holds it, without spaces: a
// key for comparing operands.
func exprText(e ast.Expr) string {
	var b strings.Builder
	var walk func(ast.Expr)
	walk = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			b.WriteString(e.Name)
		case *ast.BasicLit:
			b.WriteString(e.Value)
		case *ast.ParenExpr:
			walk(e.X)
		case *ast.SelectorExpr:
			walk(e.X)
			b.WriteString("." + e.Sel.Name)
		case *ast.IndexExpr:
			walk(e.X)
			b.WriteString("[")
			walk(e.Index)
			b.WriteString("]")
		case *ast.StarExpr:
			b.WriteString("*")
			walk(e.X)
		case *ast.UnaryExpr:
			b.WriteString(e.Op.String())
			walk(e.X)
		case *ast.BinaryExpr:
			b.WriteString("(")
			walk(e.X)
			b.WriteString(e.Op.String())
			walk(e.Y)
			b.WriteString(")")
		case *ast.CallExpr:
			walk(e.Fun)
			b.WriteString("(")
			for i, a := range e.Args {
				if i > 0 {
					b.WriteString(",")
				}
				walk(a)
			}
			b.WriteString(")")
		default:
			b.WriteString("?")
		}
	}
	walk(e)
	return b.String()
}

// intConst returns the integer literal e is (possibly negated and in
// parentheses).
func intConst(e ast.Expr) (int64, bool) {
	e = unparen(e)
	neg := false
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
		neg, e = true, unparen(u.X)
	}
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.ParseInt(lit.Value, 0, 64)
	if err != nil {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// atom is a comparison of an operand with an integer constant, the
// operand on the left.
type atom struct {
	operand string
	length  bool // the operand is a call of len or cap: never negative
	op      token.Token
	c       int64
}

// comparison reads e as an atom, if it is one.
func comparison(e ast.Expr) (atom, bool) {
	b, ok := unparen(e).(*ast.BinaryExpr)
	if !ok {
		return atom{}, false
	}
	op := b.Op
	x, y := unparen(b.X), unparen(b.Y)
	c, ok := intConst(y)
	if !ok {
		if c, ok = intConst(x); !ok {
			return atom{}, false
		}
		x = y
		op = map[token.Token]token.Token{token.LSS: token.GTR, token.GTR: token.LSS, token.LEQ: token.GEQ, token.GEQ: token.LEQ, token.EQL: token.EQL, token.NEQ: token.NEQ}[op]
	}
	switch op {
	case token.LSS, token.GTR, token.LEQ, token.GEQ, token.EQL, token.NEQ:
	default:
		return atom{}, false
	}
	length := false
	if call, ok := x.(*ast.CallExpr); ok {
		if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "len" || id.Name == "cap") && len(call.Args) == 1 {
			length = true
		}
	}
	return atom{operand: exprText(x), length: length, op: op, c: c}, true
}

// holds reports whether v satisfies a.
func (a atom) holds(v int64) bool {
	switch a.op {
	case token.LSS:
		return v < a.c
	case token.GTR:
		return v > a.c
	case token.LEQ:
		return v <= a.c
	case token.GEQ:
		return v >= a.c
	case token.EQL:
		return v == a.c
	}
	return v != a.c
}

// decided reports whether atoms have one value whatever its operand's:
// the atoms that the test values of a conjunction are taken from (each
// constant, one below and one above, and 0 for a length) decide it.
func decided(atoms []atom) bool {
	var tries []int64
	for _, a := range atoms {
		tries = append(tries, a.c-1, a.c, a.c+1)
	}
	if atoms[0].length {
		tries = append(tries, 0)
	}
	some, all := false, true
	for _, v := range tries {
		if v < 0 && atoms[0].length {
			continue
		}
		ok := true
		for _, a := range atoms {
			ok = ok && a.holds(v)
		}
		some = some || ok
		all = all && ok
	}
	return !some || all
}

// trivial reports whether e holds a comparison of a length with a
// constant that no length decides otherwise (len(x) < 0), or a
// conjunction whose comparisons of one operand with constants no value
// satisfies.
func trivial(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		ex, ok := n.(ast.Expr)
		if !ok || found {
			return !found
		}
		if a, ok := comparison(ex); ok && a.length && decided([]atom{a}) {
			found = true
			return false
		}
		b, ok := unparen(ex).(*ast.BinaryExpr)
		if ok && (b.Op == token.LAND || b.Op == token.LOR) && contradicts(b) {
			found = true // C && !C, C || !C
			return false
		}
		if !ok || b.Op != token.LAND {
			return true
		}
		byOperand := map[string][]atom{}
		for _, c := range conjuncts(b) {
			if a, ok := comparison(c); ok {
				byOperand[a.operand] = append(byOperand[a.operand], a)
			}
		}
		for _, as := range byOperand {
			if len(as) > 1 && decided(as) {
				found = true
			}
		}
		return !found
	})
	return found
}

// contradicts reports whether b, a && or a ||, joins a condition and
// its negation among its operands at that level (`C && !C`, `a == b ||
// a != b`).
func contradicts(b *ast.BinaryExpr) bool {
	var parts []ast.Expr
	var split func(ast.Expr)
	split = func(e ast.Expr) {
		if c, ok := unparen(e).(*ast.BinaryExpr); ok && c.Op == b.Op {
			split(c.X)
			split(c.Y)
			return
		}
		parts = append(parts, unparen(e))
	}
	split(b)
	texts := map[string]bool{}
	for _, p := range parts {
		texts[exprText(p)] = true
	}
	for _, p := range parts {
		if n, ok := negated(p); ok && texts[n] {
			return true
		}
	}
	return false
}

// negated returns the text (exprText) of e's negation where it has a
// plain one: X for !X, a comparison with its operator inverted.
func negated(e ast.Expr) (string, bool) {
	switch e := unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return exprText(unparen(e.X)), true
		}
	case *ast.BinaryExpr:
		inv := map[token.Token]token.Token{token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR}
		if op, ok := inv[e.Op]; ok {
			return exprText(&ast.BinaryExpr{X: e.X, Op: op, Y: e.Y}), true
		}
	}
	return "", false
}

// conjuncts splits e at its top-level &&s.
func conjuncts(e ast.Expr) []ast.Expr {
	if b, ok := unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LAND {
		return append(conjuncts(b.X), conjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// magic reports whether every comparison of cond (split at && and ||,
// through !) tests a variable or field against a nonzero integer
// literal, and cond has one.
func magic(cond ast.Expr) bool {
	var parts []ast.Expr
	var split func(ast.Expr)
	split = func(e ast.Expr) {
		e = unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			split(u.X)
			return
		}
		if b, ok := e.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
			split(b.X)
			split(b.Y)
			return
		}
		parts = append(parts, e)
	}
	split(cond)
	for _, p := range parts {
		a, ok := comparison(p)
		if !ok || a.c == 0 || a.length {
			return false
		}
		if b := unparen(p).(*ast.BinaryExpr); !isName(b.X) && !isName(b.Y) {
			return false
		}
	}
	return len(parts) > 0
}
