package term

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"strings"
)

// Simple reports whether source text is one identifier or literal, which
// needs no parentheses as an operand.
func Simple(text string) bool {
	return !strings.ContainsAny(text, " +-*/%&|^<>=!()")
}

// Distance is the edit distance between the tokens of two expressions.
func Distance(a, b string) int {
	x, y := Tokens(a), Tokens(b)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			c := prev[j-1]
			if x[i-1] != y[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(y)]
}

// Tokens splits Go source into its tokens.
func Tokens(src string) []string {
	var out []string
	fs := token.NewFileSet()
	var sc scanner.Scanner
	sc.Init(fs.AddFile("", -1, len(src)), []byte(src), nil, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue
		}
		if lit == "" {
			lit = tok.String()
		}
		out = append(out, lit)
	}
}

// Same reports whether Go expressions a and b are one expression, the
// parentheses around either and their layout aside.
func Same(a, b string) bool {
	x, err := parser.ParseExpr(a)
	if err != nil {
		return a == b
	}
	y, err := parser.ParseExpr(b)
	if err != nil {
		return false
	}
	return types.ExprString(ast.Unparen(x)) == types.ExprString(ast.Unparen(y))
}
