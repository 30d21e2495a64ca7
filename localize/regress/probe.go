package regress

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/regress/internal/blankimport"
	"github.com/faultloc/faultloc/localize/regress/internal/typecheck"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// buildError is one error of the type checker (or parser) on a version
// with some changes reverted, located in the new version.
type buildError struct {
	file   string          // relative to the change set's root; "" outside it
	offset int             // in the new version (when in is nil or not reverted)
	in     *changes.Change // the change holding the position, reverted or not
	back   bool            // the position lies in old code a reverted change put back
	msg    string
}

// revert returns the overlays of the new version with cs reverted, with
// the caller's own overlays (Options.Overlay) laid over them. An import
// that a reverted file no longer uses, though the new version's file
// does, is made blank (package blankimport): the version builds without
// auxiliary changes for it and does what the reverted code does.
func (g *regression) revert(cs []*changes.Change) (map[string][]byte, error) {
	overlay, err := g.set.Revert(cs)
	if err != nil {
		return nil, err
	}
	for f, b := range overlay {
		// An import the reversal left unused is made blank.
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		ref, ok := g.opts.Overlay[f]
		if !ok {
			if ref, ok = g.newSource(f); !ok {
				continue
			}
		}
		overlay[f], _ = blankimport.Blank(b, ref)
	}
	for f, b := range g.opts.Overlay {
		if _, ok := overlay[f]; !ok {
			overlay[f] = b
		}
	}
	for f, b := range g.tests {
		if _, ok := overlay[f]; !ok {
			overlay[f] = b
		}
	}
	return overlay, nil
}

// newSource returns the new version's file at overlay key f (a path
// under the set's New), as the change set read it.
func (g *regression) newSource(f string) ([]byte, bool) {
	rel := f
	if g.set.New != "" {
		var err error
		if rel, err = filepath.Rel(g.set.New, f); err != nil {
			return nil, false
		}
	}
	src, err := g.set.Source(filepath.ToSlash(rel), nil)
	return src, err == nil
}

// prober builds and runs the new version with subsets of its changes
// reverted, counting its work. Each method of the report (AFTER, the dd
// baselines) has its own prober, so their counts and caches are apart;
// build checks are shared through builds.
type prober struct {
	r      *regression
	method string // "AFTER" or the baseline's name, for Progress

	mu     sync.Mutex // versions may be tried at once (Options.Parallel)
	runs   int        // test runs (one per case per probe)
	probes int        // versions run
	unres  int        // versions that did not build, or whose run could not end
	why    string     // why the last unresolved version was unresolved
	cache  map[string]slicing.Outcome
	// smallest is the smallest set that withAux saw pass when reverted
	// (with its auxiliary changes), nil before one did.
	smallest []*changes.Change
}

// regression is the state of one Regress call shared by its probers.
type regression struct {
	opts    *Options
	set     *changes.Set
	pattern string
	pkgPath string
	cases   []string // the failing cases, by name
	kept    map[*changes.Change]bool
	native  *native // set when versions are run natively
	// tests are the test files the versions tried get (see oldTests),
	// nil when they keep the new version's.
	tests map[string][]byte

	mu     sync.Mutex
	builds map[string][]buildError // build errors by reverted set
	// last is the program of the latest reverted set that built, for
	// the run that usually follows its check.
	lastKey  string
	lastProg *trace.Program
	nbuild   int // type checks run
	aux      map[string][]*changes.Change
	auxOK    map[string]bool
	// verdicts are the trials run, by the set of changes reverted
	// (key), shared by the methods: a version one method
	// ran is not run again for another (which counts it as its own).
	verdicts map[string]trial

	// tc checks versions in this process (internal/typecheck); listed once, on
	// first use, for the test files the versions get.
	tcMu        sync.Mutex
	tc          *typecheck.Checker
	tcListed    bool
	noInProcess bool // every version checked by the go command (tests)

	progressMu sync.Mutex // one Options.Progress call at a time
}

// key is the canonical key of a set of changes: its changes' indices,
// sorted, whatever the order and repetitions of cs.
func (g *regression) key(cs []*changes.Change) string {
	ids := make([]int, 0, len(cs))
	for _, c := range cs {
		ids = append(ids, g.set.Index(c))
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var b strings.Builder
	for _, i := range ids {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(',')
	}
	return b.String()
}

// errPos matches "file:line:col: message" and "file:line: message", the
// message of more than one line too (the type checker's "not enough
// return values\n\thave (...)\n\twant (...)").
var errPos = regexp.MustCompile(`(?s)^([^\n]+?\.go):(\d+)(?::(\d+))?:?\s*(.*)$`)

// buildErrors checks that the new version with cs reverted builds: that
// the tested package loads with its tests; if it does not, it
// type-checks that package and every package holding a change for the
// errors, located in the change set.
func (g *regression) buildErrors(ctx context.Context, cs []*changes.Change) ([]buildError, error) {
	k := g.key(cs)
	g.mu.Lock()
	if errs, ok := g.builds[k]; ok {
		g.mu.Unlock()
		return errs, nil
	}
	g.mu.Unlock()
	overlay, err := g.revert(cs)
	if err != nil {
		return nil, err
	}
	// In this process when the listing describes the version
	// (internal/typecheck); the program the run needs is loaded by the run.
	if tc, err := g.checker(ctx); err != nil {
		return nil, err
	} else if tc != nil {
		perrs, ok, err := tc.Check(ctx, overlay)
		if err != nil {
			return nil, err
		}
		if ok {
			errs := g.locateAll(perrs, overlay, cs, tc.TestDirs(g.pkgPath))
			g.mu.Lock()
			g.builds[k] = errs
			g.nbuild++
			g.mu.Unlock()
			return errs, nil
		}
	}
	// The version the test runs in the interpreter: if it loads, it
	// builds as far as the test is concerned; keep its program for the
	// run. Run natively, the type checker below decides.
	var lerr error
	if g.native == nil {
		var prog *trace.Program
		prog, lerr = trace.Load(ctx, &trace.Config{Dir: g.opts.dir(), Tests: true, Module: true, BuildFlags: g.opts.BuildFlags, Overlay: overlay}, g.pattern)
		if lerr == nil {
			g.mu.Lock()
			g.builds[k] = nil
			g.nbuild++
			g.lastKey, g.lastProg = k, prog
			g.mu.Unlock()
			return nil, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	// It does not: the type checker's errors, located.
	patterns := g.patterns()
	cfg := &packages.Config{
		Context:    ctx,
		Mode:       packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedTypes | packages.NeedSyntax,
		Dir:        g.opts.dir(),
		Tests:      true,
		BuildFlags: g.opts.BuildFlags,
		Overlay:    overlay,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("localize: regress: type-checking: %w", err)
	}
	// The tests that run are the tested package's: the test files of the
	// other packages loaded (the changes' directories) do not build into
	// the test binary, and their errors are not the version's; nor are
	// those of a package the test binary does not import (a command of
	// the module whose dependency the module's go.sum lacks).
	testDirs := map[string]bool{}
	var perrs []packages.Error
	var tested []*packages.Package
	for _, p := range pkgs {
		if p.PkgPath == g.pkgPath || p.PkgPath == g.pkgPath+"_test" {
			tested = append(tested, p)
		}
	}
	if len(tested) == 0 {
		tested = pkgs // not found by path: every package's errors count
	}
	packages.Visit(tested, nil, func(p *packages.Package) {
		if p.PkgPath == g.pkgPath || p.PkgPath == g.pkgPath+"_test" {
			for _, f := range p.GoFiles {
				testDirs[filepath.Dir(f)] = true
			}
		}
		perrs = append(perrs, p.Errors...)
	})
	errs := g.locateAll(perrs, overlay, cs, testDirs)
	if len(errs) == 0 && lerr != nil {
		errs = append(errs, buildError{msg: lerr.Error()})
	}
	g.mu.Lock()
	g.builds[k] = errs
	g.nbuild++
	g.mu.Unlock()
	return errs, nil
}

// locateAll locates the errors perrs of a version in the change set,
// once each, leaving out those in other packages' test files.
func (g *regression) locateAll(perrs []packages.Error, overlay map[string][]byte, cs []*changes.Change, testDirs map[string]bool) []buildError {
	var errs []buildError
	seen := map[string]bool{}
	for _, e := range perrs {
		if seen[e.Error()] {
			continue
		}
		seen[e.Error()] = true
		if g.otherTest(e, testDirs) {
			continue
		}
		errs = append(errs, g.locate(e, overlay, cs))
	}
	return errs
}

// checker returns the in-process type checker of the versions (nil when
// the listing cannot serve one), listing the packages on first use.
func (g *regression) checker(ctx context.Context) (*typecheck.Checker, error) {
	g.tcMu.Lock()
	defer g.tcMu.Unlock()
	if g.tcListed || g.noInProcess {
		return g.tc, nil
	}
	base, err := g.revert(nil)
	if err != nil {
		return nil, err
	}
	tc := typecheck.New(g.opts.dir(), g.set.New, g.pkgPath, g.opts.BuildFlags, base, g.patterns())
	g.tc, g.tcListed = tc, true
	return tc, nil
}

// patterns are the packages a version's type check covers: the tested
// package and those of the changes' directories.
func (g *regression) patterns() []string {
	patterns := []string{g.pattern}
	dirs := map[string]bool{}
	for _, c := range g.set.Changes {
		d := filepath.Dir(filepath.Join(g.set.New, filepath.FromSlash(c.File)))
		if !dirs[d] {
			dirs[d] = true
			patterns = append(patterns, d)
		}
	}
	slices.Sort(patterns[1:])
	return patterns
}

// otherTest reports whether error e lies in a test file outside the
// tested package's directories testDirs (the go command's errors, from
// building export data, carry their position in the message).
func (g *regression) otherTest(e packages.Error, testDirs map[string]bool) bool {
	file, _, _ := strings.Cut(e.Pos, ":")
	if file == "" {
		for _, line := range strings.Split(e.Msg, "\n") {
			if m := errPos.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				file = m[1]
				break
			}
		}
	}
	if !strings.HasSuffix(file, "_test.go") {
		return false
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(g.opts.dir(), file)
	}
	return !testDirs[filepath.Dir(file)]
}

// locate places a package error in the change set.
func (g *regression) locate(e packages.Error, overlay map[string][]byte, cs []*changes.Change) buildError {
	be := buildError{msg: e.Msg}
	m := errPos.FindStringSubmatch(e.Pos + ": " + e.Msg)
	if e.Pos == "" {
		m = errPos.FindStringSubmatch(e.Msg)
	}
	if m == nil {
		return be
	}
	path := m[1]
	if !filepath.IsAbs(path) {
		path = filepath.Join(g.opts.dir(), path)
	}
	rel, err := filepath.Rel(g.set.New, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return be
	}
	be.file = filepath.ToSlash(rel)
	src, ok := overlay[path]
	if !ok {
		src, _ = os.ReadFile(path)
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	off := lineColOffset(src, line, col)
	n, in := g.set.Locate(be.file, cs, off)
	be.offset, be.in = n, in
	be.back = in != nil && slices.Contains(cs, in)
	return be
}

func lineColOffset(src []byte, line, col int) int {
	off := 0
	for l := 1; l < line && off < len(src); l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	if col > 0 {
		off += col - 1
	}
	return min(off, len(src))
}

// errNames are the identifiers the type checker's messages name.
var errNames = []*regexp.Regexp{
	regexp.MustCompile(`undefined: (?:\w+\.)?(\w+)`),
	regexp.MustCompile(`(\w+) declared and not used`),
	regexp.MustCompile(`declared and not used: (\w+)`),
	regexp.MustCompile(`"([^"]+)" imported and not used`),
	regexp.MustCompile(`(\w+) redeclared`),
	regexp.MustCompile(`has no field or method (\w+)`),
	regexp.MustCompile(`arguments in call to (?:\w+\.)?(\w+)`),
	regexp.MustCompile(`cannot use .* as .* value in .* to (\w+)`),
	regexp.MustCompile(`assignment mismatch: .* (\w+)\(\) returns`),
	regexp.MustCompile(`not used`),
}

func namesIn(msg string) []string {
	var out []string
	for _, re := range errNames {
		for _, m := range re.FindAllStringSubmatch(msg, -1) {
			if len(m) > 1 {
				name := m[1]
				if i := strings.LastIndexByte(name, '/'); i >= 0 {
					name = name[i+1:]
				}
				out = append(out, name)
			}
		}
	}
	return out
}

// mentions reports whether code holds name as a whole word.
func mentions(code, name string) bool {
	for i := 0; ; {
		j := strings.Index(code[i:], name)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWord(code[j-1])
		after := j+len(name) >= len(code) || !isWord(code[j+len(name)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWord(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// suspects are the changes outside skip that an error points at: the
// unreverted change holding its position, and the changes whose code
// (either version's) names an identifier the message names: those of
// the error's file when the change holding it may be reverted (which
// removes the error), else those of every file (the error lies in
// unchanged code, in old code a reverted change put back, or in a kept
// change). Between releases with a thousand changes, an identifier of a
// refactoring is named in hundreds of them. An error in old code a
// reverted change put back whose message names no identifier (a bare
// return put back into a function that lost its named results: "not
// enough return values"; "missing return") points at the other changes
// of the same function: the old statement needs the old function around
// it, its signature among them.
func (g *regression) suspects(errs []buildError, skip map[*changes.Change]bool) []*changes.Change {
	var out []*changes.Change
	add := func(c *changes.Change) {
		if c != nil && !skip[c] && !g.kept[c] && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, e := range errs {
		local := e.in != nil && !e.back && !g.kept[e.in]
		if local {
			add(e.in)
		}
		names := namesIn(e.msg)
		if e.in != nil && e.back && e.in.Func != "" && len(names) == 0 {
			for _, c := range g.set.Changes {
				if c.File == e.in.File && c.Func == e.in.Func {
					add(c)
				}
			}
		}
		for _, name := range names {
			for _, c := range g.set.Changes {
				if local && c.File != e.file {
					continue
				}
				if mentions(c.OldText, name) || mentions(c.NewText, name) {
					add(c)
				}
			}
		}
	}
	return out
}

// Bounds of the shrinking of one set's auxiliary changes to a 1-minimal
// set: more than auxShrinkMax changes are kept as found (between releases
// with a thousand changes, a refactoring's hundreds of changes that need
// each other take thousands of checks, and halving them rarely builds),
// and past auxShrinkChecks type checks the smallest set seen to build is
// kept.
const (
	auxShrinkMax    = 64
	auxShrinkChecks = 64
)

// auxiliary returns the changes that must be reverted with cs for the
// version to build, and whether there are such: none if it builds as is.
// It first follows the type checker's errors (the changes holding an
// error's position, those naming the identifiers its message names),
// then shrinks what it added to a 1-minimal set (ddmin with "builds" as
// the outcome, within the bounds auxShrinkMax and auxShrinkChecks); if
// the errors lead nowhere, it falls back to the AFTER paper's search,
// ddmin over every other change from the set that reverts them all (the
// old version, which builds), and finds none when those are more than
// auxShrinkMax. Results are cached by reverted set.
func (g *regression) auxiliary(ctx context.Context, cs []*changes.Change) ([]*changes.Change, bool, error) {
	return g.auxUpTo(ctx, cs, 0)
}

// auxUpTo is auxiliary, which stops following the type checker's errors
// (returning none, false, uncached) once they lead to more than bound
// changes; bound 0 means no bound.
func (g *regression) auxUpTo(ctx context.Context, cs []*changes.Change, bound int) ([]*changes.Change, bool, error) {
	k := g.key(cs)
	g.mu.Lock()
	if a, ok := g.aux[k]; ok {
		okk := g.auxOK[k]
		g.mu.Unlock()
		return a, okk, nil
	}
	g.mu.Unlock()
	done := func(a []*changes.Change, ok bool, err error) ([]*changes.Change, bool, error) {
		if err == nil {
			g.mu.Lock()
			g.aux[k], g.auxOK[k] = a, ok
			g.mu.Unlock()
		}
		return a, ok, err
	}
	builds := func(extra []*changes.Change) (bool, []buildError, error) {
		errs, err := g.buildErrors(ctx, slices.Concat(cs, extra))
		return err == nil && len(errs) == 0, errs, err
	}
	ok, errs, err := builds(nil)
	if err != nil || ok {
		return done(nil, ok, err)
	}
	in := map[*changes.Change]bool{}
	for _, c := range cs {
		in[c] = true
	}
	var extra []*changes.Change
	for range len(g.set.Changes) {
		sus := g.suspects(errs, in)
		if len(sus) == 0 {
			break
		}
		for _, c := range sus {
			in[c] = true
		}
		extra = append(extra, sus...)
		if bound > 0 && len(extra) > bound {
			return nil, false, nil
		}
		if ok, errs, err = builds(extra); err != nil {
			return done(nil, false, err)
		}
		if ok {
			break
		}
	}
	if !ok {
		// The paper's search: from every other change.
		extra = nil
		for _, c := range g.set.Changes {
			if !slices.Contains(cs, c) && !g.kept[c] {
				extra = append(extra, c)
			}
		}
		if bound > 0 && len(extra) > bound {
			return nil, false, nil
		}
		if ok, _, err = builds(extra); err != nil || !ok {
			return done(nil, false, err)
		}
		if len(extra) > auxShrinkMax {
			// Too many to shrink: reverted with every other change,
			// cs is the old version, whose passing is the premise and
			// says nothing of cs (delta debugging would take any such
			// cs, a single change, for a root cause).
			return done(nil, false, nil)
		}
	}
	extra = g.inOrder(extra)
	if len(extra) > 1 && len(extra) <= auxShrinkMax {
		res, err := slicing.DDMin(ctx, extra, func(ctx context.Context, sub []*changes.Change) slicing.Outcome {
			if ok, _, err := builds(sub); err == nil && ok {
				return slicing.Fail // "interesting": it builds
			}
			return slicing.Pass
		}, &slicing.DDOptions{NoRecheck: true, MaxTests: auxShrinkChecks})
		if err != nil && !errors.Is(err, slicing.ErrTestBudget) {
			return done(nil, false, err)
		}
		extra = res.Min // on an exhausted budget, the smallest that built
	}
	return done(extra, true, nil)
}

func (g *regression) inOrder(cs []*changes.Change) []*changes.Change {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b *changes.Change) int { return g.set.Index(a) - g.set.Index(b) })
	return slices.Compact(cs)
}

// keep finds the changes the new version's tests need (declarations they
// use that the old version lacks): the version with every other change
// reverted must build. A declaration is kept with the changes nested in
// it and the changes holding it, not their other nested changes (one
// function of an added file keeps the file, not its other
// declarations). A redeclaration in old code that a reverted change put
// back (a declaration moved to a kept one) keeps that change too: the
// new declaration stands for it. It returns an error if none such makes
// it build.
func (g *regression) keep(ctx context.Context) error {
	for range len(g.set.Changes) + 1 {
		var rest []*changes.Change
		for _, c := range g.set.Changes {
			if !g.kept[c] {
				rest = append(rest, c)
			}
		}
		errs, err := g.buildErrors(ctx, rest)
		if err != nil {
			return err
		}
		if len(errs) == 0 {
			return nil
		}
		progress := false
		for _, e := range errs {
			if e.in != nil && e.back && !g.kept[e.in] && redeclared.MatchString(e.msg) {
				g.keepAll(e.in)
				progress = true
				continue
			}
			for _, name := range namesIn(e.msg) {
				var decl []*changes.Change
				for _, c := range rest {
					if !g.kept[c] && declaresIn(c, name) {
						decl = append(decl, c)
					}
				}
				for _, c := range decl {
					if slices.ContainsFunc(decl, func(d *changes.Change) bool { return d != c && nestedIn(g.set, d, c) }) {
						continue // a change nested in it declares name
					}
					g.keepAll(c)
					for p := g.set.ByID(c.Parent); p != nil; p = g.set.ByID(p.Parent) {
						g.kept[p] = true
					}
					progress = true
				}
			}
		}
		if !progress {
			return &BuildError{What: "the new version with every change reverted (the old version with the new tests)", Errors: msgs(errs)}
		}
	}
	return nil
}

// redeclared matches the type checker's messages on a name declared
// twice, at either declaration.
var redeclared = regexp.MustCompile(`\w+ redeclared|other declaration of \w+`)

// keepAll keeps c and the changes nested in it (the statements of a kept
// added function).
func (g *regression) keepAll(c *changes.Change) {
	g.kept[c] = true
	for _, d := range g.set.Children(c) {
		g.keepAll(d)
	}
}

// declaresIn reports whether change c declares name and its old code
// did not: a func, type, var or const (a spec of a parenthesized
// declaration too), a method, a short variable declaration, or a field
// or interface method of a type.
func declaresIn(c *changes.Change, name string) bool {
	decl := func(code string) bool {
		if code == "" {
			return false
		}
		return declares(code, name) || specDeclares(c, name) || declaresField(code, name)
	}
	return c.Kind != changes.Removed && decl(c.NewText) && (c.Kind == changes.Added || !decl(c.OldText))
}

// specDeclares reports whether c, a spec of a parenthesized declaration
// (Func "const a, b"), declares name.
func specDeclares(c *changes.Change, name string) bool {
	if c.Unit != "spec" {
		return false
	}
	for _, tok := range []string{"const ", "var ", "type "} {
		if names, ok := strings.CutPrefix(c.Func, tok); ok {
			return slices.Contains(strings.Split(names, ", "), name)
		}
	}
	return false
}

// declaresField reports whether code, a type declaration or spec,
// declares a field or an interface method called name.
func declaresField(code, name string) bool {
	if !strings.Contains(code, name) {
		return false
	}
	src := "package p\n" + code
	if !strings.HasPrefix(strings.TrimSpace(code), "type") {
		src = "package p\ntype " + code
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		var fields *ast.FieldList
		switch n := n.(type) {
		case *ast.StructType:
			fields = n.Fields
		case *ast.InterfaceType:
			fields = n.Methods
		}
		if fields != nil {
			for _, fd := range fields.List {
				for _, id := range fd.Names {
					found = found || id.Name == name
				}
				if len(fd.Names) == 0 {
					t := fd.Type
					if st, ok := t.(*ast.StarExpr); ok {
						t = st.X
					}
					if sel, ok := t.(*ast.SelectorExpr); ok {
						t = sel.Sel
					}
					if id, ok := t.(*ast.Ident); ok && id.Name == name {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// declares reports whether code declares name: a func, type, var or
// const of that name, a method, or a short variable declaration.
func declares(code, name string) bool {
	if n, ok := importName(code); ok {
		return n == name
	}
	for _, pre := range []string{"func ", "type ", "var ", "const ", ") "} {
		if strings.Contains(code, pre+name) {
			i := strings.Index(code, pre+name) + len(pre+name)
			if i >= len(code) || !isWord(code[i]) {
				return true
			}
		}
	}
	return mentions(code, name) && strings.Contains(code, name+" :=")
}

// importName returns the name that code, an import spec (path, or name
// and path), declares: its name, or its path's last element (a major
// version suffix skipped). A package whose name differs from its path's
// last element is not recognized.
func importName(code string) (string, bool) {
	code = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(code), "import"))
	name, path, ok := strings.Cut(code, " ")
	if !ok {
		name, path = "", code
	}
	path = strings.TrimSpace(path)
	if len(path) < 2 || path[0] != '"' || path[len(path)-1] != '"' || strings.ContainsAny(path[1:len(path)-1], "\" \n") {
		return "", false
	}
	if name != "" {
		return name, name != "_" && name != "."
	}
	elems := strings.Split(path[1:len(path)-1], "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = elems[len(elems)-2]
	}
	return last, true
}

func msgs(errs []buildError) []string {
	var out []string
	for _, e := range errs {
		s := e.msg
		if e.file != "" {
			s = e.file + ": " + s
		}
		out = append(out, s)
	}
	return out
}

// BuildError reports a version that does not build.
type BuildError struct {
	What   string   // which version
	Errors []string // the type checker's messages
}

// Error formats the error with its first messages.
func (e *BuildError) Error() string {
	m := e.Errors
	if len(m) > 3 {
		m = append(slices.Clone(m[:3]), fmt.Sprintf("and %d more", len(e.Errors)-3))
	}
	return fmt.Sprintf("localize: regress: %s does not build: %s", e.What, strings.Join(m, "; "))
}

// trial is what one version's run did.
type trial struct {
	outcome slicing.Outcome
	runs    int    // test runs
	why     string // why it was unresolved, if it was
}

// run loads the new version with cs reverted and runs the failing cases:
// Pass if all pass, Fail if one fails, Unresolved (with why) if it does
// not build or a run cannot end. It is safe to call at once from several
// goroutines.
func (p *prober) run(ctx context.Context, cs []*changes.Change) (trial, error) {
	g := p.r
	unresolved := func(runs int, why string) (trial, error) {
		return trial{outcome: slicing.Unresolved, runs: runs, why: why}, nil
	}
	errs, err := g.buildErrors(ctx, cs)
	if err != nil {
		return trial{outcome: slicing.Unresolved}, err
	}
	if len(errs) > 0 {
		return unresolved(0, (&BuildError{What: "the version", Errors: msgs(errs)}).Error())
	}
	if g.native != nil {
		return p.runNative(ctx, cs)
	}
	g.mu.Lock()
	prog := g.lastProg
	if g.lastKey != g.key(cs) {
		prog = nil
	}
	g.mu.Unlock()
	if prog == nil {
		overlay, err := g.revert(cs)
		if err != nil {
			return trial{outcome: slicing.Unresolved}, err
		}
		prog, err = trace.Load(ctx, &trace.Config{Dir: g.opts.dir(), Tests: true, Module: true, BuildFlags: g.opts.BuildFlags, Overlay: overlay}, g.pattern)
		if err != nil {
			if ctx.Err() != nil {
				return trial{outcome: slicing.Unresolved}, ctx.Err()
			}
			return unresolved(0, err.Error())
		}
	}
	runs := 0
	for _, name := range g.cases {
		runs++
		rctx, cancel := context.WithTimeout(ctx, g.opts.runTimeout())
		r, err := prog.GoTestCase(g.pkgPath, name).Run(rctx, &trace.RunOptions{NoTrace: true})
		ended := rctx.Err() != nil
		cancel()
		if ctx.Err() != nil {
			return trial{outcome: slicing.Unresolved, runs: runs}, ctx.Err()
		}
		switch {
		case err != nil:
			return unresolved(runs, name+": "+err.Error())
		case ended:
			return unresolved(runs, fmt.Sprintf("%s: its run took longer than %v (RunTimeout)", name, g.opts.runTimeout()))
		case r == nil || !r.Ran:
			return unresolved(runs, name+": the case was not reached")
		case r.Failed:
			return trial{outcome: slicing.Fail, runs: runs}, nil
		}
	}
	return trial{outcome: slicing.Pass, runs: runs}, nil
}

// runNative is run for native trials: the version's test binary is built
// and run once per failing case.
func (p *prober) runNative(ctx context.Context, cs []*changes.Change) (trial, error) {
	g := p.r
	overlay, err := g.revert(cs)
	if err != nil {
		return trial{outcome: slicing.Unresolved}, err
	}
	bin, release, err := g.native.build(ctx, overlay)
	defer release()
	var be *BuildError
	if errors.As(err, &be) {
		return trial{outcome: slicing.Unresolved, why: be.Error()}, nil
	}
	if err != nil {
		return trial{outcome: slicing.Unresolved}, err
	}
	runs := 0
	for _, name := range g.cases {
		runs++
		o, why, err := g.native.run(ctx, bin, name)
		if err != nil {
			return trial{outcome: slicing.Unresolved, runs: runs}, err
		}
		if o != slicing.Pass {
			return trial{outcome: o, runs: runs, why: why}, nil
		}
	}
	return trial{outcome: slicing.Pass, runs: runs}, nil
}

// outcome is run through the prober's cache (a version is run once),
// counting the prober's work and reporting the version to
// Options.Progress.
func (p *prober) outcome(ctx context.Context, cs []*changes.Change) (slicing.Outcome, error) {
	k := p.r.key(cs)
	p.mu.Lock()
	if o, ok := p.cache[k]; ok {
		p.mu.Unlock()
		return o, nil
	}
	p.probes++
	n := p.probes
	p.mu.Unlock()
	start := time.Now()
	p.r.mu.Lock()
	t, ok := p.r.verdicts[k]
	p.r.mu.Unlock()
	var err error
	if !ok {
		if t, err = p.run(ctx, cs); err == nil {
			p.r.mu.Lock()
			p.r.verdicts[k] = t
			p.r.mu.Unlock()
		}
	}
	p.mu.Lock()
	p.runs += t.runs
	if err == nil {
		p.cache[k] = t.outcome
		if t.outcome == slicing.Unresolved {
			p.unres++
			p.why = t.why
		}
	}
	p.mu.Unlock()
	if f := p.r.opts.Progress; f != nil && err == nil {
		tr := Trial{Method: p.method, N: n, Outcome: t.outcome, Elapsed: time.Since(start), Why: t.why}
		for _, c := range p.r.inOrder(cs) {
			tr.Reverted = append(tr.Reverted, c.ID)
		}
		p.r.progressMu.Lock()
		f(tr)
		p.r.progressMu.Unlock()
	}
	return t.outcome, err
}

// Trial is one version that a method of [Explain] tried, as
// Options.Progress reports it.
type Trial struct {
	Method   string          // "AFTER" or a Baseline's Name
	N        int             // the method's count of versions tried so far
	Reverted []string        // the changes reverted, auxiliary ones included
	Outcome  slicing.Outcome // Fail: the cases still fail; Pass: they pass
	Why      string          // why the version was unresolved, if it was
	Elapsed  time.Duration   // the version's runs and its load or build, not its type check (shared)
}

// String formats the trial as one line.
func (t Trial) String() string {
	rev := "none"
	if len(t.Reverted) > 0 {
		rev = strings.Join(t.Reverted, " ")
	}
	s := fmt.Sprintf("%s, version %d, reverted %s: %s (%v)", t.Method, t.N, rev, t.Outcome, t.Elapsed.Round(time.Millisecond))
	if t.Why != "" {
		s += ": " + t.Why
	}
	return s
}

// effort is a snapshot of a prober's counts.
func (p *prober) effort(start time.Time) localize.Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	return localize.Stats{Probes: p.probes, Runs: p.runs, Unresolved: p.unres, Total: time.Since(start)}
}
