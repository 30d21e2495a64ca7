package main

import (
	"context"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sync"

	"golang.org/x/tools/go/packages"
)

// sameBound reports whether patched and reference, two versions of
// file in the package of directory dir, differ only in integer
// comparisons with a constant, each of which holds for the same
// integers in both: `a > k` and `a >= k+1`, `a < k` and `a <= k-1`, `k < a`
// and `a > k`, where a is the same expression (the same syntax tree)
// of an integer type and k an integer constant expression, as the
// type checker sees both versions. Comments and layout aside, every
// other node of the two files is the same. A patched file that does not
// type-check (without the package's tests) is not the same bound.
func sameBound(ctx context.Context, dir, file string, patched, reference []byte) (bool, error) {
	fp, ip, err := typed(ctx, dir, file, patched)
	if err != nil {
		// A plausible patch that does not type-check without the
		// package's tests (it reads a name a _test.go file declares)
		// is not the reference.
		return false, nil
	}
	fr, ir, err := typedReference(ctx, dir, file, reference)
	if err != nil {
		return false, err
	}
	diffs := diffNodes(fp, fr, nil)
	for _, d := range diffs {
		bp, okp := d[0].(*ast.BinaryExpr)
		br, okr := d[1].(*ast.BinaryExpr)
		if !okp || !okr {
			return false, nil
		}
		ap, opp, kp, okp := bound(bp, ip)
		ar, opr, kr, okr := bound(br, ir)
		if !okp || !okr || opp != opr || !constant.Compare(kp, token.EQL, kr) || !slices.Equal(nodeSyntax(ap), nodeSyntax(ar)) {
			return false, nil
		}
	}
	return len(diffs) > 0, nil
}

// lastReference is the reference file sameBound type-checked last, kept
// because every plausible patch of a subject is compared with the same
// reference, subject after subject: one entry bounds the memory.
var lastReference struct {
	sync.Mutex
	dir, file string
	src       []byte
	f         *ast.File
	info      *types.Info
}

// typedReference is typed for the reference file, type-checked once
// for the patches of a subject in turn (lastReference). A failed check
// is not kept.
func typedReference(ctx context.Context, dir, file string, src []byte) (*ast.File, *types.Info, error) {
	m := &lastReference
	m.Lock()
	defer m.Unlock()
	if m.f != nil && m.dir == dir && m.file == file && string(m.src) == string(src) {
		return m.f, m.info, nil
	}
	f, info, err := typed(ctx, dir, file, src)
	if err != nil {
		return nil, nil, err
	}
	m.dir, m.file, m.src, m.f, m.info = dir, file, slices.Clone(src), f, info
	return f, info, nil
}

// typed type-checks the package of directory dir with src as file's
// contents and returns file's syntax tree and the package's types.
func typed(ctx context.Context, dir, file string, src []byte) (*ast.File, *types.Info, error) {
	file, err := filepath.Abs(file)
	if err != nil {
		return nil, nil, err
	}
	cfg := &packages.Config{
		Context: ctx,
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps,
		Dir:     dir,
		Overlay: map[string][]byte{file: src},
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		return nil, nil, fmt.Errorf("type-checking %s: %w", file, err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, nil, fmt.Errorf("type-checking %s: %v", file, p.Errors[0])
		}
		for i, name := range p.CompiledGoFiles {
			if name == file && i < len(p.Syntax) {
				return p.Syntax[i], p.TypesInfo, nil
			}
		}
	}
	return nil, nil, fmt.Errorf("type-checking %s: not among the files of the package in %s", file, dir)
}

// bound returns an integer comparison with a constant as a <= k or
// a >= k: its operand a, LEQ or GEQ, and k; false for another
// expression.
func bound(e *ast.BinaryExpr, info *types.Info) (ast.Expr, token.Token, constant.Value, bool) {
	flip := map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ}
	if _, ok := flip[e.Op]; !ok {
		return nil, 0, nil, false
	}
	a, op, k := e.X, e.Op, info.Types[e.Y].Value
	if k == nil {
		a, op, k = e.Y, flip[e.Op], info.Types[e.X].Value
	}
	if k == nil || k.Kind() != constant.Int || info.Types[a].Value != nil {
		return nil, 0, nil, false
	}
	if t, ok := info.Types[a].Type.Underlying().(*types.Basic); !ok || t.Info()&types.IsInteger == 0 {
		return nil, 0, nil, false
	}
	one := constant.MakeInt64(1)
	switch op {
	case token.GTR:
		op, k = token.GEQ, constant.BinaryOp(k, token.ADD, one)
	case token.LSS:
		op, k = token.LEQ, constant.BinaryOp(k, token.SUB, one)
	}
	return a, op, k, true
}

// diffNodes appends to out the pairs of nodes where the syntax trees a
// and b first differ (a node's label or number of children), walking
// them together; comments are left out.
func diffNodes(a, b ast.Node, out [][2]ast.Node) [][2]ast.Node {
	ca, cb := children(a), children(b)
	if label(a) != label(b) || len(ca) != len(cb) {
		return append(out, [2]ast.Node{a, b})
	}
	for i := range ca {
		out = diffNodes(ca[i], cb[i], out)
	}
	return out
}

// children returns n's children in the syntax tree, comments left out.
func children(n ast.Node) []ast.Node {
	var out []ast.Node
	ast.Inspect(n, func(c ast.Node) bool {
		switch c.(type) {
		case nil, *ast.CommentGroup, *ast.Comment:
			return false
		}
		if c == n {
			return true
		}
		out = append(out, c)
		return false
	})
	return out
}

// nodeSyntax returns the labels of n's subtree in depth-first order,
// comments left out.
func nodeSyntax(n ast.Node) []string {
	out := []string{label(n)}
	for _, c := range children(n) {
		out = append(out, nodeSyntax(c)...)
	}
	return out
}
