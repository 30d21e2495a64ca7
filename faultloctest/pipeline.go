package faultloctest

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/faultloc/faultloc/trace"
)

// errPasses reports that the interpreted run of the test passes.
var errPasses = errors.New("the test passes when faultloc interprets it, so there is no failure to explain (does it depend on the environment, timing or a build tag? see " + EnvTags + ")")

// found is what the candidates stage found.
type found struct {
	// text is the reports as log lines.
	text string
	// write writes the JSON and HTML reports into dir, named after base,
	// and returns the files written.
	write func(dir, base string) ([]string, error)
}

// explainCase explains the failing test name of the package in c.dir: it
// loads the package with its tests, localizes the failure with the
// package pipeline (see candidates), writes the report files if asked,
// and returns the log message.
func explainCase(ctx context.Context, name string, c config) (string, error) {
	pk := packages.get(c)
	prog, pkgPath, err := pk.load(ctx, c)
	if err != nil {
		return "", err
	}
	f, err := candidates(ctx, prog, pkgPath, name, c)
	if err != nil {
		var nt *trace.NoTestError
		switch {
		case errors.Is(err, errPasses):
		case errors.As(err, &nt):
			err = fmt.Errorf("%w (package loaded with build tags %q: set %s)", err, c.tags, EnvTags)
		case ctx.Err() != nil:
			err = fmt.Errorf("time bound %v reached (set %s): %w", c.timeout, EnvTimeout, err)
		}
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "faultloc explains %s:\n", name)
	sb.WriteString(f.text)
	if c.reportDir != "" {
		dir := c.reportDir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(c.dir, dir)
		}
		base := safeName(prog.Package(pkgPath).Pkg.Name() + "." + name)
		files, err := f.write(dir, base)
		if err != nil {
			fmt.Fprintf(&sb, "reports: %v\n", err)
		} else {
			fmt.Fprintf(&sb, "reports: %s\n", strings.Join(files, ", "))
		}
	}
	return strings.TrimSuffix(sb.String(), "\n"), nil
}

// packages caches, for the life of the test binary, each package the
// helper loaded, by directory, tags and display settings: the failing
// tests of one package share one load.
var packages = &pkgCaches{m: map[config]*pkgCache{}}

// pkgCaches maps a package's directory, tags, formula and top (a config
// with the other fields zero) to its cache entry.
type pkgCaches struct {
	mu sync.Mutex
	m  map[config]*pkgCache
}

// pkgCache is a loaded package. Only a complete load is kept: one cut
// short by a time bound is redone by the next failing test.
type pkgCache struct {
	mu      sync.Mutex // held while loading
	prog    *trace.Program
	pkgPath string
}

// get returns the cache entry of c's package.
func (m *pkgCaches) get(c config) *pkgCache {
	k := config{dir: c.dir, tags: c.tags, formula: c.formula, top: c.top}
	m.mu.Lock()
	defer m.mu.Unlock()
	pk := m.m[k]
	if pk == nil {
		pk = &pkgCache{}
		m.m[k] = pk
	}
	return pk
}

// load loads the package in c.dir with its tests, once.
func (pk *pkgCache) load(ctx context.Context, c config) (*trace.Program, string, error) {
	pk.mu.Lock()
	defer pk.mu.Unlock()
	if pk.prog != nil {
		return pk.prog, pk.pkgPath, nil
	}
	cfg := &trace.Config{Dir: c.dir, Tests: true, Module: true} // the module's own packages from source
	if c.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + c.tags}
	}
	prog, err := trace.Load(ctx, cfg, ".")
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", fmt.Errorf("loading %s: time bound %v reached (set %s)", c.dir, c.timeout, EnvTimeout)
		}
		return nil, "", err
	}
	pkgPath, err := prog.TargetPackage()
	if err != nil {
		return nil, "", err
	}
	pk.prog, pk.pkgPath = prog, pkgPath
	return prog, pkgPath, nil
}
