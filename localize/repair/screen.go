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
	"strconv"
	"time"

	"github.com/faultloc/faultloc/internal/nativetest"
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

// check runs the package's tests on patch i of the schema, each run
// stopped at its first failing test: the First cases, then the rest of
// the suite. It returns the refutation, nil when every test passed (the
// patch is then to be validated by its own build).
func (sc *screen) check(ctx context.Context, i int) (*Validation, error) {
	v := sc.v
	passed := 0
	if v.first != "" {
		out, err := sc.run(ctx, sc.s.Num[i], v.first, "", v.bound(v.firstTime))
		if err != nil {
			return nil, err
		}
		if out.Error != "" || len(out.Failed) > 0 {
			return out, nil
		}
		passed = out.Passed
	}
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
// own builds, in order, while builds are left. set receives each
// outcome. The error is for a cancelled context or a test binary that
// could not be started.
func (v *Validator) validateRanked(ctx context.Context, patches []*Patch, max int, set func(i int, val *Validation)) error {
	builds := 0
	own := func(i int) error {
		builds++
		val, err := v.Validate(ctx, patches[i])
		if err != nil {
			return err
		}
		set(i, val)
		return nil
	}
	var sc *screen
	if screened := patches[:min(len(patches), screenFactor*max)]; !v.noSchema && len(screened) > 1 {
		var err error
		if sc, err = v.newScreen(ctx, screened); err != nil {
			return err
		}
		if sc != nil {
			for i, val := range sc.failed {
				if val != nil {
					set(i, val)
				}
			}
		}
		for i := range screened {
			if !sc.has(i) {
				continue
			}
			val, err := sc.check(ctx, i)
			if err != nil {
				return err
			}
			if val != nil {
				set(i, val)
				continue
			}
			if builds < max {
				if err := own(i); err != nil {
					return err
				}
			}
		}
	}
	for i := range patches {
		if builds >= max {
			break
		}
		if sc != nil && (sc.has(i) || i < len(sc.failed) && sc.failed[i] != nil) {
			continue
		}
		if err := own(i); err != nil {
			return err
		}
	}
	return nil
}

// forSchema returns the patches as the schema takes them.
func forSchema(ps []*Patch) []*schema.Patch {
	out := make([]*schema.Patch, len(ps))
	for i, p := range ps {
		out[i] = &schema.Patch{File: p.File, Line: p.Line, Column: p.Column, EndLine: p.EndLine, EndColumn: p.EndColumn, Inserted: p.inserted, Source: p.Source}
	}
	return out
}
