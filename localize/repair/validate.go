package repair

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
	"github.com/faultloc/faultloc/localize/repair/internal/runpool"
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
	// First selects cases, as go test -run does, that run before the
	// rest of the suite, a quick filter: a patch under which one of them
	// fails is refuted without the whole suite's run. Default "": none,
	// the whole suite runs at once; Repair's default is its failing
	// cases. First never narrows what makes a patch plausible: that is
	// always the whole suite.
	First string
	// Timeout bounds one run of the test binary on a patch (the First
	// cases, the whole suite). Default 0: 2 minutes.
	Timeout time.Duration
	// NoSchema validates each of Repair's patches by a build of its own,
	// one at a time. Default false: Repair first runs the suite on its
	// patches in a patch schema, one build holding them all, each behind
	// a switch, and validates by its own build only a patch that passes
	// there; while the runs mostly wait (a suite of sleeps), up to four
	// of the schema's runs of the whole suite go at once, a patch's own
	// build also runs beside its schema run, and a refutation from a run
	// that overlapped another is validated again alone (see the
	// package's doc); otherwise one run at a time.
	NoSchema bool
}

// Validation is the outcome of a package's test suite on a patch. The
// patched package is built as go test builds it but without go vet's
// checks (go test -vet=off): vet is no part of building nor of the
// suite.
type Validation struct {
	// Plausible says the package's whole test suite ran on the patch
	// to its end and every test, subtest, example and fuzz seed in it
	// passed (or skipped itself).
	Plausible bool `json:"plausible"`
	// Suite says the whole suite ran; false when the patch was refuted
	// before it (it does not build, or a case of ValidateOptions.First
	// failed): Passed and Failed are then the First run's.
	Suite bool `json:"suite"`
	// Passed counts the cases (tests, subtests, examples) that passed
	// or skipped themselves; Failed names those that failed.
	Passed int      `json:"passed"`
	Failed []string `json:"failed,omitempty"`
	// Error says why the suite did not run to its end: the patch does not
	// build, or the run timed out or crashed.
	Error string `json:"error,omitempty"`
	// Schema says the patch was refuted in Repair's patch schema (see
	// ValidateOptions.NoSchema), where each run stops at its first
	// failing test: Failed then names that one, and Passed counts the
	// tests before it. A plausible patch is always one whose own build
	// passed the whole suite.
	Schema bool `json:"schema,omitempty"`
	// overlapped says another run of the test binary was under way at
	// some time of the run that gave the outcome (see runpool.MaxRuns).
	overlapped bool
}

// Validator runs a package's test suite natively on patches: each patch
// is laid over the package as a go build -overlay, the test binary built
// (go test -c), run on the ValidateOptions.First cases if any and, when
// they pass, on the whole suite.
type Validator struct {
	first   string
	overlay map[string][]byte
	cfg     nativetest.Config
	pkg     *nativetest.Package
	tmp     string
	timeout time.Duration
	n       atomic.Int64 // the builds so far, which name their directories
	// runs measures the test binary's runs, which decide how many run at
	// once (see runpool.Stats).
	runs runpool.Stats
	// noSchema is ValidateOptions.NoSchema.
	noSchema bool
	// firstTime is the time of the First cases' run with no patch (0:
	// not measured), timed in the patch schema; it bounds the patches'
	// runs of them (bound). The rest of the suite is not timed (that
	// would take a run of it, which may be most of a repair's bound:
	// chi's middleware sleeps 26 s), so its runs have the timeout.
	firstTime time.Duration
	// minRun is minRunTimeout, which a test may lower.
	minRun time.Duration
}

// Bounds of a patch's run of the First cases (Validator.bound):
// runFactor times their run's time with no patch, at least
// minRunTimeout. A patch that makes a failing case loop or wait forever
// (a mutated loop bound, a deleted return before a blocking call) would
// otherwise hold the validation for the whole timeout (2 minutes by
// default), past a repair's bound, and leave the patches after it
// unvalidated; a patch that is the fix seldom slows them tenfold.
const (
	runFactor     = 10
	minRunTimeout = 5 * time.Second
)

// bound returns the timeout of a patch's run whose run with no patch
// took d (0: not measured, v.timeout), at most v.timeout.
func (v *Validator) bound(d time.Duration) time.Duration {
	if d <= 0 {
		return v.timeout
	}
	return min(v.timeout, max(v.minRun, runFactor*d))
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
	return &Validator{first: opts.First, overlay: opts.Overlay, cfg: cfg, pkg: pkgs[0], tmp: tmp, timeout: timeout, noSchema: opts.NoSchema, minRun: minRunTimeout}, nil
}

// Close removes the validator's builds.
func (v *Validator) Close() error { return os.RemoveAll(v.tmp) }

// Validate runs the package's test suite on p: the whole suite, after
// the ValidateOptions.First cases if any (that run stops at the first
// of them that fails, which Failed then names); p is plausible when every case
// of the whole suite passes. Validate may be called from several
// goroutines at once. The error is for a cancelled context or a
// test binary that could not be started; a patch that does not build is
// a Validation with Error set.
func (v *Validator) Validate(ctx context.Context, p *Patch) (*Validation, error) {
	dir := filepath.Join(v.tmp, fmt.Sprint(v.n.Add(1)))
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
	// Without vet: a check of go vet's is no test of the suite, and a
	// patch that trips one still builds.
	if err := nativetest.BuildUnvetted(ctx, &v.cfg, v.pkg, bin, ov); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return &Validation{Error: "the patched package does not build: " + firstLine(err.Error())}, nil
	}
	if v.first != "" {
		// The filter stops at its first failing case.
		b := &nativetest.Binary{Path: bin, Dir: v.pkg.Dir, Timeout: v.bound(v.firstTime), FailFast: true}
		out, err := v.run(ctx, b, v.first, "")
		if err != nil {
			return nil, err
		}
		if out.Error != "" || len(out.Failed) > 0 {
			return out, nil // refuted by the filter
		}
	}
	b := &nativetest.Binary{Path: bin, Dir: v.pkg.Dir, Timeout: v.timeout}
	out, err := v.run(ctx, b, "", "")
	if err != nil {
		return nil, err
	}
	out.Suite = true
	switch {
	case out.Error != "":
	case out.Passed+len(out.Failed) == 0:
		out.Error = "no test ran"
	default:
		out.Plausible = len(out.Failed) == 0
	}
	return out, nil
}

// run runs test binary b on the cases pattern selects ("": all) and
// skip does not, and tallies their verdicts.
func (v *Validator) run(ctx context.Context, b *nativetest.Binary, pattern, skip string) (*Validation, error) {
	rctx, cancel := context.WithTimeout(ctx, b.Timeout+10*time.Second)
	defer cancel()
	overlapped := false
	b.Started = v.runs.Started
	b.Usage = func(pid int, wall, cpu time.Duration) { overlapped = v.runs.Add(pid, wall, cpu) }
	rs, complete, err := b.Run(rctx, pattern, skip, "")
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, fmt.Errorf("localize: repair: %w", err)
	}
	out := &Validation{overlapped: overlapped}
	for _, r := range nativetest.Cases(rs) {
		if r.Status == nativetest.Fail {
			out.Failed = append(out.Failed, r.Name)
		} else {
			out.Passed++
		}
	}
	if !complete {
		out.Error = "the test binary did not run to its end (a crash or a timeout)"
	}
	return out, nil
}

// casesPattern returns a go test -run pattern that selects the named
// cases ("TestX", "TestX/sub"): at each level of the names, the
// alternation of their elements at that level, anchored. It may select
// more (TestA/x where TestA/y and TestB/x are named): enough for a
// filter.
func casesPattern(names []string) string {
	var levels [][]string
	for _, n := range names {
		for i, part := range strings.Split(n, "/") {
			if i == len(levels) {
				levels = append(levels, nil)
			}
			if q := regexp.QuoteMeta(part); !slices.Contains(levels[i], q) {
				levels[i] = append(levels[i], q)
			}
		}
	}
	parts := make([]string, len(levels))
	for i, l := range levels {
		parts[i] = "^(?:" + strings.Join(l, "|") + ")$"
	}
	return strings.Join(parts, "/")
}

// firstLine returns s's first line.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
