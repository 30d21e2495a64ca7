package interp

import (
	"fmt"
	"strings"
)

// TargetPackage returns the import path of the one package the patterns
// given to [Load] named (its test packages, "p_test" and "p.test", count
// as the same package): the package whose test cases a package-level
// pipeline runs. A directory with only an external test package names
// that package's base.
func (prog *Program) TargetPackage() (string, error) {
	var paths, xtests []string
	for _, p := range prog.Targets {
		path := p.Pkg.Path()
		switch {
		case strings.HasSuffix(path, ".test"):
		case strings.HasSuffix(path, "_test"):
			xtests = append(xtests, strings.TrimSuffix(path, "_test"))
		default:
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		paths = xtests
	}
	if len(paths) != 1 {
		return "", fmt.Errorf("trace: the patterns name %d packages (%s), not one", len(paths), strings.Join(paths, ", "))
	}
	return paths[0], nil
}
