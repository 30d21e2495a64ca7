package repair

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// ValidateOptions say how [Validate] runs a package's tests natively.
// The zero value is the default.
type ValidateOptions struct {
	// Dir is the working directory of the go command. Default "": the
	// current one.
	Dir string
	// Tags are build tags, for example "faultloc". Default none.
	Tags []string
	// Overlay are files laid over the package's before the patch
	// (absolute path: content), as go build -overlay does. Default nil:
	// none; Repair's default is the overlay the program was loaded with.
	Overlay map[string][]byte
	// Run selects the cases run as go test -run does. Default "": the
	// whole test suite.
	Run string
	// Timeout bounds the run of the whole test suite on one patch.
	// Default 0: 2 minutes.
	Timeout time.Duration
}

// Validation is the outcome of a package's test suite on a patch.
type Validation struct {
	// Plausible says every test of the package (those
	// ValidateOptions.Run selects) passed on the patch.
	Plausible bool `json:"plausible"`
	// Passed and Failed name the cases (tests, subtests, examples) that
	// passed and failed.
	Passed int      `json:"passed"`
	Failed []string `json:"failed,omitempty"`
	// Error says why the suite did not run to its end: the patch does not
	// build, or the run timed out or crashed.
	Error string `json:"error,omitempty"`
}

// Validator runs a package's test suite natively on patches: each patch
// is laid over the package as a go build -overlay, the test binary built
// (go test -c) and run once.
type Validator struct {
	run     string
	overlay map[string][]byte
	cfg     nativetest.Config
	pkg     *nativetest.Package
	tmp     string
	timeout time.Duration
	n       int
}

// NewValidator lists package pattern (one package, resolved in
// opts.Dir) for validation. Close removes its builds.
func NewValidator(ctx context.Context, pattern string, opts *ValidateOptions) (*Validator, error) {
	if opts == nil {
		opts = &ValidateOptions{}
	}
	cfg := nativetest.Config{Dir: opts.Dir, Tags: opts.Tags}
	pkgs, err := nativetest.List(ctx, &cfg, pattern)
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("localize: repair: %s names %d packages, want one", pattern, len(pkgs))
	}
	tmp, err := os.MkdirTemp("", "faultloc-repair-")
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	return &Validator{run: opts.Run, overlay: opts.Overlay, cfg: cfg, pkg: pkgs[0], tmp: tmp, timeout: timeout}, nil
}

// Close removes the validator's builds.
func (v *Validator) Close() error { return os.RemoveAll(v.tmp) }

// Validate runs the package's test suite (the cases ValidateOptions.Run
// selects) on p. The error is for a
// cancelled context or a test binary that could not be started; a patch
// that does not build is a Validation with Error set.
func (v *Validator) Validate(ctx context.Context, p *Patch) (*Validation, error) {
	v.n++
	dir := filepath.Join(v.tmp, fmt.Sprint(v.n))
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	defer os.RemoveAll(dir)
	files := maps.Clone(v.overlay)
	if files == nil {
		files = map[string][]byte{}
	}
	files[p.File] = p.Source
	ov, err := nativetest.WriteOverlay(dir, files)
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	bin := filepath.Join(dir, "test.exe")
	if err := nativetest.BuildPlain(ctx, &v.cfg, v.pkg, bin, ov); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return &Validation{Error: "the patched package does not build: " + firstLine(err.Error())}, nil
	}
	b := &nativetest.Binary{Path: bin, Dir: v.pkg.Dir, Timeout: v.timeout}
	rctx, cancel := context.WithTimeout(ctx, v.timeout+10*time.Second)
	defer cancel()
	rs, complete, err := b.Run(rctx, v.run, "", "")
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	out := &Validation{}
	for _, r := range nativetest.Cases(rs) {
		if r.Status == nativetest.Fail {
			out.Failed = append(out.Failed, r.Name)
		} else {
			out.Passed++
		}
	}
	switch {
	case !complete:
		out.Error = "the test binary did not run to its end (a crash or a timeout)"
	case out.Passed+len(out.Failed) == 0:
		out.Error = "no test ran"
	}
	out.Plausible = out.Error == "" && len(out.Failed) == 0
	return out, nil
}

// firstLine returns s's first line.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
