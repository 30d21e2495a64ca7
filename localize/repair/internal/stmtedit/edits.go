package stmtedit

import (
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// maxCalls bounds the calls inserted at one line.
const maxCalls = 3

// Edit is a statement edit at a line: bytes [Start, End) of the file
// replaced by New, a patch of its statement that no site's data checks
// (the validation decides), after a template of program repair
// (GenProg's deletion and swap of statements, PAR's templates of a
// missing bound check).
type Edit struct {
	Kind       string // delete, swap, call, clamp, clause, conjunct, wrap, return, guard, predicate, saturate
	Start, End int    // the bytes replaced
	New        string // their replacement
	Repl       string // the edit on one line, as a patch shows it
	Text       string // the code deleted or inserted, for its size
	Size       int    // a guard's operands and operators; 0: Text's tokens
}

// Apply returns src with the edit made.
func (e Edit) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(e.New))
	return append(append(append(out, src[:e.Start]...), e.New...), src[e.End:]...)
}

// Line returns the statement edits of the statements that begin
// at line of file (src its content):
//
//   - delete: the statement deleted (not one that declares, returns,
//     jumps or is labeled);
//   - swap: the statement swapped with the one after it or before it in
//     their block (neither declaring, returning or jumping);
//   - call: a call statement of the package's functions (x.m(...),
//     f(...), v = f(...); see packageCalls; pkg holds the package's
//     sources by path) inserted before it, when its variables are
//     parameters (or the receiver) of the same names and types in both
//     functions and the statement's function has no such statement: a
//     missing statement from nearby code (the most frequent first);
//   - clamp: before a statement that indexes a[i] (a and i variables, i
//     declared in its function), `if i >= len(a) { i = len(a) - 1 }`;
//   - clause: an if's condition that indexes x[k] (k a literal) with
//     `len(x) > k &&` before it;
//   - conjunct: an if's or a for's condition C strengthened to `C &&
//     G`, G a nil or length check of a term the line or the body reads
//     or the negation of another condition of the function
//     (conditionConjuncts; tf nil: none);
//   - wrap: an assignment that declares nothing or an expression
//     statement S run only when a term it reads holds something, `if
//     len(x) > 0 { S }` or `if x != nil { S }` (statementWraps; tf nil:
//     none);
//   - return: after a simple statement that ends the body of an if, an
//     else or a case, in a function without results, `return`, when
//     statements of the function follow (Kali's return insertion, Qi et
//     al., ISSTA 2015): a branch that handled the case and fell through
//     into the code for the others (missingReturn);
//   - guard: before the first statement of the function of the line's
//     first statement (where a precondition is checked) and before its
//     first statement after leading call statements, the outermost
//     statement around the line in that function and the line's own,
//     an early return `if cond { return results }` (statementGuards;
//     tf the file's types, nil: none);
//   - predicate: at the same statements, such an early return whose
//     condition is a predicate of the standard library or its
//     negation, `if !strings.ContainsRune(s, '.') { return s }`
//     (predicateConds);
//   - saturate: at the same statements, `if v > w { v = w }`, v a
//     variable the statement reads and w a term of its type (a field, a
//     length, another variable) (statementGuards).
func Line(file string, src []byte, line int, pkg map[string][]byte, tf *Types) []Edit {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	tfile := fset.File(f.Pos())
	off := func(p token.Pos) int { return tfile.Offset(p) }
	text := func(n ast.Node) string { return string(src[off(n.Pos()):off(n.End())]) }
	var out []Edit
	// add adds the edit of kind that replaces [start, end) with repl,
	// shown as shown ("": repl).
	add := func(kind, txt string, start, end int, repl, shown string) {
		out = append(out, Edit{Kind: kind, Start: start, End: end, New: repl, Repl: cmp.Or(shown, repl), Text: txt})
	}
	calls := packageCalls(pkg)
	var inner ast.Node // the function of the line's first statement
	var around []ast.Stmt
	for _, list := range schema.Lists(f) {
		for i, s := range list {
			if tfile.Line(s.Pos()) <= line && line <= tfile.Line(s.End()) {
				around = append(around, s)
			}
			if tfile.Line(s.Pos()) != line {
				continue
			}
			start, ind := off(s.Pos()), Indent(src, off(s.Pos()))
			fn := innermostFunc(f, tfile, start)
			if fn == nil {
				continue
			}
			if movable(s) {
				// Deleted up to the next code, so that no blank line
				// stays; before a block's end, from the line's start.
				from, end := start, off(s.End())
				for end < len(src) && strings.ContainsRune(" \t\r\n", rune(src[end])) {
					end++
				}
				if end < len(src) && src[end] == '}' {
					from, end = start-len(ind), off(s.End()) // its whole lines
					if end < len(src) && src[end] == '\n' {
						end++
					}
				}
				if strings.Contains(string(src[from:end]), "\n") || from < start {
					add("delete", text(s), from, end, "", "")
				}
				for _, j := range []int{i - 1, i + 1} {
					if j < 0 || j >= len(list) || !movable(list[j]) {
						continue
					}
					a, b := list[min(i, j)], list[max(i, j)]
					between := string(src[off(a.End()):off(b.Pos())])
					add("swap", text(b), off(a.Pos()), off(b.End()), text(b)+between+text(a), "")
				}
			}
			params := funcParams(fn, text)
			n := 0
			for _, c := range calls {
				if n == maxCalls {
					break
				}
				if strings.Contains(text(fn), c.text) || !c.fits(params) {
					continue
				}
				n++
				add("call", c.text, start, start, c.text+"\n"+ind, c.text)
			}
			var indexed ast.Node // the statement's own expressions, not its blocks'
			switch s := s.(type) {
			case *ast.IfStmt:
				if s.Init == nil {
					indexed = s.Cond
				}
			case *ast.AssignStmt, *ast.ExprStmt, *ast.ReturnStmt, *ast.IncDecStmt:
				indexed = s
			}
			if indexed != nil {
				for _, ix := range indexes(indexed) {
					a := ix.X.(*ast.Ident)
					i, ok := ix.Index.(*ast.Ident)
					if !ok || !declaredIn(fn, i.Name) {
						continue
					}
					guard := "if " + i.Name + " >= len(" + a.Name + ") {\n" + ind + "\t" + i.Name + " = len(" + a.Name + ") - 1\n" + ind + "}"
					add("clamp", guard, start, start, guard+"\n"+ind, strings.Join(strings.Fields(guard), " "))
				}
			}
			if is, ok := s.(*ast.IfStmt); ok {
				for _, ix := range indexes(is.Cond) {
					k, ok := ix.Index.(*ast.BasicLit)
					if !ok || k.Kind != token.INT {
						continue
					}
					cond := text(is.Cond)
					if b, ok := is.Cond.(*ast.BinaryExpr); ok && b.Op == token.LOR {
						cond = "(" + cond + ")"
					}
					clause := "len(" + ix.X.(*ast.Ident).Name + ") > " + k.Value + " && "
					add("clause", clause, off(is.Cond.Pos()), off(is.Cond.End()), clause+cond, "")
				}
			}
			if tf != nil {
				var cond ast.Expr
				switch s := s.(type) {
				case *ast.IfStmt:
					cond = s.Cond
				case *ast.ForStmt:
					cond = s.Cond
				}
				for _, c := range conditionConjuncts(fset, tf, src, fn, s) {
					repl := strengthened(cond, text(cond), c.text)
					out = append(out, Edit{Kind: "conjunct", Start: off(cond.Pos()), End: off(cond.End()), New: repl, Repl: repl, Text: c.text, Size: c.size})
				}
			}
			for _, w := range statementWraps(fset, tf, src, fn, s) {
				repl := wrapped(w.text, text(s), ind)
				out = append(out, Edit{Kind: "wrap", Start: start, End: off(s.End()), New: repl, Repl: strings.Join(strings.Fields(repl), " "), Text: "if " + w.text, Size: w.size})
			}
			if missingReturn(fn, s) {
				add("return", "return", off(s.End()), off(s.End()), "\n"+ind+"return", "return")
			}
			if inner == nil {
				inner = fn
			}
		}
	}
	if inner != nil && tf != nil {
		// The statements around the line in its function, the
		// outermost first (schema.Lists lists the outer lists first).
		kept := around[:0]
		for _, s := range around {
			if innermostFunc(f, tfile, off(s.Pos())) == inner {
				kept = append(kept, s)
			}
		}
		// Before the function's first statement and its first after
		// leading calls (a precondition's check, panicIfNull(b), comes
		// before the others), the outermost statement around the line
		// and the line's own.
		var stmts []ast.Stmt
		var body *ast.BlockStmt
		switch fn := inner.(type) {
		case *ast.FuncDecl:
			body = fn.Body
		case *ast.FuncLit:
			body = fn.Body
		}
		if body != nil && len(body.List) > 0 {
			stmts = append(stmts, body.List[0])
			if i := slices.IndexFunc(body.List, func(s ast.Stmt) bool { return !leadingCall(s) }); i > 0 {
				stmts = append(stmts, body.List[i])
			}
		}
		if len(kept) > 0 {
			stmts = append(stmts, kept[0], kept[len(kept)-1])
		}
		seen := map[ast.Stmt]bool{}
		for _, s := range stmts {
			if seen[s] {
				continue
			}
			seen[s] = true
			start, ind := off(s.Pos()), Indent(src, off(s.Pos()))
			for _, g := range statementGuards(fset, tf, src, inner, s) {
				kind, body := "guard", "return"
				if g.result != "" {
					body += " " + g.result
				}
				if g.assign != "" {
					kind, body = "saturate", g.assign
				} else if g.kind == condPredicate {
					kind = "predicate"
				}
				out = append(out, Edit{Kind: kind, Start: start, End: start, New: "if " + g.cond + " {\n" + ind + "\t" + body + "\n" + ind + "}\n" + ind, Repl: g.String(), Text: g.String(), Size: g.size})
			}
		}
	}
	return out
}

// leadingCall reports whether s is a call statement, such as the
// check of a precondition that begins a function (panicIfNull(b)).
func leadingCall(s ast.Stmt) bool {
	e, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	_, ok = ast.Unparen(e.X).(*ast.CallExpr)
	return ok
}

// missingReturn reports whether a `return` after statement s of
// function fn is a return insertion: fn has no results; s is a simple
// statement (an expression, an assignment that declares nothing, an
// increment or a send) and the last of the body of an if, an else or a
// case clause of fn (not of a function literal in it); and a statement
// of fn begins after s, which the return skips.
func missingReturn(fn ast.Node, s ast.Stmt) bool {
	var ft *ast.FuncType
	var body *ast.BlockStmt
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		ft, body = fn.Type, fn.Body
	case *ast.FuncLit:
		ft, body = fn.Type, fn.Body
	}
	if ft == nil || body == nil || ft.Results != nil && len(ft.Results.List) > 0 {
		return false
	}
	switch s := s.(type) {
	case *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt:
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			return false
		}
	default:
		return false
	}
	last := func(list []ast.Stmt) bool { return len(list) > 0 && list[len(list)-1] == s }
	ends, after := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if last(n.Body.List) {
				ends = true
			}
			if b, ok := n.Else.(*ast.BlockStmt); ok && last(b.List) {
				ends = true
			}
		case *ast.CaseClause:
			ends = ends || last(n.Body)
		case *ast.CommClause:
			ends = ends || last(n.Body)
		case ast.Stmt:
			if _, block := n.(*ast.BlockStmt); !block && n.Pos() > s.End() {
				after = true
			}
		}
		return true
	})
	return ends && after
}

// movable reports whether statement s may be deleted or swapped with
// its neighbour and the code still builds, as far as its syntax tells:
// it declares nothing, does not return, jump or fall through, and has
// no label.
func movable(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s.Tok != token.DEFINE
	case *ast.DeclStmt, *ast.ReturnStmt, *ast.BranchStmt, *ast.LabeledStmt, *ast.EmptyStmt:
		return false
	}
	return true
}

// indexes returns the index expressions a[i] in n, a and i identifiers
// or i an integer literal, outside function literals, in source order.
func indexes(n ast.Node) []*ast.IndexExpr {
	var out []*ast.IndexExpr
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			_, okx := m.X.(*ast.Ident)
			_, oki := m.Index.(*ast.Ident)
			k, okk := m.Index.(*ast.BasicLit)
			if okx && (oki || okk && k.Kind == token.INT) {
				out = append(out, m)
			}
		}
		return true
	})
	return out
}

// declaredIn reports whether a variable named name is a parameter of
// function fn or declared in it (:=, var, range).
func declaredIn(fn ast.Node, name string) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Field:
			found = found || slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return id.Name == name })
		case *ast.AssignStmt:
			found = found || n.Tok == token.DEFINE && slices.ContainsFunc(n.Lhs, func(e ast.Expr) bool {
				id, ok := e.(*ast.Ident)
				return ok && id.Name == name
			})
		case *ast.ValueSpec:
			found = found || slices.ContainsFunc(n.Names, func(id *ast.Ident) bool { return id.Name == name })
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// funcParams returns the parameters and receiver of function fn (a
// declaration or literal), by name, with their types' source.
func funcParams(fn ast.Node, text func(ast.Node) string) map[string]string {
	out := map[string]string{}
	var lists []*ast.FieldList
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		lists = []*ast.FieldList{fn.Recv, fn.Type.Params}
	case *ast.FuncLit:
		lists = []*ast.FieldList{fn.Type.Params}
	}
	for _, l := range lists {
		if l == nil {
			continue
		}
		for _, fd := range l.List {
			for _, id := range fd.Names {
				out[id.Name] = text(fd.Type)
			}
		}
	}
	return out
}

// call is a call statement of a package, to insert elsewhere: its
// text, its function, the parameters it reads (name to type source) and
// how many times the package has it.
type call struct {
	text  string
	fn    ast.Node
	reads map[string]string
	count int
}

// fits reports whether the parameters params (name to type source) of
// another function have those the call reads.
func (c call) fits(params map[string]string) bool {
	for name, typ := range c.reads {
		if params[name] != typ {
			return false
		}
	}
	return true
}

// packageCalls returns the call statements of the function
// declarations of files (the package's sources, by path), each on one
// line: x.m(args), f(args) or p.f(args), or v = such a call, whose
// variables (v, x, and the identifiers among args) are parameters or
// the receiver of their function, whose other arguments are literals,
// and whose other identifiers are a called function or an imported
// package's name; one per text, the most frequent first, ties in the files' and
// then the source's order.
func packageCalls(files map[string][]byte) []call {
	var out []call
	at := map[string]int{}
	names := slices.Sorted(maps.Keys(files))
	for _, name := range names {
		src := files[name]
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		tf := fset.File(f.Pos())
		text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
		imported := ImportNames(f)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			params := funcParams(fd, text)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				var ce *ast.CallExpr
				reads := map[string]string{}
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ExprStmt:
					ce, _ = n.X.(*ast.CallExpr)
				case *ast.AssignStmt:
					if n.Tok != token.ASSIGN || len(n.Lhs) != 1 || len(n.Rhs) != 1 {
						return false
					}
					v, ok := n.Lhs[0].(*ast.Ident)
					if !ok || params[v.Name] == "" {
						return false
					}
					reads[v.Name] = params[v.Name]
					ce, _ = n.Rhs[0].(*ast.CallExpr)
				default:
					return true
				}
				if ce == nil {
					return false
				}
				vars := slices.Clone(ce.Args)
				switch fun := ce.Fun.(type) {
				case *ast.Ident:
				case *ast.SelectorExpr:
					x, ok := fun.X.(*ast.Ident)
					if !ok {
						return false
					}
					switch _, ok := params[x.Name]; {
					case ok:
						vars = append(vars, x) // a method's receiver
					case !imported[x.Name]:
						return false // a local variable's method
					}
				default:
					return false
				}
				for _, e := range vars {
					switch e := e.(type) {
					case *ast.Ident:
						t, ok := params[e.Name]
						if !ok {
							return false
						}
						reads[e.Name] = t
					case *ast.BasicLit:
					default:
						return false
					}
				}
				t := text(n)
				if strings.Contains(t, "\n") {
					return false
				}
				if i, ok := at[t]; ok {
					out[i].count++
					return false
				}
				at[t] = len(out)
				out = append(out, call{text: t, fn: fd, reads: reads, count: 1})
				return false
			})
		}
	}
	slices.SortStableFunc(out, func(a, b call) int { return cmp.Compare(b.count, a.count) })
	return out
}

// Indent returns the white space that starts the line of offset off in
// src.
func Indent(src []byte, off int) string {
	start := off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	line := string(src[start:off])
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}

// innermostFunc returns the innermost function (declaration or literal)
// of f around offset off; nil if none is.
func innermostFunc(f *ast.File, tf *token.File, off int) ast.Node {
	var fn ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || tf.Offset(n.Pos()) > off || tf.Offset(n.End()) <= off {
			return false
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			fn = n
		}
		return true
	})
	return fn
}
