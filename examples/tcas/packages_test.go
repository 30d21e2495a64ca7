package tcas

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestOverlayLoadsWithGoPackages loads this package through go/packages
// with v31's overlay, the way faultloc's loader does, and finds the
// version's inserted statement on its faulty line.
func TestOverlayLoadsWithGoPackages(t *testing.T) {
	overlay, fl, err := FaultyVersion(31)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes,
		Dir:     dir,
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading %s with v31's overlay failed", dir)
	}
	pkg := pkgs[0]
	var found bool
	for _, f := range pkg.Syntax {
		if filepath.Base(pkg.Fset.File(f.Pos()).Name()) != SourceFile {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || pkg.Fset.Position(as.Pos()).Line != fl[0] {
				return true
			}
			// result = result && (Own_Tracked_Alt <= Other_Tracked_Alt)
			if bin, ok := as.Rhs[0].(*ast.BinaryExpr); ok {
				if id, ok := bin.X.(*ast.Ident); ok && id.Name == "result" {
					found = true
				}
			}
			return true
		})
	}
	if !found {
		t.Errorf("v31's inserted statement not found on line %d of the loaded %s", fl[0], SourceFile)
	}
}
