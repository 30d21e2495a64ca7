package locate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// Files reads and parses the files mutants are in, each once, from an
// overlay where it holds them.
type Files struct {
	overlay map[string][]byte // absolute path: content
	parsed  map[string]*parsed
}

// parsed is a file's source and syntax.
type parsed struct {
	src  []byte
	file *ast.File
	tf   *token.File
}

// NewFiles returns the files of the disk, under overlay (absolute path:
// content; nil: none).
func NewFiles(overlay map[string][]byte) *Files {
	return &Files{overlay: overlay, parsed: map[string]*parsed{}}
}

// Mutant returns the content of file and the offset there of the
// expression a mutant replaces, its source orig placed at line and
// column (see Mutant); the offset is -1 where no such expression is
// there. The error is for a file that cannot be read or parsed.
func (fs *Files) Mutant(file string, line, column int, orig string) ([]byte, int, error) {
	p, ok := fs.parsed[file]
	if !ok {
		src, ok := fs.overlay[file]
		if !ok {
			var err error
			if src, err = os.ReadFile(file); err != nil {
				return nil, -1, err
			}
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, -1, err
		}
		p = &parsed{src, f, fset.File(f.Pos())}
		fs.parsed[file] = p
	}
	start, ok := Mutant(p.file, p.tf, p.src, line, column, orig)
	if !ok {
		return p.src, -1, nil
	}
	return p.src, start, nil
}

// Mutant returns the offset in src (file f, parsed from it) of the
// expression a mutant replaces: its source orig, placed as
// internal/mutate places a mutant (see its doc) at line and column. An
// operator's mutant (ROR, LCR, AOR) is placed at its operator, inside the
// expression; a constant's, a condition's or a variable's (CRP, NEG, CON,
// VRP, OBO) at the expression's start; an angelic value's (ANG, ACR) at
// the start of the statement whose right-hand side or result it
// replaces. False if no expression of that text is there.
func Mutant(f *ast.File, tf *token.File, src []byte, line, column int, orig string) (int, bool) {
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
