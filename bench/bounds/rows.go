package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/diagnose"
	"github.com/faultloc/faultloc/localize/pipeline"
	"github.com/faultloc/faultloc/localize/regress"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/localize/sattar"
	"github.com/faultloc/faultloc/trace"
)

// longPkg is the subject package (testdata/long): TestSumLarge's three
// subtests fail after 100,000 to 140,000 iterations; TestSumZero passes.
const (
	longDir = "./bench/bounds/testdata/long"
	longPkg = "github.com/faultloc/faultloc/bench/bounds/testdata/long"
)

var rows = []row{
	{name: "agx", call: "agx.Localize, context deadline (TestSumLarge/#00)", bound: 3 * time.Second, run: agxRow},
	{name: "agx-long", call: "agx.Localize, context deadline (TestSumLarge/#00)", bound: 15 * time.Second, run: agxRow},
	{name: "diagnose", call: "diagnose.Run, context deadline (TestSumLarge's three cases)", bound: 5 * time.Second, run: diagnoseRow},
	{name: "diagnose-long", call: "diagnose.Run, context deadline (TestSumLarge's three cases)", bound: 20 * time.Second, run: diagnoseRow},
	{name: "pipeline", call: "pipeline.Run, context deadline (the package)", bound: 5 * time.Second, run: pipelineRow},
	{name: "pipeline-long", call: "pipeline.Run, context deadline (the package)", bound: 20 * time.Second, run: pipelineRow},
	{name: "regress", call: "regress.Explain, context deadline (examples/max3)", bound: 2 * time.Second, run: regressRow},
	{name: "repair", call: "repair.Repair, context deadline (the package)", bound: 5 * time.Second, run: repairRow},
	{name: "sattar", call: "sattar.Run, context deadline (testdata/longfuzz's FuzzSum)", bound: 5 * time.Second, run: sattarRow},
	{name: "pipeline-timeout", call: "pipeline.Run, Options.Timeout a third of the bound (the package's three failing cases)", bound: 9 * time.Second, run: pipelineTimeoutRow},
	{name: "localize-timeout", call: "faultloc localize -timeout a third of the bound (the package's three failing cases)", bound: 9 * time.Second, run: func(e *env, b time.Duration) result {
		return e.timeoutCommand("localize", "-format", "json", "-timeout", (b / 3).String(), longDir)
	}},
	{name: "localize-deadline", call: "faultloc localize -deadline (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(0, "localize", "-deadline", b.String(), longDir)
	}},
	{name: "localize-sigterm", call: "faultloc localize, SIGTERM (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "localize", longDir)
	}},
	{name: "diagnose-deadline", call: "faultloc localize -all -deadline (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(0, "localize", "-all", "-deadline", b.String(), longDir)
	}},
	{name: "diagnose-sigterm", call: "faultloc localize -all, SIGTERM (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "localize", "-all", longDir)
	}},
	{name: "sattar-deadline", call: "faultloc localize -mode sat-tar -deadline (longfuzz)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(0, "localize", "-mode", "sat-tar", "-deadline", b.String(), longFuzzDir)
	}},
	{name: "sattar-sigterm", call: "faultloc localize -mode sat-tar, SIGTERM (longfuzz)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "localize", "-mode", "sat-tar", longFuzzDir)
	}},
	{name: "regress-deadline", call: "faultloc regress -deadline (examples/max3)", bound: 2 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(0, "regress", "-tags", "faultloc", "-old", "examples/max3/correct", "-new", "examples/max3", "-deadline", b.String(), "./examples/max3")
	}},
	{name: "regress-sigterm", call: "faultloc regress, SIGTERM (examples/max3)", bound: 2 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "regress", "-tags", "faultloc", "-old", "examples/max3/correct", "-new", "examples/max3", "./examples/max3")
	}},
	{name: "repair-deadline", call: "faultloc repair -deadline (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(0, "repair", "-format", "json", "-deadline", b.String(), longDir)
	}},
	{name: "repair-sigterm", call: "faultloc repair, SIGTERM (the package)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "repair", "-format", "json", longDir)
	}},
	{name: "spectra-sigterm", call: "faultloc spectra, SIGTERM (cmd/faultloc/testdata/slowspectra)", bound: 5 * time.Second, run: func(e *env, b time.Duration) result {
		return e.command(b, "spectra", "-format", "json", slowSpectraDir)
	}},
}

// longFuzzDir is SAT-TAR's subject: FuzzSum's seed 100000 fails after
// as many iterations.
const (
	longFuzzDir = "./bench/bounds/testdata/longfuzz"
	longFuzzPkg = "github.com/faultloc/faultloc/bench/bounds/testdata/longfuzz"
)

// slowSpectraDir is spectra's subject: its TestSlow runs for a minute in
// its own run when FAULTLOC_SLOW_MARK names a file (env.command sets it).
const slowSpectraDir = "./cmd/faultloc/testdata/slowspectra"

// load loads the subject package with its tests.
func (e *env) load(ctx context.Context) (*trace.Program, error) {
	return trace.Load(ctx, &trace.Config{Dir: e.root, Tests: true}, longDir)
}

// largeCases are TestSumLarge's three failing subtests.
func largeCases(prog *trace.Program) []trace.Case {
	var cs []trace.Case
	for _, sub := range []string{"#00", "#01", "#02"} {
		cs = append(cs, prog.GoTestCase(longPkg, "TestSumLarge/"+sub))
	}
	return cs
}

// timed runs f under a context with deadline bound, started after the
// program is loaded (loading is not what the bound is about).
func (e *env) timed(bound time.Duration, f func(ctx context.Context, prog *trace.Program) (partial bool, what string, err error)) result {
	prog, err := e.load(context.Background())
	if err != nil {
		return result{outcome: "load: " + err.Error()}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	partial, what, err := f(ctx, prog)
	// A call stopped by its context returns what it has with the
	// context's error (pipeline.Run, regress.Explain) or none.
	stopped := err == nil || errors.Is(err, context.DeadlineExceeded)
	res := result{elapsed: time.Since(start), partial: partial && stopped, complete: !partial && err == nil && what != "", outcome: what}
	switch {
	case err != nil && res.partial:
		res.outcome = what + ", with the context's error"
	case err != nil:
		res.outcome = "error: " + err.Error()
		if what != "" {
			res.outcome += " (" + what + ")"
		}
	}
	return res
}

// sattarRow: sattar.Run from FuzzSum's failing seed under a context
// deadline (its own program, loaded before the bound starts).
func sattarRow(e *env, bound time.Duration) result {
	prog, err := trace.Load(context.Background(), &trace.Config{Dir: e.root, Tests: true}, longFuzzDir)
	if err != nil {
		return result{outcome: "load: " + err.Error()}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	res, err := sattar.Run(ctx, prog, longFuzzPkg, "FuzzSum", "", nil)
	r := result{elapsed: time.Since(start)}
	if res == nil {
		r.outcome = fmt.Sprintf("error: %v, no result", err)
		return r
	}
	r.partial = res.Partial && (err == nil || errors.Is(err, context.DeadlineExceeded))
	r.complete = !res.Partial && err == nil
	r.outcome = fmt.Sprintf("result, partial %v (%s), %d tests, %d cores", res.Partial, res.Reason, len(res.Tests), len(res.Cores))
	if err != nil {
		r.outcome += fmt.Sprintf(", error %v", err)
	}
	return r
}

func agxRow(e *env, bound time.Duration) result {
	return e.timed(bound, func(ctx context.Context, prog *trace.Program) (bool, string, error) {
		rep, err := agx.Localize(ctx, prog, largeCases(prog)[0], nil)
		if rep == nil {
			return false, "", err
		}
		return rep.Partial, fmt.Sprintf("report, partial %v (%s), %d candidates", rep.Partial, rep.Reason, len(rep.Candidates)), err
	})
}

func diagnoseRow(e *env, bound time.Duration) result {
	return e.timed(bound, func(ctx context.Context, prog *trace.Program) (bool, string, error) {
		rep, err := diagnose.Run(ctx, prog, largeCases(prog), nil)
		if rep == nil {
			return false, "", err
		}
		return rep.Partial, fmt.Sprintf("report, partial %v (%s), %d groups", rep.Partial, rep.Reason, len(rep.Groups)), err
	})
}

func pipelineRow(e *env, bound time.Duration) result {
	return e.timed(bound, func(ctx context.Context, prog *trace.Program) (bool, string, error) {
		res, err := pipeline.Run(ctx, prog, longPkg, &pipeline.Options{NoNative: true})
		if res == nil {
			return false, "", err
		}
		partial := 0
		for _, r := range res.Reports {
			if r.Partial {
				partial++
			}
		}
		return partial > 0, fmt.Sprintf("%d reports of %d failing cases, %d partial", len(res.Reports), len(res.Failing), partial), err
	})
}

// pipelineTimeoutRow: no deadline, each failing case bounded by a third
// of bound (Options.Timeout covers a case as a whole).
func pipelineTimeoutRow(e *env, bound time.Duration) result {
	prog, err := e.load(context.Background())
	if err != nil {
		return result{outcome: "load: " + err.Error()}
	}
	start := time.Now()
	res, err := pipeline.Run(context.Background(), prog, longPkg, &pipeline.Options{NoNative: true, Timeout: bound / 3})
	r := result{elapsed: time.Since(start)}
	if err != nil || res == nil {
		r.outcome = fmt.Sprintf("error: %v", err)
		return r
	}
	partial := 0
	for _, rep := range res.Reports {
		if rep.Partial {
			partial++
		}
	}
	r.partial = partial > 0 && len(res.Reports) == len(res.Failing)
	r.complete = partial == 0 && len(res.Reports) == len(res.Failing)
	r.outcome = fmt.Sprintf("%d reports of %d failing cases, %d partial, %d stages cut", len(res.Reports), len(res.Failing), partial, len(res.Cuts))
	return r
}

// repairRow: repair.Repair of the package's failing cases under a
// context deadline, its validation run from the repository.
func repairRow(e *env, bound time.Duration) result {
	return e.timed(bound, func(ctx context.Context, prog *trace.Program) (bool, string, error) {
		res, err := repair.Repair(ctx, prog, longPkg, &repair.Options{Validate: repair.ValidateOptions{Dir: e.root}})
		if res == nil {
			return false, "", err
		}
		return res.Partial, fmt.Sprintf("result, partial %v (%s), %d sites, %d patches", res.Partial, res.Reason, len(res.Sites), len(res.Patches)), err
	})
}

func regressRow(e *env, bound time.Duration) result {
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	defer cancel()
	rep, err := regress.Explain(ctx, &regress.Options{
		Old: filepath.Join(e.root, "examples/max3/correct"), New: filepath.Join(e.root, "examples/max3"),
		Package: "./examples/max3", Dir: e.root, BuildFlags: []string{"-tags=faultloc"},
	})
	res := result{elapsed: time.Since(start)}
	switch {
	case rep == nil:
		res.outcome = fmt.Sprintf("error: %v, no report", err)
	default:
		res.partial = rep.Partial
		res.complete = !rep.Partial && err == nil
		res.outcome = fmt.Sprintf("report, partial %v (%s), root %v", rep.Partial, rep.Reason, rep.Root)
		if err != nil {
			res.outcome += fmt.Sprintf(", error %v", err)
		}
	}
	return res
}
