package lines

import (
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/internal/gomod"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// ModuleFiles returns whether a file is one of the module of package
// pkg of prog, not a test file: under the directory of the go.mod above
// the package's files, which leaves out the standard library's and
// other modules' (a patch there is no repair of the package's). It
// keeps no file if the package or its go.mod is not found.
func ModuleFiles(prog *trace.Program, pkg string) func(file string) bool {
	none := func(string) bool { return false }
	if prog == nil {
		return none
	}
	p := prog.Package(pkg)
	if p == nil {
		return none
	}
	dir := ""
	for _, m := range p.Members {
		if pos := m.Pos(); pos.IsValid() {
			dir = filepath.Dir(prog.Fset.Position(pos).Filename)
			break
		}
	}
	if dir == "" {
		return none
	}
	dir, ok := gomod.Root(dir)
	if !ok {
		return none
	}
	root := dir + string(filepath.Separator)
	return func(file string) bool {
		return strings.HasPrefix(file, root) && strings.HasSuffix(file, ".go") && !localize.IsTestFile(file)
	}
}
