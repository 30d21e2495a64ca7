package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/faultloc/faultloc/internal/modfetch"
)

// moduleVersionRE matches "path@version" where path's first element
// holds a dot, as a module path's does (github.com/x/y@v1.2.3), and the
// version is a semantic version or a query the go command resolves
// (latest, a branch or a commit).
var moduleVersionRE = regexp.MustCompile(`^[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)+(/[^@\s]+)*@[^@/\s]+$`)

// isModuleVersion reports whether spec names a module version.
func isModuleVersion(spec string) bool { return moduleVersionRE.MatchString(spec) }

// fetchVersion copies module version spec ("path@version") from the
// module proxy (through go mod download and the module cache) into a new
// temporary directory, completes its go.sum for its tests (go mod tidy),
// and returns the copy's root with a function that removes it.
func fetchVersion(ctx context.Context, spec string) (string, func(), error) {
	tmp, err := os.MkdirTemp("", "faultloc-version-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	dir := filepath.Join(tmp, "mod")
	if err := modfetch.Copy(ctx, spec, dir); err != nil {
		cleanup()
		return "", nil, err
	}
	// A module's go.sum need not list its tests' dependencies.
	tidy := exec.CommandContext(ctx, "go", "mod", "tidy")
	tidy.Dir = dir
	var stderr bytes.Buffer
	tidy.Stderr = &stderr
	if err := tidy.Run(); err != nil {
		cleanup()
		return "", nil, fmt.Errorf("go mod tidy in the copy of %s: %v: %s", spec, err, strings.TrimSpace(stderr.String()))
	}
	return dir, cleanup, nil
}

// testsFrom returns, as overlays, the _test.go files of the directory of
// package pkg (resolved in dir) in another copy of its module: the
// package's directory relative to newRoot, taken under src (a directory,
// or a module version fetched as fetchVersion does). The files replace
// the new version's files of the same name and join the others.
func testsFrom(ctx context.Context, src, newRoot, dir, pkg string, buildFlags []string) (map[string][]byte, error) {
	args := append([]string{"list", "-f", "{{.Dir}}"}, buildFlags...)
	list := exec.CommandContext(ctx, "go", append(args, pkg)...)
	list.Dir = dir
	var stderr bytes.Buffer
	list.Stderr = &stderr
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("go list %s: %v: %s", pkg, err, strings.TrimSpace(stderr.String()))
	}
	pkgDir := strings.TrimSpace(string(out))
	if strings.Contains(pkgDir, "\n") {
		return nil, fmt.Errorf("%s names several packages; regress needs one", pkg)
	}
	root, err := filepath.Abs(newRoot)
	if err == nil {
		root, err = filepath.EvalSymlinks(root)
	}
	if err != nil {
		return nil, err
	}
	if d, err := filepath.EvalSymlinks(pkgDir); err == nil {
		pkgDir = d
	}
	rel, err := filepath.Rel(root, pkgDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("package %s (%s) is not inside the new version %s", pkg, pkgDir, newRoot)
	}
	srcDir := src
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		if !isModuleVersion(src) {
			return nil, fmt.Errorf("%s is neither a directory nor a module version (path@version)", src)
		}
		fetched, cleanup, err := fetchVersion(ctx, src)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		srcDir = fetched
	}
	from := filepath.Join(srcDir, rel)
	names, err := filepath.Glob(filepath.Join(from, "*_test.go"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s has no _test.go files", from)
	}
	overlay := map[string][]byte{}
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		// The overlay's key is the file where the build looks for it,
		// under the directory go list named (symbolic links unresolved).
		overlay[filepath.Join(strings.TrimSpace(string(out)), filepath.Base(name))] = b
	}
	return overlay, nil
}

// misaligned reports whether directories oldDir and newDir fail to hold
// two versions of one tree: the versions are compared file by file, by
// each Go file's path below its root (changes.Dirs), so versions whose
// Go files share no path (an old package's directory against the
// repository's root) would make every file a change. It returns a Go
// file of oldDir that newDir lacks, and an ancestor of oldDir below
// newDir holding its files, as -new would name it from the working
// directory ("" if none), when they share none; "" when some path is in
// both, or oldDir holds no Go file. It reads only the go command's
// files: not below testdata, vendor, or a directory whose name starts
// with "." or "_", nor in another module.
func misaligned(oldDir, newDir string) (missing, suggest string) {
	oldAbs, err1 := filepath.Abs(oldDir)
	newAbs, err2 := filepath.Abs(newDir)
	if err1 != nil || err2 != nil {
		return "", ""
	}
	var files []string
	filepath.WalkDir(oldAbs, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() {
			name := e.Name()
			if path != oldAbs && (path == newAbs || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && path != oldAbs {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(oldAbs, path)
			files = append(files, rel)
		}
		return nil
	})
	holds := func(root string) bool {
		for _, f := range files {
			if st, err := os.Stat(filepath.Join(root, f)); err == nil && st.Mode().IsRegular() {
				return true
			}
		}
		return false
	}
	if len(files) == 0 || holds(newAbs) {
		return "", ""
	}
	// The old version in a subdirectory of the new one's tree (a
	// package and its earlier version): the nearest ancestor holding
	// its files.
	if rel, err := filepath.Rel(newAbs, oldAbs); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
		for d := filepath.Dir(oldAbs); d != newAbs && strings.HasPrefix(d, newAbs); d = filepath.Dir(d) {
			if holds(d) {
				suggest = d
				if wd, err := os.Getwd(); err == nil {
					if r, err := filepath.Rel(wd, d); err == nil {
						suggest = r
					}
				}
				break
			}
		}
	}
	return filepath.ToSlash(files[0]), suggest
}
