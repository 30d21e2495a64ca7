package main

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/imports"

	"github.com/faultloc/faultloc/internal/modfetch"
)

// prepare makes the regression's two versions under dir (good and bad,
// each with the fix release's test files put in and its go.sum
// completed) and returns their roots.
func prepare(ctx context.Context, r regression, dir string) (good, bad string, err error) {
	fix := filepath.Join(dir, "fix")
	good, bad = filepath.Join(dir, "good"), filepath.Join(dir, "bad")
	for _, v := range []struct{ dst, version string }{{fix, r.fix}, {good, r.good}, {bad, r.bad}} {
		if err := os.RemoveAll(v.dst); err != nil {
			return "", "", err
		}
		if err := modfetch.Copy(ctx, r.module+"@"+v.version, v.dst); err != nil {
			return "", "", err
		}
	}
	for _, tf := range r.tests {
		src, err := os.ReadFile(filepath.Join(fix, filepath.FromSlash(tf.path)))
		if err != nil {
			return "", "", fmt.Errorf("the fix release %s: %w", r.fix, err)
		}
		name := tf.as
		if name == "" {
			name = tf.path
		}
		if !tf.raw {
			if src, err = extract(name, src, tf); err != nil {
				return "", "", fmt.Errorf("%s of %s: %w", tf.path, r.fix, err)
			}
		}
		for _, root := range []string{good, bad} {
			dst := filepath.Join(root, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
				return "", "", err
			}
			if err := os.WriteFile(dst, src, 0o666); err != nil {
				return "", "", err
			}
		}
	}
	for _, root := range []string{good, bad} {
		if out, err := goCmd(ctx, root, "mod", "tidy"); err != nil {
			return "", "", fmt.Errorf("go mod tidy in %s: %v\n%s", filepath.Base(root), err, out)
		}
	}
	return good, bad, nil
}

// check verifies the premise: the test passes on good and fails on bad.
func check(ctx context.Context, r regression, good, bad string) error {
	pkg := "./" + r.pkg
	if out, err := goCmd(ctx, good, "test", "-count=1", "-run", r.run, pkg); err != nil {
		return fmt.Errorf("the test does not pass on %s: %v\n%s", r.good, err, tail(out))
	}
	out, err := goCmd(ctx, bad, "test", "-count=1", "-run", r.run, pkg)
	failed := bytes.Contains(out, []byte("--- FAIL")) || bytes.Contains(out, []byte("panic:")) || bytes.Contains(out, []byte("fatal error:"))
	if err == nil || !failed {
		return fmt.Errorf("the test does not fail on %s (%v)\n%s", r.bad, err, tail(out))
	}
	return nil
}

// extract returns the test file src with the declarations tf keeps (or
// without those it drops), its identifiers renamed, and its imports
// trimmed to those still used.
func extract(name string, src []byte, tf testFile) ([]byte, error) {
	if len(tf.keep) == 0 && len(tf.drop) == 0 && len(tf.rename) == 0 {
		return src, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	found := map[string]bool{}
	var decls []ast.Decl
	for _, d := range f.Decls {
		names := declNames(d)
		if len(names) == 0 { // imports
			decls = append(decls, d)
			continue
		}
		keep := len(tf.keep) == 0
		for _, n := range names {
			if slices.Contains(tf.keep, n) {
				keep, found[n] = true, true
			}
			if slices.Contains(tf.drop, n) {
				keep, found[n] = false, true
			}
		}
		if keep {
			decls = append(decls, d)
		}
	}
	for _, n := range append(slices.Clone(tf.keep), tf.drop...) {
		if !found[n] {
			return nil, fmt.Errorf("no top-level declaration %s", n)
		}
	}
	f.Decls = decls
	if len(tf.keep) > 0 {
		f.Comments = nil // comments of dropped declarations would stay behind
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if to, ok := tf.rename[id.Name]; ok {
				id.Name = to
			}
		}
		return true
	})
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, f); err != nil {
		return nil, err
	}
	return imports.Process(name, buf.Bytes(), &imports.Options{Comments: true, TabIndent: true, TabWidth: 8})
}

// declNames returns the names a top-level declaration declares; a method
// counts as its receiver's type, so it goes with the type.
func declNames(d ast.Decl) []string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) == 1 {
			t := d.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if id, ok := t.(*ast.Ident); ok {
				return []string{id.Name}
			}
		}
		return []string{d.Name.Name}
	case *ast.GenDecl:
		if d.Tok == token.IMPORT {
			return nil
		}
		var out []string
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
		return out
	}
	return nil
}

// goCmd runs the go command in dir and returns its combined output.
func goCmd(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	return cmd.CombinedOutput()
}

// tail returns the last lines of out.
func tail(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) > 15 {
		lines = lines[len(lines)-15:]
	}
	return strings.Join(lines, "\n")
}
