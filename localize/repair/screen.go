package repair

import (
	"context"
	"errors"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
	"github.com/faultloc/faultloc/localize/repair/internal/runpool"
	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// screen is a built patch schema (see schema.New): it runs the package's
// tests on each of its patches without a build of the patch's own.
type screen struct {
	v      *Validator
	s      *schema.Schema
	bin    string
	failed []*Validation // the patches refuted by the schema's build
}

// newScreen builds the patch schema of patches: the patches whose code a
// build error points into are refuted (screen.failed; they do not
// build), and the schema is built again without them, a few times at
// most. The screen holds no schema (it screens no patch) when no patch
// is in the schema, when it does not build for another reason, or when
// the First cases do not fail under it with no patch selected (the
// schema would not be the package): the patches are then validated one
// by one.
func (v *Validator) newScreen(ctx context.Context, patches []*Patch) (*screen, error) {
	sc := &screen{v: v, failed: make([]*Validation, len(patches))}
	left := make([]bool, len(patches))
	// A patched file that does not parse does not build: refuted
	// without a build, and left out so that its syntax error does not
	// stop the schema's.
	for i, p := range patches {
		if p.File == "" || p.Source == nil {
			continue
		}
		if _, err := parser.ParseFile(token.NewFileSet(), p.File, p.Source, parser.SkipObjectResolution); err != nil {
			msg := firstLine(err.Error())
			var list scanner.ErrorList
			if errors.As(err, &list) && len(list) > 0 {
				msg = fmt.Sprintf("line %d: %s", list[0].Pos.Line, list[0].Msg)
			}
			left[i] = true
			sc.failed[i] = &Validation{Error: "the patched package does not build: " + msg, Schema: true}
		}
	}
	for attempt := range 4 {
		s := schema.New(v.overlay, forSchema(patches), left)
		if s == nil {
			return sc.fallback(), nil
		}
		dir := filepath.Join(v.tmp, "schema"+strconv.Itoa(attempt))
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, fmt.Errorf("localize: repair: %w", err)
		}
		files := map[string][]byte{}
		for f, b := range v.overlay {
			files[f] = b
		}
		for f, b := range s.Files {
			files[f] = b
		}
		ov, err := nativetest.WriteOverlay(dir, files)
		if err != nil {
			return nil, fmt.Errorf("localize: repair: %w", err)
		}
		bin := filepath.Join(dir, "test.exe")
		// Without vet, as every validation builds (see Validation).
		err = nativetest.BuildUnvetted(ctx, &v.cfg, v.pkg, bin, ov)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			blamed := s.Blame(err.Error())
			if len(blamed) == 0 {
				return sc.fallback(), nil
			}
			for i, msg := range blamed {
				left[i] = true
				sc.failed[i] = &Validation{Error: "the patched package does not build: " + msg, Schema: true}
			}
			continue
		}
		sc.s, sc.bin = s, bin
		if v.first != "" {
			// With no patch selected, the schema is the package: the
			// failing cases fail.
			t0 := time.Now()
			out, err := sc.run(ctx, 0, v.first, "", v.timeout)
			if err != nil {
				return nil, err
			}
			if out.Error == "" {
				v.firstTime = time.Since(t0)
			}
			if len(out.Failed) == 0 {
				return sc.fallback(), nil
			}
		}
		return sc, nil
	}
	return sc.fallback(), nil
}

// fallback is the screen of a schema that could not be used: it holds
// the patches its builds refuted, and screens none.
func (sc *screen) fallback() *screen {
	sc.s = nil
	return sc
}

// has reports whether patch i is in the schema.
func (sc *screen) has(i int) bool {
	return sc != nil && sc.s != nil && i < len(sc.s.Num) && sc.s.Num[i] > 0
}

// first runs the ValidateOptions.First cases on patch i of the schema,
// the run stopped at its first failing case. It returns the refutation,
// nil and the cases passed when every case passed (or there are none).
func (sc *screen) first(ctx context.Context, i int) (*Validation, int, error) {
	v := sc.v
	if v.first == "" {
		return nil, 0, nil
	}
	out, err := sc.run(ctx, sc.s.Num[i], v.first, "", v.bound(v.firstTime))
	if err != nil {
		return nil, 0, err
	}
	if out.Error != "" || len(out.Failed) > 0 {
		return out, 0, nil
	}
	return nil, out.Passed, nil
}

// rest runs the rest of the package's suite (all but the First cases)
// on patch i of the schema, the run stopped at its first failing test;
// passed counts the First cases that passed. It returns the
// refutation, nil when every test passed (the patch is then to be
// validated by its own build).
func (sc *screen) rest(ctx context.Context, i, passed int) (*Validation, error) {
	v := sc.v
	out, err := sc.run(ctx, sc.s.Num[i], "", v.first, v.timeout)
	if err != nil {
		return nil, err
	}
	out.Suite = true
	out.Passed += passed
	switch {
	case out.Error != "" || len(out.Failed) > 0:
		return out, nil
	case out.Passed == 0:
		out.Error = "no test ran"
		return out, nil
	}
	return nil, nil
}

// run runs the schema's test binary with patch num selected (0: none) on
// the cases run selects and skip does not, stopping at the first failing
// one, within timeout (the test binary's -test.timeout).
func (sc *screen) run(ctx context.Context, num int, run, skip string, timeout time.Duration) (*Validation, error) {
	b := &nativetest.Binary{Path: sc.bin, Dir: sc.v.pkg.Dir, Timeout: timeout, FailFast: true, Env: []string{schema.Env + "=" + strconv.Itoa(num)}}
	out, err := sc.v.run(ctx, b, run, skip)
	if out != nil {
		out.Schema = true
	}
	return out, err
}

// screenFactor times the patches a repair validates by their own builds
// (Options.MaxPatches) is how many the patch schema screens.
const screenFactor = 10

// validateRanked validates patches, in their order, each at most once,
// with at most max builds of a patch of its own: unless the validator
// has NoSchema, the first screenFactor*max are screened in one patch
// schema, and each that passes the suite there is validated by its own
// build; then the patches the schema left out are validated by their
// own builds, in order, while builds are left. In the schema, the First
// cases run on each patch in turn; the rest of the suite on those that
// pass them runs in a runpool.Pool, several at once while the runs
// mostly wait, when a patch's own validation also starts beside its
// schema run and the patches the schema left out are validated at their
// rank (see runpool.MaxRuns); otherwise one run at a time, as before.
// A refutation from a run that overlapped another is not kept: the
// patch is validated again, its runs alone, after the others (ownBuilds,
// Validator.again); a plausible verdict is kept, as no overlap is taken
// to make a failing test pass. set receives each outcome (from several
// goroutines, one at a time). The error is for a cancelled context or a
// test binary that could not be started.
func (v *Validator) validateRanked(ctx context.Context, patches []*Patch, max int, set func(i int, val *Validation)) error {
	b := &ownBuilds{max: max, set: set}
	own := func(i int) error {
		val, err := v.Validate(ctx, patches[i])
		if err != nil {
			return err
		}
		b.put(i, val)
		return nil
	}
	var sc *screen
	early := make([]bool, len(patches)) // validated by their own builds among the schema's
	if screened := patches[:min(len(patches), screenFactor*max)]; !v.noSchema && len(screened) > 1 {
		var err error
		if sc, err = v.newScreen(ctx, screened); err != nil {
			return err
		}
		if sc != nil {
			for i, val := range sc.failed {
				if val != nil {
					b.put(i, val)
				}
			}
		}
		pool := runpool.New(&v.runs)
		for i := range screened {
			if !sc.has(i) {
				// Left out of the schema: validated by its own build
				// here, at its rank, while the runs mostly wait (they
				// then go several at once), else after the schema's.
				if sc.failed[i] == nil && v.runs.Waiting() && b.take() {
					early[i] = true
					if !pool.Go(ctx, func() error { return own(i) }) {
						b.give()
						break
					}
				}
				continue
			}
			// With a limit of one, the First run waits for the
			// pool's and is alone.
			if !pool.Ready(ctx) {
				break
			}
			val, passed, err := sc.first(ctx, i)
			if err != nil {
				pool.Wait()
				return err
			}
			if val != nil {
				b.put(i, val)
				continue
			}
			if !pool.Go(ctx, func() error { return v.screenRest(ctx, sc, patches[i], i, passed, b) }) {
				break
			}
		}
		if err := pool.Wait(); err != nil {
			return err
		}
		// The refutations of runs that overlapped another are
		// validated again, each run alone: a test of a fixed port or
		// file may fail only beside another run.
		for _, i := range b.takeRetries() {
			if err := v.again(ctx, sc, patches[i], i, early[i], b); err != nil {
				return err
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	for i := range patches {
		if early[i] || sc != nil && (sc.has(i) || i < len(sc.failed) && sc.failed[i] != nil) {
			continue
		}
		if !b.take() {
			break
		}
		if err := own(i); err != nil {
			return err
		}
	}
	return nil
}

// screenRest runs the rest of the suite on patch p, number i of the
// screen sc, which passed the First cases (passed of them), and
// validates it by its own build when it passes there and b grants a
// build: after the schema's run, or beside it while the test binary's
// runs mostly wait (runpool.Stats.Waiting), when the schema's refutation
// stops the own validation and gives its build back. b receives the
// outcome: the schema's refutation, else the own build's validation.
func (v *Validator) screenRest(ctx context.Context, sc *screen, p *Patch, i, passed int, b *ownBuilds) error {
	type outcome struct {
		val *Validation
		err error
	}
	var ownDone chan outcome
	cancel := func() {}
	if v.runs.Waiting() && b.take() {
		var octx context.Context
		octx, cancel = context.WithCancel(ctx)
		ownDone = make(chan outcome, 1)
		go func() {
			val, err := v.Validate(octx, p)
			ownDone <- outcome{val, err}
		}()
	}
	defer cancel()
	val, err := sc.rest(ctx, i, passed)
	if err != nil {
		if ownDone != nil {
			cancel()
			<-ownDone
		}
		return err
	}
	if val != nil {
		if ownDone != nil {
			cancel()
			if o := <-ownDone; o.err == nil {
				val = o.val // the own build's run ended first
			} else {
				b.give() // stopped: the build goes to another patch
			}
		}
		b.put(i, val)
		return nil
	}
	if ownDone == nil {
		if !b.take() {
			return nil
		}
		val, err := v.Validate(ctx, p)
		if err != nil {
			return err
		}
		b.put(i, val)
		return nil
	}
	o := <-ownDone
	if o.err != nil {
		return o.err
	}
	b.put(i, o.val)
	return nil
}

// again validates patch p, number i, alone: by its own build if it
// was validated so among the schema's (early), else in the schema and,
// if it passes there, by its own build if one is left.
func (v *Validator) again(ctx context.Context, sc *screen, p *Patch, i int, early bool, b *ownBuilds) error {
	var val *Validation
	var err error
	if !early {
		var passed int
		val, passed, err = sc.first(ctx, i)
		if err == nil && val == nil {
			val, err = sc.rest(ctx, i, passed)
		}
		if err == nil && val == nil {
			if !b.take() {
				return nil
			}
			val, err = v.Validate(ctx, p)
		}
	} else {
		val, err = v.Validate(ctx, p)
	}
	if err != nil {
		return err
	}
	b.put(i, val)
	return nil
}

// ownBuilds counts the builds of a patch's own (at most max) and hands
// the outcomes to set, one at a time, but for the refutations of runs
// that overlapped another, which it keeps to be validated again. It is
// safe for concurrent use.
type ownBuilds struct {
	mu      sync.Mutex
	builds  int
	max     int
	set     func(i int, val *Validation)
	retries []int
}

// takeRetries returns the patches whose refutations are to be
// validated again, in their order, and forgets them.
func (b *ownBuilds) takeRetries() []int {
	b.mu.Lock()
	defer b.mu.Unlock()
	r := b.retries
	b.retries = nil
	slices.Sort(r)
	return r
}

// take reserves a build, if one is left.
func (b *ownBuilds) take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.builds >= b.max {
		return false
	}
	b.builds++
	return true
}

// give returns a reserved build that was not used to the end.
func (b *ownBuilds) give() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.builds--
}

// put hands patch i's outcome to set.
func (b *ownBuilds) put(i int, val *Validation) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if val.overlapped && !val.Plausible {
		b.retries = append(b.retries, i)
		return
	}
	b.set(i, val)
}

// forSchema returns the patches as the schema takes them.
func forSchema(ps []*Patch) []*schema.Patch {
	out := make([]*schema.Patch, len(ps))
	for i, p := range ps {
		out[i] = &schema.Patch{File: p.File, Line: p.Line, Column: p.Column, EndLine: p.EndLine, EndColumn: p.EndColumn, Inserted: p.inserted, Source: p.Source}
	}
	return out
}
