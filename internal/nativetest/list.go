package nativetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Config says how to invoke the go command. The zero value runs "go" from
// PATH in the current directory with the process environment.
type Config struct {
	GoCmd string   // default "go"
	Dir   string   // working directory of go list and go test -c; default the current one
	Env   []string // extra environment entries (KEY=value) added to the process's
	Tags  []string // build tags, for example "faultloc"
}

func (c *Config) command(ctx context.Context, args ...string) *exec.Cmd {
	g := c.GoCmd
	if g == "" {
		g = "go"
	}
	cmd := exec.CommandContext(ctx, g, args...)
	cmd.WaitDelay = waitDelay
	cmd.Dir = c.Dir
	if len(c.Env) > 0 {
		cmd.Env = append(os.Environ(), c.Env...)
	}
	return cmd
}

// waitDelay bounds how long a command stopped by its context (or done)
// is waited for while processes it started hold its output: the go
// command, killed, leaves its compilers and linker running, and without
// it a stopped build was waited for until they ended, seconds past the
// caller's bound.
const waitDelay = time.Second

// linkFlag returns -ldflags=-w, which leaves the DWARF debugging
// information out of a test binary: the binaries are run for their
// verdicts and coverage, never debugged (stack traces come from the
// runtime's own tables, which stay), and without it the link, the part
// of a build the build cache does not keep, is cheaper: a small
// package's go test -c takes about a third less CPU.
// It returns nothing when GOFLAGS (the Config's Env, else the process's)
// sets -ldflags, which a -ldflags on the command line would replace.
func (c *Config) linkFlag() []string {
	goflags := os.Getenv("GOFLAGS")
	for _, kv := range c.Env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			goflags = v
		}
	}
	if strings.Contains(goflags, "-ldflags") {
		return nil
	}
	return []string{"-ldflags=-w"}
}

func (c *Config) tagFlag() []string {
	if len(c.Tags) == 0 {
		return nil
	}
	return []string{"-tags=" + strings.Join(c.Tags, ",")}
}

// Package is what go list says about one package.
type Package struct {
	ImportPath   string
	Name         string
	Dir          string
	GoFiles      []string // base names, relative to Dir
	CgoFiles     []string
	TestGoFiles  []string
	XTestGoFiles []string
	Error        *struct{ Err string }
}

// HasTests reports whether the package has test files.
func (p *Package) HasTests() bool { return len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 }

// SourceFiles returns the absolute paths of the package's non-test Go files.
func (p *Package) SourceFiles() []string {
	var out []string
	for _, f := range append(append([]string(nil), p.GoFiles...), p.CgoFiles...) {
		out = append(out, filepath.Join(p.Dir, f))
	}
	return out
}

// List runs go list on the patterns and returns the packages in go list's
// order. A package that go list reports with an error makes List fail.
func List(ctx context.Context, c *Config, patterns ...string) ([]*Package, error) {
	args := append([]string{"list", "-e", "-json=ImportPath,Name,Dir,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,Error"}, c.tagFlag()...)
	args = append(args, patterns...)
	cmd := c.command(ctx, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("nativetest: go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	var pkgs []*Package
	for {
		p := new(Package)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("nativetest: go list output: %w", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("nativetest: %s: %s", p.ImportPath, p.Error.Err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("nativetest: no packages match %q", patterns)
	}
	return pkgs, nil
}

// Build compiles the test binary of pkg with set-mode coverage of the
// packages coverPkgs (import paths; default pkg itself) into out.
// overlay, if not empty, is a go build -overlay file (see [FlushOverlay]).
// It skips go vet (-vet=off): the binary is for the cases' coverage and
// verdicts, which a vet finding in a test file (go test then runs no
// test) would leave without any. The go command (1.26) ignores an
// overlay's replacements of non-test Go files when it builds with
// coverage: overlay only test files here ([FlushOverlay] does), and build
// other overlays with [BuildPlain] or [BuildUnvetted].
func Build(ctx context.Context, c *Config, pkg *Package, coverPkgs []string, out, overlay string) error {
	if len(coverPkgs) == 0 {
		coverPkgs = []string{pkg.ImportPath}
	}
	// In one order, so that the same set is one shared build.
	coverPkgs = slices.Compact(slices.Sorted(slices.Values(coverPkgs)))
	return build(ctx, c, pkg, []string{"-vet=off", "-cover", "-covermode=set", "-coverpkg=" + strings.Join(coverPkgs, ",")}, out, overlay)
}

// BuildPlain compiles the test binary of pkg into out as go test does,
// without coverage; overlay as for [Build].
func BuildPlain(ctx context.Context, c *Config, pkg *Package, out, overlay string) error {
	return build(ctx, c, pkg, nil, out, overlay)
}

// BuildUnvetted compiles the test binary of pkg as [BuildPlain] does,
// without the go vet checks go test runs before a build (-vet=off).
func BuildUnvetted(ctx context.Context, c *Config, pkg *Package, out, overlay string) error {
	return build(ctx, c, pkg, []string{"-vet=off"}, out, overlay)
}

// build compiles the test binary of pkg into out with the flags, or
// shares an identical one (ShareBuilds).
func build(ctx context.Context, c *Config, pkg *Package, flags []string, out, overlay string) error {
	if s := shared.Load(); s != nil {
		return s.build(ctx, c, pkg, flags, out, overlay)
	}
	return buildNow(ctx, c, pkg, flags, out, overlay)
}

// buildNow runs go test -c with the flags.
func buildNow(ctx context.Context, c *Config, pkg *Package, flags []string, out, overlay string) error {
	args := append(append([]string{"test", "-c"}, flags...), "-o", out)
	args = append(args, c.tagFlag()...)
	args = append(args, c.linkFlag()...)
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	args = append(args, pkg.ImportPath)
	cmd := c.command(ctx, args...)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("nativetest: building the test binary of %s: %v\n%s", pkg.ImportPath, err, strings.TrimSpace(stderr.String()))
	}
	if _, err := os.Stat(out); err != nil {
		return fmt.Errorf("nativetest: %s has no test binary: %w", pkg.ImportPath, err)
	}
	return nil
}
