package native

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Started is a native go test run of a package begun by [Start] before
// its program is loaded: the go test build and the cases' runs go on
// while the caller loads the program (trace.Load: seconds on a real
// library), and [Collect], given it in [Options.Started], uses it instead
// of starting a run of its own, adding what needs the program (the call
// graph). Collect uses it only if it fits (see [Started.Fits]); else it
// stops it and runs its own. A caller that does not hand it to Collect
// (the load failed, say) must call [Started.Stop].
type Started struct {
	pkgPath  string   // the package under test, as go list names it
	coverPkg []string // the packages measured, sorted (nil: pkgPath alone)
	dir      string
	env      []string
	tags     []string
	run      string
	first    string
	timeout  time.Duration
	began    time.Time

	cancel context.CancelCauseFunc
	done   chan struct{} // closed once the run is over
	m      *spectra.Matrix
	stats  spectra.GoTestStats
	err    error
	// progress follows the run: the cases done so far (Options.Progress).
	progress *spectra.GoTestProgress

	mu        sync.Mutex
	firstM    *spectra.Matrix // the cases First selects, once done
	firstDone chan struct{}   // closed when firstM is set
}

// Start begins the native run of the tests of the one package pattern
// names, loaded as cfg says (its directory, build flags, environment,
// and the packages Module or Scope put in scope, whose lines the run
// measures as Collect's does), with opts' Run, First, Bound and Timeout
// (FirstDone is Collect's). It lists the package's dependencies with go
// list first (a fraction of a second), then builds and runs in the
// background within opts.Bound from now and ctx. It returns an error,
// and starts nothing, when cfg has an overlay or pattern is not one
// package. Scope's packages are those go list reports; a package the
// load leaves out of scope (one the interpreter's bridge stands in for)
// makes the measured packages differ, and Collect then runs its own.
func Start(ctx context.Context, cfg *trace.Config, pattern string, opts *Options) (*Started, error) {
	if opts == nil {
		opts = &Options{}
	}
	if cfg == nil {
		cfg = &trace.Config{}
	}
	if len(cfg.Overlay) > 0 {
		return nil, errors.New("native: Start: an overlay, which go test would not build")
	}
	tags := buildTags(cfg.BuildFlags)
	pkgPath, cover, err := listMeasured(ctx, cfg, tags, pattern)
	if err != nil {
		return nil, err
	}
	s := &Started{pkgPath: pkgPath, coverPkg: cover, dir: cfg.Dir, env: cfg.Env, tags: tags, run: opts.Run, first: opts.First,
		timeout: cmp.Or(opts.Timeout, DefaultTimeout), began: time.Now(), done: make(chan struct{}), firstDone: make(chan struct{}),
		progress: &spectra.GoTestProgress{}}
	g := &spectra.GoTest{Patterns: []string{pkgPath}, CoverPkg: cover, Dir: s.dir, Env: s.env, Run: s.run, First: s.first, Tags: tags, Timeout: s.timeout, Progress: s.progress,
		FirstDone: func(m *spectra.Matrix) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.firstM == nil {
				s.firstM = m
				close(s.firstDone)
			}
		}}
	rctx, cancel := context.WithCancelCause(ctx)
	s.cancel = cancel
	go func() {
		defer close(s.done)
		bctx, stop := bounded(rctx, opts.Bound)
		defer stop()
		m := spectra.NewMatrix()
		err := g.Collect(bctx, m)
		s.m, s.stats, s.err = m, g.Stats, err
	}()
	return s, nil
}

// Began returns when Start began the run: its bound counts from then.
func (s *Started) Began() time.Time { return s.began }

// Stop ends the run, killing the go command and the test binary, and
// waits for it. It may be called more than once, and on nil.
func (s *Started) Stop() {
	if s == nil {
		return
	}
	s.cancel(errors.New("native: the early native run was stopped"))
	<-s.done
}

// Fits reports whether [Collect] of pkgPath of prog with opts uses s:
// the same package, measured packages, directory, environment, build
// tags, Run, First and Timeout.
func (s *Started) Fits(prog *trace.Program, pkgPath string, opts *Options) bool {
	if s == nil || prog == nil {
		return false
	}
	if opts == nil {
		opts = &Options{}
	}
	cfg, _ := prog.LoadedWith()
	cover := slices.Clone(measured(prog, pkgPath))
	slices.Sort(cover)
	return s.pkgPath == pkgPath && slices.Equal(s.coverPkg, cover) && s.dir == cfg.Dir && slices.Equal(s.env, cfg.Env) &&
		slices.Equal(s.tags, buildTags(cfg.BuildFlags)) && len(cfg.Overlay) == 0 &&
		s.run == opts.Run && s.first == opts.First && s.timeout == cmp.Or(opts.Timeout, DefaultTimeout)
}

// collect is Collect's part with a run s began: it relays the
// cases First selects to opts.FirstDone once graphDone is closed, and
// stops s when ctx ends. It returns the run's matrix, stats and error.
func (s *Started) collect(ctx context.Context, n *Run, graphDone <-chan struct{}, opts *Options) (*spectra.Matrix, spectra.GoTestStats, error) {
	stop := context.AfterFunc(ctx, func() { s.cancel(context.Cause(ctx)) })
	defer stop()
	relayed := make(chan struct{})
	go func() {
		defer close(relayed)
		select {
		case <-s.firstDone:
		case <-s.done:
		}
		s.mu.Lock()
		m := s.firstM // nil if the run ended before those cases were done
		s.mu.Unlock()
		if m != nil && opts.FirstDone != nil {
			<-graphDone
			r := n.static()
			r.Spectrum = m
			opts.FirstDone(r)
		}
	}()
	<-s.done
	<-relayed
	return s.m, s.stats, s.err
}

// listMeasured returns the import path of the one package pattern names
// (loaded as cfg says) and the packages a native run of it measures,
// sorted, as [measured] returns them of the loaded program: with
// cfg.Module, the non-test packages of the targets' modules that the
// package and its tests import (directly or not), with cfg.Scope those
// it accepts; nil when that is the package alone.
func listMeasured(ctx context.Context, cfg *trace.Config, tags []string, pattern string) (string, []string, error) {
	args := []string{"list", "-deps", "-test", "-f", "{{.ImportPath}}\t{{if .Module}}{{.Module.Path}}{{end}}\t{{.DepOnly}}"}
	if len(tags) > 0 {
		args = append(args, "-tags="+strings.Join(tags, ","))
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "--", pattern)...)
	cmd.Dir = cfg.Dir
	cmd.Env = append(os.Environ(), cfg.Env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", nil, fmt.Errorf("native: Start: go list %s: %v: %s", pattern, err, strings.TrimSpace(stderr.String()))
	}
	type pkg struct{ path, mod string }
	var deps []pkg
	var targets []string
	mods := map[string]bool{}
	isTest := func(p string) bool { return strings.HasSuffix(p, "_test") || strings.HasSuffix(p, ".test") }
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			continue
		}
		path, _, _ := strings.Cut(f[0], " ") // "p [p.test]": p's test variant
		if f[2] == "false" {
			if f[1] != "" {
				mods[f[1]] = true
			}
			if !isTest(path) && !slices.Contains(targets, path) {
				targets = append(targets, path)
			}
			continue
		}
		deps = append(deps, pkg{path, f[1]})
	}
	if len(targets) != 1 {
		return "", nil, fmt.Errorf("native: Start: %s names %d packages, not one", pattern, len(targets))
	}
	var cover []string
	for _, d := range deps {
		in := cfg.Module && d.mod != "" && mods[d.mod] || cfg.Scope != nil && cfg.Scope(d.path)
		if in && !isTest(d.path) && d.path != targets[0] && !slices.Contains(cover, d.path) {
			cover = append(cover, d.path)
		}
	}
	if len(cover) == 0 {
		return targets[0], nil, nil
	}
	cover = append(cover, targets[0])
	slices.Sort(cover)
	return targets[0], cover, nil
}
