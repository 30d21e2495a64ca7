package stmtedit

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// maxStmtGuards bounds the guards inserted before one statement of a
// line's statement edits (statementGuards).
const maxStmtGuards = 6

// maxClamps bounds the clamps `if v > w { v = w }` inserted before one
// statement (statementGuards).
const maxClamps = 2

// stmtGuard is an early return to insert before a statement: `if cond
// { return result }`.
type stmtGuard struct {
	cond, result string // Go source; result "" for a bare return
	size         int    // the condition's and the result's operands and operators
	class        int    // the result's kind (resultReturned...)
	kind         int    // the condition's kind (condEmpty...)
	reads        int    // 1 if the statement reads one of the condition's terms
	arg          int    // 1 if the condition reads a variable other than the receiver
	assign       string // a clamp's body `v = w` instead of a return ("": a guard)
}

// String returns the guard on one line (GuardText), a clamp as `if
// cond { v = w }`.
func (g stmtGuard) String() string {
	if g.assign != "" {
		return "if " + g.cond + " { " + g.assign + " }"
	}
	return GuardText(g.cond, g.result)
}

// GuardText returns the early return `if cond { return result }` on one
// line, a bare return when result is "": the one spelling of a guard,
// repair's Guard's too.
func GuardText(cond, result string) string {
	if result == "" {
		return "if " + cond + " { return }"
	}
	return "if " + cond + " { return " + result + " }"
}

// The kinds of result of a guard, in the order they are tried at one
// size: the results a return of the function already returns, a
// parameter or the receiver returned unchanged, the zero values, a
// comparison of two variables, and a bare return of named results.
const (
	resultReturned = iota
	resultParam
	resultZero
	resultCompared
	resultBare
)

// Types is the type information of a file that [Line] parses on its
// own: its package, type-checked with file set Fset, where the file is
// File.
type Types struct {
	Fset *token.FileSet
	Pkg  *types.Package
	File *token.File
}

// errorType is the type error.
var errorType = types.Universe.Lookup("error").Type()

// The kinds of condition of a guard, in the order they are tried at
// one size: a test for nothing (`x == nil`, `len(x) == 0`, the
// templates of PAR's null checks), a comparison of two terms or a
// Boolean term, a comparison with a constant, an error's test `err !=
// nil` (the only test for something: a guard `if p != nil { return }`
// before a statement that uses p is seldom right).
const (
	condEmpty = iota
	condCompare
	condConstant
	condNotNil
	condPredicate // a predicate of the standard library (predicateConds), kept apart
)

// guardTerm is an operand of a guard's condition: a variable in scope,
// a field of one, len of one; its Go source, its type and its size.
type guardTerm struct {
	text string
	typ  types.Type
	size int
	vars []string // the variables it reads
	key  string   // the variable or field it is, or whose length
}

// statementGuards returns the guards to insert before stmt, a statement
// of function fn (a declaration or literal): `if cond { return
// results }`, the repair of a missing early exit (PAR's null and range
// checks), up to maxStmtGuards.
//
// The conditions are over the variables in scope before stmt (the
// parameters, the receiver and the locals declared before it, not the
// named results), their fields (one level, through a pointer too) and
// their lengths: a Boolean term or its negation, `x == nil` for a
// pointer, interface, map, function or channel (a slice's emptiness is
// its length's), `x != nil` for an error, `len(x) == 0`, a comparison
// (>=, >, <=, <, ==, !=) of two integer terms of one type, the one stmt
// reads on the left, or of one with an integer literal of the function
// (==, <, >), the disjunction of the nil checks of two terms of one
// type (`a == nil || b == nil`), and a predicate of the standard library
// or its negation (predicateConds: `!strings.ContainsRune(s, '.')`). Each reads a variable that stmt or a statement after it
// reads. The results, other than what stmt returns if it is a return,
// are the result lists of fn's return statements whose variables are the same there and before stmt, the
// parameters and receiver of the one result's type, the zero values,
// for one Boolean result a comparison of two variables of one type
// that the condition reads (`a == b`), and for named results a bare
// return (of their size); for a function without results, a bare
// return. Every guard type-checks before stmt (types.Eval).
//
// The guards come in this order: those whose condition reads a
// variable or field stmt reads first (the statement a missing guard
// protects uses what it tests), then those that read another variable
// than the receiver (a precondition tests the arguments more often
// than the receiver's state), then by size (the condition's and the
// results' operands and operators; an emptiness test, `len(x) == 0`,
// counts as `x == nil`), by the condition's kind (condEmpty...), by the
// result's (resultReturned...). No run checks them: Validate decides.
//
// The guards on a predicate are ordered the same way apart from the
// others, and up to maxPredicates of them follow the others' first
// maxStmtGuards: a file that imports strings has many, which would
// otherwise push out the templates' guards. After the guards come up
// to maxClamps clamps
// (assign set): `if v > w { v = w }` for a variable v that stmt reads
// (not a field, not the receiver) and an integer term w of its type
// compared as the conditions compare them, smallest first.
//
// fset positions fn's syntax and src is its file's content; tf gives
// the types.
func statementGuards(fset *token.FileSet, tf *Types, src []byte, fn ast.Node, stmt ast.Stmt) []stmtGuard {
	if tf == nil {
		return nil
	}
	pkg, tfset := tf.Pkg, tf.Fset
	// at maps a position of fset to the one of the same offset in tfset.
	at := func(p token.Pos) token.Pos { return tf.File.Pos(fset.Position(p).Offset) }
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	recv := ""
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ftype, body = fn.Type, fn.Body
		if fn.Recv != nil && len(fn.Recv.List) == 1 && len(fn.Recv.List[0].Names) == 1 {
			recv = fn.Recv.List[0].Names[0].Name
		}
	case *ast.FuncLit:
		ftype, body = fn.Type, fn.Body
	}
	if body == nil || pkg == nil {
		return nil
	}
	pos := at(stmt.Pos())
	lbrace := at(body.Lbrace)
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	eval := func(expr string) (types.TypeAndValue, bool) {
		tv, err := types.Eval(tfset, pkg, pos, expr)
		return tv, err == nil
	}
	// The results' types and names.
	var resTypes []types.Type
	var named []string
	if ftype.Results != nil {
		for _, fd := range ftype.Results.List {
			tv, err := types.Eval(tfset, pkg, lbrace, text(fd.Type))
			if err != nil || !tv.IsType() {
				return nil
			}
			for range max(1, len(fd.Names)) {
				resTypes = append(resTypes, tv.Type)
			}
			for _, id := range fd.Names {
				named = append(named, id.Name)
			}
		}
	}
	// The variables in scope before stmt, innermost first, each once.
	scope := pkg.Scope().Innermost(pos)
	var vars []*types.Var
	seen := map[string]bool{}
	for s := scope; s != nil && s != pkg.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || seen[name] || name == "_" || slices.Contains(named, name) || v.Pos() >= pos && v.Pos() > lbrace {
				continue
			}
			if _, obj := scope.LookupParent(name, pos); obj != v {
				continue // shadowed, or declared after stmt
			}
			seen[name] = true
			vars = append(vars, v)
		}
		if s == pkg.Scope().Innermost(lbrace) {
			break // the function's scope
		}
	}
	slices.SortFunc(vars, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	// The variables read at or after stmt in the function, and the
	// variables and fields (x.f) stmt itself reads.
	readAfter, readHere := map[string]bool{}, map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() >= stmt.Pos() {
			readAfter[id.Name] = true
		}
		return true
	})
	ast.Inspect(stmt, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			readHere[n.Name] = true
		case *ast.SelectorExpr:
			if _, ok := n.X.(*ast.Ident); ok {
				readHere[text(n)] = true
			}
		}
		return true
	})
	// The terms: variables, their fields, lengths.
	var terms []guardTerm
	for _, v := range vars {
		terms = append(terms, guardTerm{v.Name(), v.Type(), 1, []string{v.Name()}, v.Name()})
		t := v.Type()
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				f := st.Field(i)
				if f.Name() == "_" || !f.Exported() && f.Pkg() != pkg {
					continue
				}
				switch f.Type().Underlying().(type) {
				case *types.Basic, *types.Pointer, *types.Slice, *types.Map, *types.Interface:
					terms = append(terms, guardTerm{v.Name() + "." + f.Name(), f.Type(), 1, []string{v.Name()}, v.Name() + "." + f.Name()})
				}
			}
		}
	}
	for _, t := range slices.Clone(terms) {
		switch u := t.typ.Underlying().(type) {
		case *types.Slice, *types.Map:
			terms = append(terms, guardTerm{"len(" + t.text + ")", types.Typ[types.Int], t.size + 1, t.vars, t.key})
		case *types.Basic:
			if u.Info()&types.IsString != 0 {
				terms = append(terms, guardTerm{"len(" + t.text + ")", types.Typ[types.Int], t.size + 1, t.vars, t.key})
			}
		}
	}
	// The conditions, with the variables they read.
	type condition struct {
		text  string
		size  int
		kind  int // condKinds
		reads int // 1 if stmt reads one of its terms
		arg   int // 1 if it reads a variable other than the receiver
		vars  []string
	}
	var conds []condition
	addCond := func(text string, size, kind int, ts ...guardTerm) {
		var all []string
		reads := 0
		for _, t := range ts {
			all = append(all, t.vars...)
			if readHere[t.key] {
				reads++
			}
		}
		if !slices.ContainsFunc(all, func(v string) bool { return readAfter[v] }) {
			return
		}
		if slices.ContainsFunc(conds, func(c condition) bool { return c.text == text }) {
			return
		}
		if tv, ok := eval(text); ok && types.Identical(tv.Type.Underlying(), types.Typ[types.Bool]) || ok && tv.Type == types.Typ[types.UntypedBool] {
			arg := 0
			if slices.ContainsFunc(all, func(v string) bool { return v != recv }) {
				arg = 1
			}
			conds = append(conds, condition{text, size, kind, min(reads, 1), arg, all})
		}
	}
	consts := intConstants(body)
	predicateConds(scope, pos, body, terms, func(text string, size int, ts ...guardTerm) {
		addCond(text, size, condPredicate, ts...)
	})
	var nils []guardTerm
	var clamps []stmtGuard // `if v > w { v = w }`: v a variable stmt reads
	for i, t := range terms {
		if strings.HasPrefix(t.text, "len(") {
			addCond(t.text+" == 0", t.size+1, condEmpty, t)
		}
		switch u := t.typ.Underlying().(type) {
		case *types.Basic:
			switch {
			case u.Info()&types.IsBoolean != 0:
				addCond(t.text, t.size, condCompare, t)
				addCond("!"+t.text, t.size+1, condCompare, t)
			case u.Info()&types.IsInteger != 0:
				for _, o := range terms[i+1:] {
					if !types.Identical(t.typ, o.typ) {
						continue
					}
					l, r := t, o
					if readHere[o.key] && !readHere[t.key] {
						l, r = o, t // the term the statement reads on the left
					}
					for _, op := range []string{">=", ">", "<=", "<", "==", "!="} {
						addCond(l.text+" "+op+" "+r.text, t.size+o.size+1, condCompare, t, o)
					}
					if readHere[l.key] && !onlyAssigned(stmt, l.text) && l.text == l.key && !strings.Contains(l.text, ".") && l.text != recv {
						clamps = append(clamps, stmtGuard{cond: l.text + " > " + r.text, assign: l.text + " = " + r.text, size: l.size + 2*r.size + 2, reads: 1, arg: 1, kind: condCompare})
					}
				}
				for _, k := range consts {
					for _, op := range []string{"==", "<", ">"} {
						if op == "<" && k == "0" && (u.Info()&types.IsUnsigned != 0 || strings.HasPrefix(t.text, "len(")) {
							continue // never true
						}
						addCond(t.text+" "+op+" "+k, t.size+2, condConstant, t)
					}
				}
			}
		case *types.Pointer, *types.Interface, *types.Map, *types.Signature, *types.Chan:
			addCond(t.text+" == nil", t.size+2, condEmpty, t)
			if types.Identical(t.typ, errorType) {
				addCond(t.text+" != nil", t.size+2, condNotNil, t)
			}
			nils = append(nils, t)
		}
	}
	for i, a := range nils {
		for _, b := range nils[i+1:] {
			if !types.Identical(a.typ, b.typ) {
				continue // either of two values of one kind missing
			}
			addCond(a.text+" == nil || "+b.text+" == nil", a.size+b.size+5, condEmpty, a, b)
		}
	}
	// The results.
	type result struct {
		text  string
		size  int
		class int
		vars  []string // a comparison's variables, which the condition must read
	}
	var results []result
	// own is what stmt returns, if it is a return: a guard that
	// returns it too changes nothing.
	own := "\x00"
	if rs, ok := stmt.(*ast.ReturnStmt); ok && len(rs.Results) > 0 {
		var parts []string
		for _, e := range rs.Results {
			parts = append(parts, text(e))
		}
		own = strings.Join(parts, ", ")
	}
	addResult := func(r result) {
		if r.text == own || slices.ContainsFunc(results, func(x result) bool { return x.text == r.text }) {
			return
		}
		results = append(results, r)
	}
	if len(resTypes) == 0 {
		addResult(result{"", 0, resultBare, nil})
	}
	if len(resTypes) > 0 {
		// The result lists of the function's returns.
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) != len(resTypes) {
					return true
				}
				var parts []string
				size := 0
				for i, e := range n.Results {
					if !sameVars(pkg, at, e, pos) {
						return true
					}
					tv, ok := eval(text(e))
					if !ok || !types.AssignableTo(tv.Type, resTypes[i]) {
						return true
					}
					parts = append(parts, text(e))
					size += exprSize(e)
				}
				addResult(result{strings.Join(parts, ", "), size, resultReturned, nil})
			}
			return true
		})
		if len(resTypes) == 1 {
			for _, v := range vars {
				if types.Identical(v.Type(), resTypes[0]) {
					addResult(result{v.Name(), 1, resultParam, nil})
				}
			}
		}
		var zeros []string
		for _, t := range resTypes {
			z := zeroText(t)
			if z == "" {
				zeros = nil
				break
			}
			zeros = append(zeros, z)
		}
		if zeros != nil {
			addResult(result{strings.Join(zeros, ", "), len(zeros), resultZero, nil})
		}
		if len(resTypes) == 1 && types.Identical(resTypes[0].Underlying(), types.Typ[types.Bool]) {
			for i, a := range vars {
				for _, b := range vars[i+1:] {
					if types.Identical(a.Type(), b.Type()) && types.Comparable(a.Type()) {
						for _, op := range []string{"==", "!="} {
							addResult(result{a.Name() + " " + op + " " + b.Name(), 3, resultCompared, []string{a.Name(), b.Name()}})
						}
					}
				}
			}
		}
		if len(named) == len(resTypes) {
			addResult(result{"", len(named), resultBare, nil}) // it returns the named results
		}
	}
	var out, preds []stmtGuard
	for _, c := range conds {
		for _, r := range results {
			if r.vars != nil && slices.ContainsFunc(r.vars, func(v string) bool { return !slices.Contains(c.vars, v) }) {
				continue // a comparison of variables the condition does not test
			}
			g := stmtGuard{cond: c.text, result: r.text, size: c.size + r.size, class: r.class, reads: c.reads, arg: c.arg, kind: c.kind}
			if c.kind == condPredicate {
				preds = append(preds, g)
			} else {
				out = append(out, g)
			}
		}
	}
	order := func(a, b stmtGuard) int {
		return cmp.Or(cmp.Compare(b.reads, a.reads), cmp.Compare(b.arg, a.arg), cmp.Compare(a.size, b.size), cmp.Compare(a.kind, b.kind), cmp.Compare(a.class, b.class))
	}
	slices.SortStableFunc(out, order)
	slices.SortStableFunc(preds, order)
	out = append(out[:min(len(out), maxStmtGuards)], preds[:min(len(preds), maxPredicates)]...)
	// The clamps whose condition type-checks, by size: a variable
	// brought down to a bound before the statement reads it, the
	// repair of a missing range check that saturates rather than
	// returns (PAR's range checker).
	clamps = slices.DeleteFunc(clamps, func(g stmtGuard) bool {
		return !slices.ContainsFunc(conds, func(c condition) bool { return c.text == g.cond })
	})
	slices.SortStableFunc(clamps, func(a, b stmtGuard) int { return cmp.Compare(a.size, b.size) })
	return append(out, clamps[:min(len(clamps), maxClamps)]...)
}

// onlyAssigned reports whether stmt is an assignment that writes the
// variable name and does not read it.
func onlyAssigned(stmt ast.Stmt, name string) bool {
	a, ok := stmt.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN && a.Tok != token.DEFINE {
		return false
	}
	written := false
	for _, l := range a.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name == name {
			written = true
		}
	}
	read := false
	for _, r := range a.Rhs {
		ast.Inspect(r, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				read = true
			}
			return !read
		})
	}
	return written && !read
}

// sameVars reports whether every identifier of e (outside its
// selectors' names and function literals) denotes at pos the object it
// denotes where e is: the expression means there what it means here.
func sameVars(pkg *types.Package, at func(token.Pos) token.Pos, e ast.Expr, pos token.Pos) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID && ok {
					ok = sameObject(pkg, at(id.Pos()), id.Name, pos)
				}
				return ok
			})
			return false
		case *ast.Ident:
			ok = ok && sameObject(pkg, at(n.Pos()), n.Name, pos)
		}
		return ok
	})
	return ok
}

// sameObject reports whether name denotes at pos the object it denotes
// at idPos.
func sameObject(pkg *types.Package, idPos token.Pos, name string, pos token.Pos) bool {
	here := pkg.Scope().Innermost(idPos)
	there := pkg.Scope().Innermost(pos)
	if here == nil || there == nil {
		return false
	}
	_, a := here.LookupParent(name, idPos)
	_, b := there.LookupParent(name, pos)
	return a != nil && a == b
}

// exprSize counts the operands and operators of e, as a synthesized
// term counts them (a call f(x): 2; a selector x.f: 1).
func exprSize(e ast.Expr) int {
	n := 0
	ast.Inspect(e, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.Ident, *ast.BasicLit, *ast.BinaryExpr, *ast.UnaryExpr, *ast.StarExpr:
			n++
		case *ast.SelectorExpr:
			n++
			return false
		}
		return true
	})
	return n
}

// intConstants returns the integer literals of body, as written, 0
// among them, each once.
func intConstants(body *ast.BlockStmt) []string {
	out := []string{"0"}
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && l.Kind == token.INT && !slices.Contains(out, l.Value) {
			if v := constant.MakeFromLiteral(l.Value, l.Kind, 0); v.Kind() == constant.Int {
				out = append(out, l.Value)
			}
		}
		return true
	})
	return out
}

// zeroText returns the zero value of t as Go source, "" when it has
// none that short (a struct or an array).
func zeroText(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		}
	case *types.Pointer, *types.Interface, *types.Slice, *types.Map, *types.Signature, *types.Chan:
		return "nil"
	}
	return ""
}
