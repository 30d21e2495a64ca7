package stmtedit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// maxWraps bounds the guards one statement is wrapped in
// (statementWraps).
const maxWraps = 2

// statementWraps returns the conditions G to run stmt, a statement of
// function fn (a declaration or literal), under: `if G { stmt }`, the
// repair of a missing condition around a statement that should run only
// when its data is there (SPR's and Prophet's guard transformation,
// Long and Rinard, FSE 2015, POPL 2016, which wraps a statement in a
// condition; PAR's null checker). stmt is an assignment that declares
// nothing, an expression statement or an increment; G is `len(x) > 0`
// for a slice, a string or a map x, `x != nil` for a pointer, a
// function, a channel or an interface (not an error) x, where x is a
// term stmt reads and does not assign: a variable of the function (a
// parameter, a local in scope at stmt; not the receiver itself) or a
// field of one (x.f, one level, the receiver's too). A statement that
// uses x when it holds nothing is the one to skip then. Every G
// type-checks before stmt as a Boolean (types.Eval). They come in
// stmt's order of reading, at most maxWraps. No run checks them:
// Validate decides.
func statementWraps(fset *token.FileSet, tf *Types, src []byte, fn ast.Node, stmt ast.Stmt) []conjunct {
	if tf == nil || tf.Pkg == nil {
		return nil
	}
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	var reads []ast.Node          // what stmt reads
	assigned := map[string]bool{} // what it writes
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if s.Tok == token.DEFINE {
			return nil // the variables would go out of scope
		}
		for _, r := range s.Rhs {
			reads = append(reads, r)
		}
		for _, l := range s.Lhs {
			assigned[text(l)] = true
			if ix, ok := l.(*ast.IndexExpr); ok {
				reads = append(reads, ix.Index) // the map or slice itself is written
				assigned[text(ix.X)] = true
			}
		}
	case *ast.ExprStmt:
		reads = append(reads, s.X)
	case *ast.IncDecStmt:
		return nil // reads only what it writes
	default:
		return nil
	}
	recv := receiverName(fn)
	pkg := tf.Pkg
	pos, scope, local := scopeAt(fset, tf, stmt, "")
	if scope == nil {
		return nil
	}
	var terms []string
	for _, r := range reads {
		ast.Inspect(r, func(n ast.Node) bool {
			var t string
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.SelectorExpr:
				x, ok := n.X.(*ast.Ident)
				if !ok {
					return true
				}
				if !local(x.Name) {
					return false // a package's name or a package-level variable
				}
				if sel, ok := typeOfSel(pkg, scope, pos, x.Name, n.Sel.Name); !ok || sel == nil {
					return true // a method: its receiver may be a term
				}
				t = text(n)
			case *ast.Ident:
				if !local(n.Name) || n.Name == recv {
					return true
				}
				t = n.Name
			default:
				return true
			}
			if !assigned[t] && !slices.Contains(terms, t) {
				terms = append(terms, t)
			}
			return false
		})
	}
	var out []conjunct
	for _, t := range terms {
		tv, err := types.Eval(tf.Fset, pkg, pos, t)
		if err != nil || !tv.IsValue() {
			continue
		}
		g, kind, ok := presence(t, tv.Type, true)
		if !ok || slices.ContainsFunc(out, func(c conjunct) bool { return c.text == g }) {
			continue
		}
		if b, err := types.Eval(tf.Fset, pkg, pos, g); err != nil || !types.Identical(b.Type.Underlying(), types.Typ[types.Bool]) && b.Type != types.Typ[types.UntypedBool] {
			continue
		}
		out = append(out, conjunct{text: g, size: 2 + kind, kind: kind}) // x != nil: 2, len(x) > 0: 3
	}
	return out[:min(len(out), maxWraps)]
}

// presence returns the test that term t, of type typ, holds something:
// `t != nil` for a pointer, map, function, channel or interface (not
// an error), `len(t) > 0` for a slice or a string, and for a map too
// when mapLen (an empty map is as good as none where a statement reads
// its entries); its kind (conjNil or conjLen), and whether t has one.
func presence(t string, typ types.Type, mapLen bool) (string, int, bool) {
	switch u := typ.Underlying().(type) {
	case *types.Map:
		if mapLen {
			return "len(" + t + ") > 0", conjLen, true
		}
		return t + " != nil", conjNil, true
	case *types.Pointer, *types.Signature, *types.Chan:
		return t + " != nil", conjNil, true
	case *types.Interface:
		if !types.Identical(typ, errorType) {
			return t + " != nil", conjNil, true
		}
	case *types.Slice:
		return "len(" + t + ") > 0", conjLen, true
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return "len(" + t + ") > 0", conjLen, true
		}
	}
	return "", 0, false
}

// wrapped returns statement s's source text, starting at column ind,
// inside `if g { ... }`: its lines after the first indented once more.
func wrapped(g, s, ind string) string {
	return "if " + g + " {\n" + ind + "\t" + strings.ReplaceAll(s, "\n", "\n\t") + "\n" + ind + "}"
}
