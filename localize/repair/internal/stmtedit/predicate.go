package stmtedit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/stdcall"
)

// maxPredicates bounds the guards on a standard-library predicate
// inserted before one statement (statementGuards), on top of the
// others.
const maxPredicates = 8

// maxPredicateArgs bounds the argument lists tried for one predicate.
const maxPredicateArgs = 16

// predicateConds calls add for each condition on a predicate of the
// standard library (stdcall.Table: a function of Boolean result whose
// package the file imports) and for its negation: the predicate's
// arguments are the terms of its parameters' types and the literals of
// the function (body) of those types (a character literal for a rune or
// a byte, a string literal for a string, an integer one for an int),
// not all literals, no term twice, up to maxPredicateArgs lists of
// arguments per predicate. The size of `p.F(x, '.')` is 3, of its
// negation 4, as a synthesized call counts them. scope is the scope at
// the statement, pos its position; a package name that a local
// declaration shadows there gives no condition.
func predicateConds(scope *types.Scope, pos token.Pos, body *ast.BlockStmt, terms []guardTerm, add func(text string, size int, ts ...guardTerm)) {
	funcs := stdcall.Imported(scope, pos)
	if len(funcs) == 0 {
		return
	}
	lits := literals(body)
	for _, f := range stdcall.Table {
		name, ok := funcs[f]
		if !ok || !types.Identical(f.Result, types.Typ[types.Bool]) {
			continue
		}
		// The choices of each parameter: terms (nil text: none), literals.
		type arg struct {
			text string
			term *guardTerm
		}
		choices := make([][]arg, len(f.Params))
		for i, p := range f.Params {
			for j := range terms {
				if types.Identical(terms[j].typ, p) {
					choices[i] = append(choices[i], arg{terms[j].text, &terms[j]})
				}
			}
			info := p.Underlying().(*types.Basic).Info()
			var kind token.Token
			switch {
			case info&types.IsString != 0:
				kind = token.STRING
			case info&types.IsInteger != 0 && (types.Identical(p, types.Typ[types.Int32]) || types.Identical(p, types.Typ[types.Uint8])):
				kind = token.CHAR
			case info&types.IsInteger != 0:
				kind = token.INT
			}
			for _, l := range lits[kind] {
				choices[i] = append(choices[i], arg{l, nil})
			}
		}
		lists := [][]arg{nil}
		for _, cs := range choices {
			var next [][]arg
			for _, prefix := range lists {
				for _, c := range cs {
					if c.term != nil && slices.ContainsFunc(prefix, func(a arg) bool { return a.term == c.term }) {
						continue
					}
					next = append(next, append(slices.Clip(prefix), c))
				}
			}
			lists = next
		}
		n := 0
		for _, l := range lists {
			var texts []string
			var ts []guardTerm
			size := 1
			for _, a := range l {
				texts = append(texts, a.text)
				if a.term != nil {
					ts = append(ts, *a.term)
					size += a.term.size
				} else {
					size++
				}
			}
			if len(ts) == 0 || n >= maxPredicateArgs {
				continue // a constant, or past the bound
			}
			n++
			call := name + "." + f.Name + "(" + strings.Join(texts, ", ") + ")"
			add(call, size, ts...)
			add("!"+call, size+1, ts...)
		}
	}
}

// literals returns the character, string and integer literals of body
// as written, by kind, each once; 0 among the integers.
func literals(body *ast.BlockStmt) map[token.Token][]string {
	out := map[token.Token][]string{token.INT: intConstants(body)}
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && (l.Kind == token.CHAR || l.Kind == token.STRING) && !slices.Contains(out[l.Kind], l.Value) {
			out[l.Kind] = append(out[l.Kind], l.Value)
		}
		return true
	})
	return out
}
