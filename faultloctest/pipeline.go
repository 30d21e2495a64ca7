package faultloctest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// errPasses reports that the interpreted run of the test passes.
var errPasses = errors.New("the test passes when faultloc interprets it, so there is no failure to explain (does it depend on the environment, timing or a build tag? see " + EnvTags + ")")

// found is what the candidates stage found.
type found struct {
	// text returns the candidates as log lines, candidates that tie on
	// localize's keys (verified, size) ordered by the spectrum sp
	// (possibly nil: then by position), and leaves them in that order
	// for write.
	text func(sp *spectra.Ranking) string
	// write writes the JSON and HTML reports into dir, named after base,
	// with sp (possibly nil) as the HTML page's heat map; it returns the
	// files written.
	write func(dir, base string, sp *spectra.Ranking) ([]string, error)
}

// explainCase explains the failing test name of the package in c.dir: it
// loads the package with its tests, localizes the failure (fix
// candidates, see candidates), ranks the package's lines by the spectrum
// of its interpreted test cases, writes the report files if asked, and
// returns the log message.
func explainCase(ctx context.Context, name string, c config) (string, error) {
	pk := packages.get(c)
	prog, pkgPath, err := pk.load(ctx, c)
	if err != nil {
		return "", err
	}
	// Candidates first; the spectrum gets what is left of the time bound,
	// at least a third of it.
	cctx := ctx
	if c.top > 0 {
		if dl, ok := ctx.Deadline(); ok {
			var cancel context.CancelFunc
			cctx, cancel = context.WithDeadline(ctx, dl.Add(-time.Until(dl)/3))
			defer cancel()
		}
	}
	f, err := candidates(cctx, prog, pkgPath, name, c)
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
	var sp *spectra.Ranking
	var spText string
	if c.top > 0 {
		sp, spText = pk.spectrum(ctx, c)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "faultloc explains %s:\n", name)
	sb.WriteString(f.text(sp))
	sb.WriteString(spText)
	if c.reportDir != "" {
		dir := c.reportDir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(c.dir, dir)
		}
		base := safeName(prog.Package(pkgPath).Pkg.Name() + "." + name)
		files, err := f.write(dir, base, sp)
		if err != nil {
			fmt.Fprintf(&sb, "reports: %v\n", err)
		} else {
			fmt.Fprintf(&sb, "reports: %s\n", strings.Join(files, ", "))
		}
	}
	return strings.TrimSuffix(sb.String(), "\n"), nil
}

// packages caches, for the life of the test binary, each package the
// helper loaded, by directory, tags and formula: the failing tests of one
// package share one load and one spectrum.
var packages = &pkgCaches{m: map[config]*pkgCache{}}

// pkgCaches maps a package's directory, tags and spectrum settings (a
// config with the other fields zero) to its cache entry.
type pkgCaches struct {
	mu sync.Mutex
	m  map[config]*pkgCache
}

// pkgCache is a loaded package and its spectrum. Only complete results
// are kept: a load or a spectrum cut short by a time bound is redone by
// the next failing test.
type pkgCache struct {
	mu      sync.Mutex // held while loading or ranking
	prog    *trace.Program
	pkgPath string
	sp      *spectra.Ranking
	spText  string
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

// spectrum returns the package's spectrum ranking and its log lines (see
// spectrum), once complete.
func (pk *pkgCache) spectrum(ctx context.Context, c config) (*spectra.Ranking, string) {
	pk.mu.Lock()
	defer pk.mu.Unlock()
	if pk.spText != "" {
		return pk.sp, pk.spText
	}
	sp, text, complete := spectrum(ctx, pk.prog, pk.pkgPath, c)
	if complete {
		pk.sp, pk.spText = sp, text
	}
	return sp, text
}

// spectrum ranks the lines of the package's non-test files by formula
// c.formula over the package's test cases, each run by the interpreter,
// and returns the ranking (nil if there is none) and its top c.top lines
// as log lines (or a line saying why there are none). Cases the
// interpreter cannot run, skipped cases and cases not reached are left
// out. complete is false when the time bound cut the work short.
func spectrum(ctx context.Context, prog *trace.Program, pkgPath string, c config) (_ *spectra.Ranking, text string, complete bool) {
	formula, err := spectra.Lookup(c.formula)
	if err != nil {
		return nil, fmt.Sprintf("suspicious lines: %v\n", err), true
	}
	names, _ := prog.ListTests(ctx, pkgPath, nil) // the cases found are returned regardless
	var cases []trace.Case
	for _, n := range names {
		cases = append(cases, prog.GoTestCase(pkgPath, n))
	}
	m, left := spectra.NewMatrix(), 0
	err = (&spectra.Traces{Program: prog, Cases: cases, Code: true, KeepGoing: true}).Collect(ctx, m)
	if ctx.Err() != nil {
		return nil, fmt.Sprintf("suspicious lines: not computed: time bound %v reached after %d of %d test cases (set %s)\n", c.timeout, m.NumTests(), len(cases), EnvTimeout), false
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		left = len(j.Unwrap()) // the interpreter could not run them
	} else if err != nil {
		left = 1
	}
	if m.Passed() == 0 || m.Failed() == 0 {
		return nil, fmt.Sprintf("suspicious lines: none: the spectrum needs passing and failing cases; the interpreter ran %d passing, %d failing\n", m.Passed(), m.Failed()), ctx.Err() == nil
	}
	rk := m.Rank(formula, nil)
	var sb strings.Builder
	fmt.Fprintf(&sb, "suspicious lines (%s over %d passing and %d failing interpreted test cases", rk.Formula, m.Passed(), m.Failed())
	if left > 0 {
		fmt.Fprintf(&sb, "; %d left out", left)
	}
	sb.WriteString("):\n")
	src := sourceLines{}
	shown := 0
	for _, e := range rk.Entries {
		if shown == c.top || !(e.Score > 0) || math.IsNaN(e.Score) {
			break
		}
		shown++
		fmt.Fprintf(&sb, "%s:%d: %s %s, rank %s: %s\n", rel(c.dir, e.Element.File), e.Element.Line,
			rk.Formula, spectra.FormatScore(e.Score), spectra.FormatRank(e.Rank), src.line(e.Element.File, e.Element.Line))
	}
	if shown == 0 {
		sb.WriteString("(no line has a positive score)\n")
	}
	return rk, sb.String(), ctx.Err() == nil
}

// rel returns file relative to dir when possible.
func rel(dir, file string) string {
	if r, err := filepath.Rel(dir, file); err == nil {
		return r
	}
	return file
}

// sourceLines caches source files, split into lines.
type sourceLines map[string][]string

// line returns line n of file, trimmed, "" if unknown.
func (s sourceLines) line(file string, n int) string {
	lines, ok := s[file]
	if !ok {
		b, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))), "\n")
		}
		s[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
