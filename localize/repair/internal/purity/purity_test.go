package purity

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/trace"
)

// TestPurity checks the side-effect check of the functions a synthesis
// may call on testdata/pure, whose functions say on their line what it
// finds ("//pure", "//impure: why"), Site being the site's function.
func TestPurity(t *testing.T) {
	dir := filepath.Join(testutil.Root(), "localize", "repair", "internal", "purity", "testdata", "pure")
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg := prog.Package("github.com/faultloc/faultloc/localize/repair/internal/purity/testdata/pure")
	src, err := os.ReadFile(filepath.Join(dir, "pure.go"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	site := pkg.Func("Site")
	p := New(pkg, site)
	checked := 0
	var funcs []*ssa.Function
	for _, m := range pkg.Members {
		if f, ok := m.(*ssa.Function); ok {
			funcs = append(funcs, f)
		}
	}
	if box := pkg.Type("box"); box != nil {
		funcs = append(funcs, pkg.Prog.MethodValue(pkg.Prog.MethodSets.MethodSet(box.Type()).Lookup(pkg.Pkg, "get")))
	}
	for _, f := range funcs {
		pos := prog.Fset.Position(f.Pos())
		if pos.Filename == "" || filepath.Base(pos.Filename) != "pure.go" {
			continue
		}
		line := lines[pos.Line-1]
		_, marker, found := strings.Cut(line, "//")
		if !found || !strings.HasPrefix(marker, "pure") && !strings.HasPrefix(marker, "impure") {
			t.Errorf("%s: line %d has no //pure or //impure marker", f.Name(), pos.Line)
			continue
		}
		want := strings.HasPrefix(marker, "pure")
		checked++
		if _, got := p.Pure(f); got != want {
			t.Errorf("%s: pure %v, want %v (%s)", f.Name(), got, want, marker)
		}
	}
	if checked < 20 {
		t.Errorf("checked %d functions, want the 22 of pure.go", checked)
	}
	reads, _ := p.Pure(pkg.Func("nested"))
	var names []string
	for _, g := range reads {
		names = append(names, g.Name())
	}
	if strings.Join(names, ",") != "Limit" {
		t.Errorf("nested reads %v, want Limit (through bounded)", names)
	}
}
