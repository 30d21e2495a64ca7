package repair

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/mutation"
	"github.com/faultloc/faultloc/localize/repair/internal/schema"
	"github.com/faultloc/faultloc/trace"
)

// mutant is a plausible fix of mutation analysis as a patch.
type mutant struct {
	localize.MutantResult
	patch Patch
}

// mutants returns mutation analysis' plausible fixes on the sites'
// lines: the mutants under which every failing case passes and no
// passing case fails, interpreted. An analysis the context cut gives
// those of its mutants every case ran on, with the context's error.
func mutants(ctx context.Context, prog *trace.Program, sites []localize.Candidate, cases []trace.Case, failing int) ([]mutant, error) {
	cfg, patterns := prog.LoadedWith()
	a, cut := mutation.Analyze(ctx, sites, &mutation.Options{Load: cfg, Patterns: patterns, Cases: cases, Repair: true})
	if a == nil {
		return nil, cut
	}
	var err error
	var out []mutant
	type parsed struct {
		src  []byte
		file *ast.File
		tf   *token.File
	}
	files := map[string]*parsed{}
	for _, m := range a.Mutants {
		if m.PassToFail != 0 || m.FailToPass != failing {
			continue
		}
		p, ok := files[m.File]
		if !ok {
			src, ok := cfg.Overlay[m.File]
			if !ok {
				if src, err = os.ReadFile(m.File); err != nil {
					return out, err
				}
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, m.File, src, parser.SkipObjectResolution)
			if err != nil {
				return out, err
			}
			p = &parsed{src, f, fset.File(f.Pos())}
			files[m.File] = p
		}
		start, ok := mutantSpan(p.file, p.tf, p.src, m.Line, m.Column, m.Orig)
		if !ok {
			continue // not where the mutant says: leave it out
		}
		out = append(out, mutant{m, *replaceUsed(m.File, p.src, start, start+len(m.Orig), m.Repl)})
	}
	return out, cut
}

// mutantSpan returns the offset in src (file f, parsed from it) of the
// expression a mutant replaces: its source orig, placed as
// internal/mutate places a mutant (see its doc) at line and column. An
// operator's mutant (ROR, LCR, AOR) is placed at its operator, inside the
// expression; a constant's, a condition's or a variable's (CRP, NEG, CON,
// VRP, OBO) at the expression's start; an angelic value's (ANG, ACR) at
// the start of the statement whose right-hand side or result it
// replaces. False if no expression of that text is there.
func mutantSpan(f *ast.File, tf *token.File, src []byte, line, column int, orig string) (int, bool) {
	off := schema.Offset(src, line, column)
	if off < 0 {
		return 0, false
	}
	at := tf.Pos(off)
	text := func(n ast.Node) string { return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]) }
	var inside, rhs ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil || n.Pos() > at || n.End() <= at {
			return n == nil
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Pos() == at && rhs == nil {
				for _, e := range n.Rhs {
					if text(e) == orig {
						rhs = e
					}
				}
			}
		case *ast.ReturnStmt:
			if n.Pos() == at && rhs == nil {
				for _, e := range n.Results {
					if text(e) == orig {
						rhs = e
					}
				}
			}
		case ast.Expr:
			if text(n) == orig {
				inside = n // the innermost: Inspect goes down
			}
		}
		return true
	})
	switch {
	case rhs != nil:
		return tf.Offset(rhs.Pos()), true
	case inside != nil:
		return tf.Offset(inside.Pos()), true
	}
	return 0, false
}
