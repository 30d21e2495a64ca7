package stmtedit

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// maxConjuncts bounds the conjuncts added to one condition
// (conditionConjuncts).
const maxConjuncts = 4

// The kinds of conjunct, in the order they are tried at one size: a
// nil check, a length check, the negation of another condition of the
// function.
const (
	conjNil = iota
	conjLen
	conjNegated
)

// conjunct is a condition G to add to a condition C as `C && G`.
type conjunct struct {
	text   string // G, Go source
	size   int    // G's operands and operators, and the &&
	kind   int    // conjNil...
	inCond int    // 1 if G tests a term C reads
}

// conditionConjuncts returns the conjuncts G that strengthen the
// condition C of stmt, an if or a for statement of function fn (a
// declaration or literal), to `C && G`: the repair of a missing
// condition (Nopol's and ACS's condition synthesis, Xuan et al., TSE
// 2017, Xiong et al., ICSE 2017, whose commonest patch adds a clause
// to an existing condition), with G taken from the templates of
// statementGuards' conditions rather than synthesized:
//
//   - `x != nil` for a pointer, map, function, channel or interface
//     (not an error) term x, and `len(x) > 0` for a slice or a string,
//     where x is a variable of the function (a parameter, a local in
//     scope at C; not the receiver) or a field of one (x.f, one level,
//     through a pointer too) that the line (C, the statement's init)
//     or the branch body (the if's body, the loop's) reads; not a term
//     the line compares with == or != (its nil-ness is tested), nor one
//     it dereferences (x in x.f: a test after C cannot protect C), nor
//     one the body only assigns;
//   - the negation of another condition of an if of fn on one line
//     (`!(D)`; == and != flipped, `!x` as x), not of an if around stmt
//     (in its body C && !D never holds, in its else !D always does),
//     that type-checks at C and reads a variable that the line or the
//     body reads.
//
// Every G type-checks at C as a Boolean (types.Eval). They come in
// this order: those testing a term the line reads first, then by size, by
// kind (conjNil...), by source order; at most maxConjuncts, so a line
// adds at most as many candidates per condition. No run checks them:
// Validate decides.
func conditionConjuncts(fset *token.FileSet, tf *Types, src []byte, fn ast.Node, stmt ast.Stmt) []conjunct {
	if tf == nil || tf.Pkg == nil {
		return nil
	}
	var init ast.Stmt
	var cond ast.Expr
	var body *ast.BlockStmt
	switch s := stmt.(type) {
	case *ast.IfStmt:
		init, cond, body = s.Init, s.Cond, s.Body
	case *ast.ForStmt:
		init, cond, body = s.Init, s.Cond, s.Body
	}
	if cond == nil || body == nil {
		return nil
	}
	var fbody *ast.BlockStmt
	recv := receiverName(fn)
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		fbody = fn.Body
	case *ast.FuncLit:
		fbody = fn.Body
	}
	if fbody == nil {
		return nil
	}
	pkg := tf.Pkg
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	// local reports whether name is a variable of the function at C.
	pos, scope, local := scopeAt(fset, tf, cond, recv)
	if scope == nil {
		return nil
	}
	isBool := func(expr string) bool {
		tv, err := types.Eval(tf.Fset, pkg, pos, expr)
		return err == nil && tv.Type != nil && (types.Identical(tv.Type.Underlying(), types.Typ[types.Bool]) || tv.Type == types.Typ[types.UntypedBool])
	}
	typeOf := func(expr string) types.Type {
		tv, err := types.Eval(tf.Fset, pkg, pos, expr)
		if err != nil || !tv.IsValue() {
			return nil
		}
		return tv.Type
	}
	// The terms the line reads (an init statement's, C's), those it
	// compares or dereferences, and the terms the body reads (not only
	// assigns), each in source order.
	compared, derefed := map[string]bool{}, map[string]bool{}
	var terms []string
	inCond := map[string]bool{}
	assigned := map[ast.Node]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok {
			for _, l := range a.Lhs {
				assigned[l] = true
			}
		}
		return true
	})
	collect := func(root ast.Node, isCond bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			var t string
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BinaryExpr:
				if isCond && (n.Op == token.EQL || n.Op == token.NEQ) {
					compared[text(n.X)], compared[text(n.Y)] = true, true
				}
				return true
			case *ast.SelectorExpr:
				x, ok := n.X.(*ast.Ident)
				if !ok {
					return false
				}
				if isCond {
					derefed[x.Name] = true
				}
				if assigned[n] || !local(x.Name) && x.Name != recv {
					return false
				}
				if sel, ok := typeOfSel(pkg, scope, pos, x.Name, n.Sel.Name); !ok || sel == nil {
					return false
				}
				t = text(n)
			case *ast.Ident:
				if assigned[n] || !local(n.Name) {
					return true
				}
				t = n.Name
			default:
				return true
			}
			if !slices.Contains(terms, t) {
				terms = append(terms, t)
			}
			if isCond {
				inCond[t] = true
			}
			return false
		})
	}
	if init != nil {
		collect(init, true)
	}
	collect(cond, true)
	collect(body, false)
	var out []conjunct
	add := func(g string, size, kind int, t string) {
		if !isBool(g) || slices.ContainsFunc(out, func(c conjunct) bool { return c.text == g }) {
			return
		}
		in := 0
		if inCond[t] {
			in = 1
		}
		out = append(out, conjunct{g, size + 1, kind, in})
	}
	for _, t := range terms {
		if compared[t] || derefed[t] {
			continue
		}
		typ := typeOf(t)
		if typ == nil {
			continue
		}
		if g, kind, ok := presence(t, typ, false); ok {
			add(g, 3+kind, kind, t) // x != nil: 3, len(x) > 0: 4
		}
	}
	// The negations of the function's other one-line if conditions that
	// read a variable C or the body reads.
	reads := map[string]bool{}
	for _, t := range terms {
		reads[strings.SplitN(t, ".", 2)[0]] = true
	}
	ast.Inspect(fbody, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if n.Cond == cond || fset.Position(n.Cond.Pos()).Line != fset.Position(n.Cond.End()).Line {
				return true
			}
			if n.Pos() <= stmt.Pos() && stmt.End() <= n.End() {
				return true // C && !D is false in D's body, !D true in its else
			}
			shared := false
			ast.Inspect(n.Cond, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && reads[id.Name] {
					shared = true
				}
				return !shared
			})
			if shared {
				add(negation(n.Cond, text), exprSize(n.Cond)+1, conjNegated, "")
			}
		}
		return true
	})
	slices.SortStableFunc(out, func(a, b conjunct) int {
		return cmp.Or(cmp.Compare(b.inCond, a.inCond), cmp.Compare(a.size, b.size), cmp.Compare(a.kind, b.kind))
	})
	return out[:min(len(out), maxConjuncts)]
}

// scopeAt returns the position of node n of fset in tf's file, the
// innermost scope there (nil if none), and a test of whether a name
// denotes a variable of the function there: not the package's, not the
// universe's, not _ nor except.
func scopeAt(fset *token.FileSet, tf *Types, n ast.Node, except string) (token.Pos, *types.Scope, func(string) bool) {
	pkg := tf.Pkg
	pos := tf.File.Pos(fset.Position(n.Pos()).Offset)
	scope := pkg.Scope().Innermost(pos)
	return pos, scope, func(name string) bool {
		s, obj := scope.LookupParent(name, pos)
		_, isVar := obj.(*types.Var)
		return isVar && s != pkg.Scope() && s != types.Universe && name != except && name != "_"
	}
}

// receiverName returns the name of fn's receiver: "" if fn is not a
// method declaration with one named receiver.
func receiverName(fn ast.Node) string {
	if fd, ok := fn.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		return fd.Recv.List[0].Names[0].Name
	}
	return ""
}

// ImportNames returns the names by which f refers to its imports.
func ImportNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		out[name] = true
	}
	return out
}

// typeOfSel returns the field f of the variable named x at pos (through
// a pointer too), and whether it is one: a method is not a term.
func typeOfSel(pkg *types.Package, scope *types.Scope, pos token.Pos, x, f string) (*types.Var, bool) {
	_, obj := scope.LookupParent(x, pos)
	v, ok := obj.(*types.Var)
	if !ok {
		return nil, false
	}
	o, _, _ := types.LookupFieldOrMethod(v.Type(), true, pkg, f)
	fv, ok := o.(*types.Var)
	return fv, ok && fv.IsField()
}

// negation returns the negation of condition e as Go source: == and !=
// flipped, `!x` as x, an operand x (a variable, a field, a call, an
// element) as `!x`, else `!(e)`.
func negation(e ast.Expr, text func(ast.Node) string) string {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL:
			return text(e.X) + " != " + text(e.Y)
		case token.NEQ:
			return text(e.X) + " == " + text(e.Y)
		}
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return text(e.X)
		}
	case *ast.ParenExpr:
		return negation(e.X, text)
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr:
		return "!" + text(e)
	}
	return "!(" + text(e) + ")"
}

// strengthened returns condition c's source with `&& g` after it, c
// parenthesized when it is a disjunction.
func strengthened(c ast.Expr, ctext, g string) string {
	if b, ok := c.(*ast.BinaryExpr); ok && b.Op == token.LOR {
		ctext = "(" + ctext + ")"
	}
	return ctext + " && " + g
}
