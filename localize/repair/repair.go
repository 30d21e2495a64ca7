package repair

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/repair/internal/budget"
	"github.com/faultloc/faultloc/localize/repair/internal/lines"
	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
	"github.com/faultloc/faultloc/localize/repair/internal/term"
	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Options configure [Repair]. The zero value is the default.
type Options struct {
	// Run selects the package's cases that are the repair's evidence
	// (run in the interpreter), as go test -run does. Default "": all of
	// them. The validation runs the whole suite whatever Run selects.
	Run string
	// Angelic are the options of angelic debugging, which finds the
	// sites: its verified candidates on the first failing case.
	// Its Search.Independent is always on (the formula leaves out the
	// events that depend on no blamable one; every value it proposes
	// is replayed). Default: angelic.Localize's.
	Angelic angelic.Options
	// Collect are the options of the repair data; its Search is
	// Angelic.Search's.
	Collect CollectOptions
	// Synth bound the synthesis of each site.
	Synth SynthOptions
	// Validate say how the package's tests run natively; its First
	// defaults to the failing cases (a patch under which one still
	// fails is refuted without the rest of the suite) and its Overlay
	// to the overlay the program was loaded with. Run does not narrow
	// the validation: a patch is plausible only when the package's
	// whole test suite passes on it.
	Validate ValidateOptions
	// MaxSites bounds the sites repaired, in their order: the
	// candidates the flexibility test inhibits last, then by the
	// spectrum score of their lines (SiteRepair.Score). Default 0: 5.
	MaxSites int
	// NoFlex leaves out the flexibility test (angelic.FlexTest, with
	// Angelic.Flex's Run and NoSolver) that orders the sites. Default
	// false: it runs.
	NoFlex bool
	// MaxPatches bounds the patches validated by a build of their own,
	// in rank order. Default 0: 10. Unless Validate.NoSchema, the first
	// 10 times MaxPatches are first screened in a patch schema (one
	// build for all of them): only those that pass the whole suite there
	// take a build of their own, then the patches the schema left out.
	MaxPatches int
	// NoMutation leaves out mutation analysis' plausible fixes
	// (localize/mutation, with its repair operators, on the sites'
	// lines). Default false: they join the pool.
	NoMutation bool

	// seams are the tests' replacements of the repair's internal
	// limits and stages, per call so that the tests run in parallel.
	seams seams
}

// seams replace, where set, what Repair otherwise takes from the
// package: for the tests.
type seams struct {
	// maxAngelicEvents, when positive, replaces maxAngelicEvents.
	maxAngelicEvents int
	// spectrumMutants, when set, replaces mutants for the spectrum's
	// first lines when angelic debugging gave no site.
	spectrumMutants func(context.Context, *trace.Program, []localize.Candidate, []trace.Case, int) ([]mutant, error)
}

// Result is what [Repair] found: the sites, their replacements, and the
// patches ranked, validated ones first.
type Result struct {
	Package string   `json:"package"`
	Failing []string `json:"failing"` // the selected cases that fail in the interpreter
	Passing int      `json:"passing"` // the selected cases that pass
	// Errors name the selected cases the interpreter could not run or
	// whose run did not reach them (localize.ErrNotReached), left out of
	// the evidence (the validation runs them natively), and the test
	// functions whose cases could not all be listed, with why.
	Errors  []string     `json:"errors,omitempty"`
	Sites   []SiteRepair `json:"sites"`
	Patches []Candidate  `json:"patches"`
	// Partial says a bound (the context's deadline) or an error cut the
	// repair: Reason says which; what was found is kept.
	Partial bool           `json:"partial,omitempty"`
	Reason  string         `json:"reason,omitempty"`
	Stats   localize.Stats `json:"stats"`

	// Output says how the writers write the result (not written).
	Output localize.WriteOptions `json:"-"`

	overlay map[string][]byte // the program's load overlay, laid under the patches
}

// SiteRepair is the synthesis at one site.
type SiteRepair struct {
	Site Site `json:"site"`
	// Score is the suspiciousness of the site's line in the spectrum
	// of the selected cases (Ochiai; 0 for a line no failing case
	// executed), which orders the sites.
	Score float64 `json:"score"`
	// Rescued counts the failing runs the site's angelic values make
	// pass, of Failing.
	Rescued int `json:"rescued"`
	Failing int `json:"failing"`
	// Inhibitors are the passing cases that inhibit the site's angelic
	// candidate (angelic.FlexTest): no other value of the expression
	// keeps them passing, as far as the test found.
	Inhibitors []string `json:"inhibitors,omitempty"`
	// Synthesis is what Synthesize found; nil if it did not run.
	Synthesis *SynthResult `json:"synthesis,omitempty"`
	// Error says why the site has no synthesis (no source to replace,
	// a failing run no value there rescues).
	Error string `json:"error,omitempty"`
}

// Candidate is a patch and where it comes from, ranked.
type Candidate struct {
	Rank int `json:"rank"`
	// Origin is "synthesis", "guard" (an inserted guard), "statement"
	// (an inserted statement from nearby code), "mutation" with the
	// operator ("mutation VRP") or "edit" with its kind ("edit delete",
	// a statement edit: see the package doc); several, comma-separated,
	// when they agree on the patch.
	Origin string `json:"origin"`
	// Size and Distance are the replacement's (see Fix): for a mutant,
	// its tokens and its edit distance; for an inserted statement, its
	// tokens.
	Size     int `json:"size"`
	Distance int `json:"distance"`
	// Site is the index in Result.Sites of the site (a mutant's: the
	// first site of its line, or -1).
	Site int `json:"site"`
	Patch
	// Validation is the outcome of the package's tests on the patch;
	// nil if it was not validated (MaxPatches, the deadline).
	Validation *Validation `json:"validation,omitempty"`

	// edit is a statement edit's place (0: not one): its line's among
	// the edited lines, then its kind's (editKinds).
	edit int
	// late marks the candidates validated after all others (lateKinds,
	// the assignments' lines of stmtedit.DefinitionLines).
	late bool
}

// Repair repairs the failing cases of package pkg of prog, loaded with
// its tests (trace.Config.Tests): angelic debugging finds the sites on
// the first failing case, the flexibility test on the passing cases puts
// those they inhibit last, and the others come in the order of their
// lines' suspiciousness in the spectrum of the selected cases (Ochiai
// over the coverage of their first runs). Mutation analysis of the
// lines of the first MaxSites sites gives its plausible fixes. When
// angelic debugging verified no candidate (in its share of the time),
// mutation analysis tries the ten most suspicious lines in the spectrum
// (ties to the lines the first failing case ran last), then the
// failing cases are ranked as the localization pipeline ranks a
// case its technique could not explain (the slice, the proximity to the
// failure, the spectrum; the first three failing cases, their rankings
// interleaved), the first case's first ranked lines are forced
// (angelic.ForceProbe): the lines whose forced values make it pass are
// the sites, those values their angelic values; and mutation analysis
// tries the other ranked lines, the forced ones first, then the
// spectrum's and the rankings' interleaved, a few at a time until they give half MaxPatches fixes or the time
// ends (with forced sites, at half the search's time left). With
// fewer than three sites of angelic debugging, the fallback's forcing
// adds its sites after them. Then at
// each of these sites [Collect] gathers the repair data over all the
// selected cases (with half the search's time left when other sites
// follow: a site whose collection that share cuts is passed over), [Synthesize] finds replacements and guards, and the
// statements of the site's function that assign a variable it reads
// are candidates for insertion before its statement (see the package
// doc). The patches are
// ranked mutation analysis' first (up to MaxPatches/4 of them), then
// the statement edits of the first lines (see the package doc), then
// site by site in the sites' order, a site's by size then distance to
// the source replaced, the first MaxPatches/4 replacements of each site
// before the others (so that validation spreads over the first sites),
// inserted guards and statements last, and validated natively in that order
// ([Validator]: the failing cases first, then the package's whole test
// suite on the patch, whatever Options.Run selects; a patch is plausible
// when every test of the whole suite passes on a build of its own): the
// first 10 times MaxPatches screened in a patch schema, which compiles
// them into one build, each behind a switch on an environment variable,
// and refutes most at the cost of a run; those that pass the suite there,
// then those the schema left out, validated by their own builds, up to
// MaxPatches of them. The result ranks the plausible patches first,
// those at a site before those with none (statement edits, inserted
// guards and statements), each in the order of validation, then the
// others in that order.
//
// A deadline on ctx bounds the whole repair: the search for patches
// ends at 70% of the time to it, the validation of what it found has
// the rest, and angelic debugging has 40% of the search's time (the
// candidates it found by then are the sites; a first failing case
// whose formula would hold more than a million events skips it, as its
// encoding would not end in that share: the formula leaves out the
// events that depend on no blamable one (encode.IndependentEvents),
// such as an assertion library's parse of the test's source), and with no site, mutation analysis of
// the spectrum's first lines has half the search's time left, the
// fallback the rest; what was found and
// validated by then is returned, Partial. A stage of the search stuck
// in one call of native code, which an interpreted run cannot stop, is
// left behind a second after its share of the time ends (its goroutine
// ends on its own, its result dropped).
// Errors are for a package whose cases cannot be listed or run, or that
// has no failing case (a *NoFailingError, which tells every selected
// case passing from cases or listings that gave no verdict).
func Repair(ctx context.Context, prog *trace.Program, pkg string, opts *Options) (*Result, error) {
	if opts == nil {
		opts = &Options{}
	}
	// The formulas of angelic debugging and of the repair data leave out
	// the events that depend on no blamable one, such as an assertion
	// library's parse of the test's source: every value they propose is
	// replayed.
	o := *opts
	o.Angelic.Search.Independent = true
	opts = &o
	start := time.Now()
	// The search for patches ends at its share of the time to ctx's
	// deadline; the validation of what it found has the rest.
	vctx := ctx
	ctx, cancel := budget.ShareFrom(ctx, start, searchShare, "the search for patches took its share (%.0f%%) of the time to the deadline, the rest left to validation")
	defer cancel()
	res := &Result{Package: pkg, Sites: []SiteRepair{}, Patches: []Candidate{}}
	partial := func(err error) (*Result, error) {
		res.Partial = true
		res.Reason = strings.TrimPrefix(res.Reason+"; "+err.Error(), "; ")
		res.Stats.Total = time.Since(start)
		return res, nil
	}
	sel, err := localize.SelectCases(ctx, prog, pkg, opts.Run)
	if err != nil {
		if ctx.Err() != nil {
			return partial(fmt.Errorf("listing the cases: %w", context.Cause(ctx)))
		}
		return nil, err
	}
	var failing, passing []trace.Case
	var notRun []*localize.CaseError // the selected cases with no verdict
	// The cases' coverage, the spectrum that orders the sites.
	spectrum := spectra.NewMatrix()
	for _, c := range sel.Cases {
		r, err := c.Run(ctx, &trace.RunOptions{CoverOnly: true, MaxSteps: opts.Collect.Run.MaxSteps})
		if ctx.Err() != nil {
			return partial(fmt.Errorf("running the cases: %w", context.Cause(ctx)))
		}
		if err == nil {
			res.Stats.Runs++
		}
		if e := localize.NoVerdict(c.Name(), r, err); e != nil {
			// The interpreter cannot run it (a missing bridge, an
			// unsupported construct) or the run did not reach it: left
			// out of the evidence.
			notRun = append(notRun, e)
			continue
		}
		if r.Ran && !r.Skipped {
			spectrum.Add(spectra.TestRun{Name: c.Name(), Failed: !r.Passed()}, spectra.CoveredCodeElements(prog, r.Covered, spectra.Line))
		}
		if r.Passed() {
			passing = append(passing, c)
		} else {
			failing = append(failing, c)
			res.Failing = append(res.Failing, c.Name())
		}
	}
	res.Passing = len(passing)
	notRun = sel.NoVerdicts(notRun)
	for _, e := range notRun {
		res.Errors = append(res.Errors, e.Error())
	}
	if len(failing) == 0 {
		return nil, &NoFailingError{Package: pkg, Run: opts.Run, Cases: len(sel.Cases), Passed: len(passing), NotRun: notRun}
	}
	// The spectrum's first lines (lines.Sites), for the statement edits
	// and, with no site of angelic debugging, mutation analysis: found
	// first, as no later stage's time bound must leave the statement
	// edits without lines; with the lines of the failing run's panic
	// and its callers, which take guards whatever their rank.
	first, frames, events := lines.Sites(ctx, spectrum, failing[0], opts.Collect.Run.MaxSteps, lineChunk, lines.ModuleFiles(prog, pkg), func(t *trace.Trace) int {
		return encode.IndependentEvents(prog, t, t.Len(), &encode.Options{InScope: opts.Angelic.Search.InScope})
	})
	// Angelic debugging has its share of the search's time, so that
	// mutation analysis and the synthesis have the rest; a failing run
	// too long for its encoding to end in that share skips it, and its
	// share goes to the cheap edits of the ranked lines.
	var rep *localize.Report
	if maxEvents := cmp.Or(opts.seams.maxAngelicEvents, maxAngelicEvents); events > maxEvents {
		rep, err = &localize.Report{Partial: true, Reason: fmt.Sprintf("skipped: the failing run's formula would hold %d events (its blamable ones and those that depend on them), more than the %d whose encoding ends in its share of the time", events, maxEvents)}, nil
	} else {
		actx, acancel := budget.Share(ctx, angelicShare, "angelic debugging took its share (%.0f%%) of the time to the search's end")
		rep, err = angelic.Localize(actx, prog, failing[0], &opts.Angelic)
		acancel()
		if err != nil && ctx.Err() == nil && actx.Err() != nil {
			rep, err = &localize.Report{Partial: true, Reason: err.Error()}, nil
		}
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return partial(context.Cause(ctx))
	case err != nil:
		return nil, err
	}
	res.Stats.Add(rep.Stats)
	if rep.Partial {
		res.Partial, res.Reason = true, "angelic debugging: "+rep.Reason
	}
	// The flexibility test orders the sites: a candidate a passing case
	// inhibits is one no replacement of its expression is likely to fix
	// without breaking that case (the paper's third step), so it comes
	// after the others.
	var verified []localize.Candidate
	for _, c := range rep.Candidates {
		if c.Verified {
			verified = append(verified, c)
		}
	}
	if !opts.NoFlex && len(verified) > 0 && len(passing) > 0 {
		fl, err := angelic.FlexTest(ctx, prog, verified, &angelic.FlexOptions{Passing: passing, Run: opts.Angelic.Flex.Run, NoSolver: opts.Angelic.Flex.NoSolver})
		if err != nil {
			if ctx.Err() != nil {
				err = context.Cause(ctx)
			}
			return partial(fmt.Errorf("flexibility test: %w", err))
		}
		verified = fl
	}
	scores := lines.OrderSites(verified, spectrum)
	// ranked are the ranked lines mutation analysis tries when angelic
	// debugging gave no site; nil: the sites' lines.
	var ranked []localize.Candidate
	var ms []mutant
	cases := append(slices.Clone(failing), passing...)
	if len(verified) == 0 {
		// First, mutation analysis of the spectrum's first lines (by
		// Ochiai, ties to the lines the failing case ran last), which
		// costs no ranking; then the fallback's rankings and forcing.
		// It has half the search's time left, the fallback the rest:
		// a run of millions of events makes each mutant's run long, and
		// the fallback's rankings give the statement edits their lines.
		if !opts.NoMutation {
			mctx, mcancel := budget.Share(ctx, 0.5, "mutation analysis of the spectrum's first lines took its share (%.0f%%) of the search's time left")
			spectrumMutants := mutants
			if opts.seams.spectrumMutants != nil {
				spectrumMutants = opts.seams.spectrumMutants
			}
			m, err := spectrumMutants(mctx, prog, first, cases, len(failing))
			mcancel()
			ms = m
			if err != nil && mctx.Err() != nil && ctx.Err() == nil {
				err = context.Cause(mctx)
			}
			if err != nil && ctx.Err() == nil {
				res.Reason = strings.TrimPrefix(res.Reason+"; mutation analysis: "+err.Error(), "; ")
			}
		}
		fctx, fcancel := budget.Share(ctx, fallbackShare, "the fallback's rankings took their share (%.0f%% of the search's time left)")
		fb := fallbackSites(fctx, prog, pkg, rep, failing, spectrum, opts.Collect.Run.MaxSteps, maxLineSites, first)
		fcancel()
		if ctx.Err() != nil && len(ms) == 0 && len(first) == 0 && len(fb.lines) == 0 {
			// Nothing to validate; with the spectrum's or the rankings'
			// lines, their statement edits are validated in the rest.
			return partial(context.Cause(ctx))
		}
		if fb.reason != "" {
			res.Reason = strings.TrimPrefix(res.Reason+"; no site: "+fb.reason, "; ")
		}
		verified, ranked = fb.sites, fb.lines
		scores = lines.Scores(verified, spectrum)
	} else if len(verified) < fewSites {
		// Few sites: one that rescues only some failing runs would leave
		// nothing to synthesize, so the fallback's forcing adds the
		// sites of the ranked lines after them (one per line).
		fctx, fcancel := budget.Share(ctx, fallbackShare, "the fallback's rankings took their share (%.0f%% of the search's time left)")
		fb := fallbackSites(fctx, prog, pkg, rep, failing, spectrum, opts.Collect.Run.MaxSteps, 0, nil)
		fcancel()
		for _, c := range fb.sites {
			if !slices.ContainsFunc(verified, func(v localize.Candidate) bool {
				return v.Locations[0].SourceLine() == c.Locations[0].SourceLine()
			}) {
				verified = append(verified, c)
				scores = append(scores, lines.Scores([]localize.Candidate{c}, spectrum)...)
			}
		}
	}
	sites := verified[:min(len(verified), cmp.Or(opts.MaxSites, 5))]
	loaded, _ := prog.LoadedWith()
	res.overlay = loaded.Overlay
	co := opts.Collect
	co.Search = opts.Angelic.Search
	if co.Search.Overlay == nil {
		co.Search.Overlay = loaded.Overlay // the sites' source
	}
	// Mutation analysis first: one run of the cases on each mutant of
	// the sites' lines is cheap beside a site's collection, and it finds
	// the one-token fixes (an operator, a variable, a constant moved by
	// one) that a time bound would otherwise leave out.
	switch {
	case opts.NoMutation:
	case ranked == nil && len(sites) > 0:
		var err error
		ms, err = mutants(ctx, prog, sites, cases, len(failing))
		if err != nil && ctx.Err() == nil {
			res.Reason = strings.TrimPrefix(res.Reason+"; mutation analysis: "+err.Error(), "; ")
		}
	default:
		// No site of angelic debugging: mutation analysis on the
		// fallback's ranked lines, the first first, a few lines at a
		// time (two, then twice as many up to lineChunk), until they
		// give half MaxPatches plausible fixes: a bound keeps the
		// mutants of the lines done, a fix which only fits the evidence
		// does not end the search, and the later lines cost nothing
		// once enough fixes are found. With sites of the fallback's
		// forcing, it has half the search's time left, the synthesis
		// at those sites the rest.
		mctx, mcancel := ctx, context.CancelFunc(func() {})
		if len(sites) > 0 {
			mctx, mcancel = budget.Share(ctx, 0.5, "mutation analysis of the ranked lines took its share (%.0f%%) of the search's time left")
		}
		enough := max(1, cmp.Or(opts.MaxPatches, 10)/2)
		for i, n := 0, 2; i < len(ranked) && len(ms) < enough && mctx.Err() == nil; i, n = i+n, min(2*n, lineChunk) {
			part := ranked[i:min(i+n, len(ranked))]
			m, err := mutants(mctx, prog, part, cases, len(failing))
			ms = append(ms, m...)
			if err != nil && mctx.Err() == nil {
				res.Reason = strings.TrimPrefix(res.Reason+"; mutation analysis: "+err.Error(), "; ")
				break
			}
		}
		mcancel()
	}
	// Statement edits at the first lines of the sites, the spectrum and
	// the fallback's rankings, interleaved: for the faults no site's
	// expression repairs (a statement missing, extra or misplaced);
	// guards at the failing run's panic frames; and after them all, the
	// edits of the assignments of the fields those lines read (where a
	// value is stored rather than where it shows).
	edited := lines.Interleave(maxEditLines, sites, first, ranked)
	cands := editCandidates(edited, frames, stmtedit.DefinitionLines(edited, loaded.Overlay), loaded.Overlay, prog)
	// done adds the mutants, each at the first site of its line (-1:
	// none), and ranks and validates the patches.
	done := func(err error) (*Result, error) {
		for _, m := range ms {
			site := slices.IndexFunc(res.Sites, func(s SiteRepair) bool {
				return s.Site.File == m.File && s.Site.Line == m.Line
			})
			cands = append(cands, Candidate{Origin: "mutation " + m.Op, Size: len(term.Tokens(m.Repl)), Distance: term.Distance(m.Orig, m.Repl), Site: site, Patch: m.patch})
		}
		return finish(vctx, res, cands, opts, start, err)
	}
	for i, c := range sites {
		if ctx.Err() != nil {
			return done(context.Cause(ctx))
		}
		sr := SiteRepair{Score: scores[i]}
		if c.Flex != nil {
			sr.Inhibitors = c.Flex.Inhibitors
		}
		// A site's collection has half the search's time left when
		// other sites follow, so that one whose searches for angelic
		// values do not end leaves them time.
		sctx, scancel := ctx, context.CancelFunc(func() {})
		if i < len(sites)-1 {
			sctx, scancel = budget.Share(ctx, siteShare, "the site's collection took its share (%.0f%%) of the search's time left")
		}
		d, err := Collect(sctx, prog, c, failing, passing, &co)
		cause := context.Cause(sctx)
		scancel()
		var se *SiteError
		switch {
		case err != nil && ctx.Err() != nil:
			return done(context.Cause(ctx))
		case err != nil && cause != nil:
			sr.Site.Location = c.Locations[0]
			sr.Error = "collection cut: " + cause.Error()
			res.Sites = append(res.Sites, sr)
			continue // the next site
		case errors.As(err, &se):
			sr.Site.Location = c.Locations[0]
			sr.Error = se.Reason
			res.Sites = append(res.Sites, sr)
			continue
		case err != nil:
			return nil, err
		}
		res.Stats.Add(d.Stats)
		sr.Site = d.Site
		for _, r := range d.Runs {
			if r.Failing {
				sr.Failing++
				if r.Rescued {
					sr.Rescued++
				}
			}
		}
		if d.Partial {
			if ctx.Err() == nil && sctx.Err() != nil {
				sr.Error = "collection cut: " + context.Cause(sctx).Error()
				res.Sites = append(res.Sites, sr)
				continue // the next site
			}
			res.Sites = append(res.Sites, sr)
			if ctx.Err() != nil {
				return done(context.Cause(ctx))
			}
			return done(errors.New(d.Reason))
		}
		switch {
		case d.Site.Replaced == "":
			what := d.Site.Expr
			if what == "" {
				what = fmt.Sprintf("the instruction at column %d (%s)", d.Site.Column, c.Angelic[0].Instr)
			}
			sr.Error = "no source to replace: " + what + " is not an expression or the right-hand side of an assignment"
		default:
			syn, err := Synthesize(ctx, d, &opts.Synth)
			if err != nil && ctx.Err() != nil {
				res.Sites = append(res.Sites, sr)
				return done(context.Cause(ctx))
			}
			if err != nil {
				return nil, err
			}
			sr.Synthesis = syn
			for _, f := range syn.Fixes {
				if f.Expr == d.Site.Replaced {
					continue // the source as it is (the old value at a compound assignment's load)
				}
				p, err := d.Site.patch(f.Expr)
				if err != nil {
					return nil, err
				}
				cands = append(cands, Candidate{Origin: "synthesis", Size: f.Size, Distance: f.Distance, Site: len(res.Sites), Patch: *p})
			}
			for _, g := range syn.Guards {
				p, err := d.Site.guardPatch(g)
				if err != nil {
					return nil, err
				}
				cands = append(cands, Candidate{Origin: "guard", Size: g.Size, Distance: len(term.Tokens(g.String())), Site: len(res.Sites), Patch: *p})
			}
			for _, in := range d.Site.insertions() {
				n := insertionSize(in)
				cands = append(cands, Candidate{Origin: "statement", Size: n, Distance: n, Site: len(res.Sites), Patch: *d.Site.insertionPatch(in)})
			}
		}
		res.Sites = append(res.Sites, sr)
	}
	var cut error
	if ctx.Err() != nil {
		cut = context.Cause(ctx)
	}
	return done(cut)
}

// searchShare is the share of the time to a repair's deadline given to
// the search for patches (sites, synthesis, mutation analysis); the
// validation of the patches found has the rest, so that a repair cut by
// its deadline reports validated patches.
const searchShare = 0.7

// fewSites is the number of angelic debugging's sites under which the
// fallback's forcing adds its sites after them.
const fewSites = 3

// siteShare is the share of the search's time left that a site's
// collection has when other sites follow it.
const siteShare = 0.5

// angelicShare is the share of the time to the search's end that
// angelic debugging has: the candidates it found by then are the sites.
const angelicShare = 0.4

// maxAngelicEvents bounds the events of the failing run that the
// formula of angelic debugging holds (encode.IndependentEvents: the
// blamable events and those that depend on them; the others are left
// out, encode.Options.Independent): the encoding of more seldom ends in
// its share of a bound of minutes (on a busy 2-core machine the
// encoding went through about 50,000 events a second, and the whole
// of sqlbuilder/empty-where's run, 1.4 million events, was not encoded
// in 50 s), and without it the fallback's rankings and the statement
// edits have that time. The tests set another (Options.seams).
const maxAngelicEvents = 1_000_000

// finish ranks the candidates, validates them (Validator.validateRanked, while
// ctx lasts) and sets their ranks; err (a bound) makes the result
// partial.
func finish(ctx context.Context, res *Result, cands []Candidate, opts *Options, start time.Time, err error) (*Result, error) {
	defer func() { res.Stats.Total = time.Since(start) }()
	rankPatches(cands, len(res.Sites), cmp.Or(opts.MaxPatches, 10))
	// One patch per patched source: sites and mutation may agree; the
	// first keeps the others' origins. A replacement by the source
	// itself (the synthesis may find the site's own expression fits
	// the data) is no patch.
	seen := map[string]int{}
	kept := cands[:0]
	for _, c := range cands {
		if c.Orig != "" && c.Orig == c.Repl {
			continue // the source as it is: the failing cases still fail
		}
		k := c.File + "\x00" + string(c.Source)
		if i, ok := seen[k]; ok {
			if !strings.Contains(kept[i].Origin, c.Origin) {
				kept[i].Origin += ", " + c.Origin
			}
			continue
		}
		seen[k] = len(kept)
		kept = append(kept, c)
	}
	cands = kept
	if ctx.Err() == nil && len(cands) > 0 {
		vo := opts.Validate
		if vo.First == "" {
			vo.First = casesPattern(res.Failing)
		}
		if vo.Overlay == nil {
			vo.Overlay = res.overlay
		}
		also := func(e error) {
			if err == nil {
				err = e
			} else {
				err = fmt.Errorf("%w; %w", err, e)
			}
		}
		v, verr := NewValidator(ctx, res.Package, &vo)
		switch {
		case verr != nil && ctx.Err() != nil:
			also(ctx.Err()) // the go command was stopped by the bound
		case verr != nil:
			also(verr)
		default:
			defer v.Close()
			ps := make([]*Patch, len(cands))
			for i := range cands {
				ps[i] = &cands[i].Patch
			}
			if verr := v.validateRanked(ctx, ps, cmp.Or(opts.MaxPatches, 10), func(i int, val *Validation) { cands[i].Validation = val }); verr != nil {
				also(verr)
			}
		}
	}
	finalRank(cands)
	for i := range cands {
		cands[i].Rank = i + 1
	}
	res.Patches = cands
	if err != nil {
		res.Partial = true
		res.Reason = strings.TrimPrefix(res.Reason+"; "+err.Error(), "; ")
	}
	return res, nil
}

// rankPatches orders the candidates: the first max(1, maxPatches/4) of
// mutation analysis' plausible fixes first, in their sites' order (each
// is one token away from the source, and every case of the evidence ran
// on it: worth validating before the synthesis' replacements, which the
// data checks only approximately; the others come with the second
// round), then the statement edits (a few at the first lines, by their
// lines' order: cheap to refute, and the only patches of a fault no
// expression's replacement repairs), then site by site, so that the sites' order (the
// localization) decides which patches are validated first, the first
// max(1, maxPatches/4) replacements of each site, by size then
// distance, in the sites' order, then the other replacements the same
// way, then the inserted guards and statements (a guard is false on
// every passing run's instances by construction, and an inserted
// statement is not checked on the data at all, so the data supports
// them least), and last the edits of the newer templates and lines
// (Candidate.late), so that they take only what the others leave of
// the validation's bound. A mutant, a replacement or an edit with an
// overfitting sign (overfitSigns) goes to the third round, whatever
// its kind: finalRank would rank it after the others if plausible, so
// the bound is better spent on them first. The
// patches validated (maxPatches) thus spread over the first sites
// rather than going all to the first one. A candidate without a site
// (Site -1) comes after those of the sites. sites is their number.
func rankPatches(cands []Candidate, sites, maxPatches int) {
	siteRank := func(i int) int {
		if i < 0 {
			return sites
		}
		return i
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(siteRank(a.Site), siteRank(b.Site)), cmp.Compare(a.edit, b.edit), cmp.Compare(a.Size, b.Size), cmp.Compare(a.Distance, b.Distance))
	})
	perSite := max(1, maxPatches/4)
	round := make([]int, len(cands))
	k := 0 // the replacements of the site so far
	m := 0 // the mutants so far
	for i := range cands {
		if i > 0 && cands[i-1].Site != cands[i].Site {
			k = 0
		}
		switch {
		case cands[i].late:
			round[i] = 5 // the newer templates: what the others leave of the bound
		case cands[i].Orig != "" && len(overfitSigns(&cands[i])) > 0:
			round[i] = 3 // an overfitting sign: after the first of the others
		case fromMutation(cands[i]) && m < perSite:
			round[i] = 0
			m++
		case fromMutation(cands[i]):
			round[i] = 3
		case cands[i].edit > 0:
			round[i] = 1 // a statement edit: few, at the first lines
		case cands[i].Orig == "":
			round[i] = 4 // an inserted guard or statement: the weakest evidence
		case k < perSite:
			round[i] = 2
			k++
		default:
			round[i] = 3
			k++
		}
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(round[a], round[b]) })
	sorted := make([]Candidate, len(cands))
	for i, j := range order {
		sorted[i] = cands[j]
	}
	copy(cands, sorted)
}

// fromMutation reports whether c is one of mutation analysis' plausible
// fixes.
func fromMutation(c Candidate) bool { return strings.HasPrefix(c.Origin, "mutation") }

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// finalRank orders the patches of a repair once validated: the
// plausible ones first, those that show no overfitting sign
// (overfitSigns: the shapes of the plausible patches that the studies
// of program repair found to be seldom the fix, such as a deleted
// return or a condition made constant) before those that show one;
// then those at a site (the repair data checked them on every run)
// before those with none (statement edits, inserted guards and
// statements, which only the validation checks), each in the order
// they were validated in (rankPatches); then the others in that order,
// those not validated before the refuted. The signs only break ties
// among patches that all pass the suite: a weak suite lets an overfit
// patch pass, and a sign is a reason to try the others first, not to
// drop it. The evidence for this order over one by size and distance
// is in bench/repair's report and the commit that chose it.
func finalRank(cands []Candidate) {
	overfit := make(map[*Candidate]bool, len(cands))
	for i := range cands {
		if rankClass(cands[i]) == 0 {
			overfit[&cands[i]] = len(overfitSigns(&cands[i])) > 0
		}
	}
	type ranked struct {
		c       Candidate
		overfit bool
	}
	rs := make([]ranked, len(cands))
	for i := range cands {
		rs[i] = ranked{cands[i], overfit[&cands[i]]}
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		ca, cb := rankClass(a.c), rankClass(b.c)
		if ca != cb || ca != 0 {
			return cmp.Compare(ca, cb)
		}
		return cmp.Or(cmp.Compare(b2i(a.overfit), b2i(b.overfit)), cmp.Compare(b2i(a.c.Site < 0), b2i(b.c.Site < 0)))
	})
	for i := range rs {
		cands[i] = rs[i].c
	}
}

// rankClass orders patches: plausible, not validated, refuted.
func rankClass(c Candidate) int {
	switch {
	case c.Validation == nil:
		return 1
	case c.Validation.Plausible:
		return 0
	}
	return 2
}
