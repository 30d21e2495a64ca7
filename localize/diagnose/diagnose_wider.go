package diagnose

import (
	"cmp"
	"context"
	"go/types"
	"slices"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/internal/search"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/trace"
)

// A wider reading of a diagnosis (DiagnoseOptions.Consistent). The
// narrow reading takes a fix's statements to read what they read now;
// a fix often reads one more thing: a flag the faulty statement forgot
// to test (`Up_Separation + NOZCROSS` where the program meant
// `Inhibit_Biased_Climb()`, which adds NOZCROSS only when Climb_Inhibit
// holds), or the index it replaced by a constant, or a condition it
// forgot to test (`Non_Crossing_Biased_Climb()` where the program meant
// `Non_Crossing_Biased_Climb() && Own_Below_Threat()`). When the narrow
// reading rejects a verified diagnosis, widerFix reads it again with
// each package variable of few values, then each predicate of the
// package (predicateFunc), as one more input, and the first reading
// under which the diagnosis is one fix is kept (Diagnosis.AlsoReads
// names the input).
//
// Only variables of at most maxFlagValues values over the statements'
// executions are tried: with a variable of many values (an altitude, a
// counter) nearly every execution has inputs of its own, so the table
// is a list of the cases rather than a function, and every verified
// diagnosis would pass. A predicate has two values, and says what the
// program itself names.

// maxFlagValues bounds the distinct values of a variable widerFix reads.
const maxFlagValues = 4

// maxWider bounds the variables widerFix tries for one diagnosis.
const maxWider = 6

// maxPredicates bounds the predicates widerFix tries for one diagnosis,
// after the variables.
const maxPredicates = 4

// maxWidened bounds the diagnoses of a group widerFix reads again: each
// costs up to maxWider checks, with their runs of the passing cases and
// searches for values that agree. The first found come first: on TCAS
// the faults it finds are among a version's first five diagnoses, and
// a version has up to 20.
const maxWidened = 8

// maxFlagExecs bounds the executions of a run flagVars reads the
// variables at: a statement in a loop runs many times, and a flag
// seldom changes within a run.
const maxFlagExecs = 8

// maxFlagTraces bounds the runs whose executions flagVars counts values
// in: the failing cases' and that many passing ones'.
const maxFlagTraces = 64

// widerFix returns narrow, the narrow reading's verdict on a diagnosis,
// when it is one fix; else it reads the replays again with each
// candidate input (extraInputs) as one more input and returns the first
// verdict that is one fix, or narrow when none is. Like fixAgreeing, it
// may unify the replays. It reads maxWidened diagnoses of group gr at
// most.
func (d *diagnoser) widerFix(ctx context.Context, gr *groupResult, members []*member, reps []*replay, narrow fixVerdict) (fixVerdict, error) {
	if narrow.why == "" || gr.widened >= maxWidened {
		return narrow, nil
	}
	gr.widened++
	xs, err := d.extraInputs(ctx, members, reps)
	if err != nil {
		return narrow, err
	}
	for _, xi := range xs {
		fv, err := d.fixAgreeing(ctx, members, reps, []extraInput{xi}, &gr.Stats)
		fv.run.Release()
		fv.run = nil
		if err != nil {
			return narrow, err
		}
		if fv.why == "" {
			return fv, nil
		}
	}
	return narrow, nil
}

// setFix records the one-fix check's verdict fv on dg.
func setFix(dg *localize.Diagnosis, fv fixVerdict) {
	dg.OneFix, dg.Rejected = fv.why == "", fv.why
	dg.AlsoReads = extraNames(fv.also)
	if dg.OneFix {
		dg.Challenged = fv.challenged
	}
}

// extraInputs returns the inputs a wider reading of the diagnosis
// tries: at most maxWider package variables, then at most maxPredicates
// predicates. The variables are those of the packages of its
// statements' functions, of a basic type, the statements do not
// mention, with between two and maxFlagValues values at the statements'
// executions (the first maxFlagExecs of each run: the failing cases'
// and the first maxFlagTraces passing ones that execute the statements),
// fewest values first, then by name; the predicates (predicateFunc) are
// those of the same packages the statements do not call, with both
// values there, by name.
func (d *diagnoser) extraInputs(ctx context.Context, members []*member, reps []*replay) ([]extraInput, error) {
	lines := map[string]bool{}
	for i, r := range reps {
		if r.v != nil && r.cand.Hooks != nil {
			hookedLines(fixRun{t: r.v.Res.Trace, hooks: r.cand.Hooks}, lines)
		} else if h := r.hooks(); h != nil && members[i].cf.First != nil {
			hookedLines(fixRun{t: members[i].cf.First.Res.Trace, hooks: h}, lines)
		}
	}
	if len(lines) == 0 {
		return nil, nil
	}
	values := map[*ssa.Global]map[string]bool{}
	preds := map[*ssa.Function]map[bool]bool{}
	mentioned := map[*ssa.Global]bool{}
	called := map[*ssa.Function]bool{}
	seen := map[*ssa.Package]bool{}
	poll := search.NewPoll(ctx)
	scan := func(t *trace.Trace) {
		xs := executions(poll, t, lines)
		for _, x := range xs[:min(len(xs), maxFlagExecs)] {
			first := x.events[0]
			fn := t.Func(first)
			if fn == nil || fn.Pkg == nil {
				continue
			}
			if !seen[fn.Pkg] {
				seen[fn.Pkg] = true
				for _, mem := range fn.Pkg.Members {
					switch mem := mem.(type) {
					case *ssa.Global:
						if flagType(mem) {
							values[mem] = map[string]bool{}
						}
					case *ssa.Function:
						if predicateFunc(mem) {
							preds[mem] = map[bool]bool{}
						}
					}
				}
			}
			for _, e := range x.events {
				switch in := t.Instr(e).(type) {
				case *ssa.UnOp:
					if g, ok := in.X.(*ssa.Global); ok {
						mentioned[g] = true
					}
				case *ssa.Call:
					if f := in.Call.StaticCallee(); f != nil {
						called[f] = true
					}
				}
			}
			want := map[*ssa.Global]bool{}
			for g, vs := range values {
				if len(vs) <= maxFlagValues {
					want[g] = true
				}
			}
			for g, v := range lastStores(t, first, want) {
				values[g][v.String()] = true
			}
			for f, vs := range preds {
				if len(vs) < 2 {
					if v, ok := evalPredicate(t, first, f); ok {
						vs[v.Bool()] = true
					}
				}
			}
		}
	}
	for _, m := range members {
		if !m.passing && m.cf.First != nil {
			scan(m.cf.First.Res.Trace)
		}
	}
	n := 0
	for _, p := range d.passing {
		if n == maxFlagTraces {
			break
		}
		v, fresh, err := p.base(ctx, lines)
		if err != nil {
			return nil, err
		}
		if v == nil {
			continue
		}
		n++
		scan(v.Res.Trace)
		if fresh {
			v.Release()
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err // the scans were cut
	}
	var vars []*ssa.Global
	for g, vs := range values {
		if !mentioned[g] && len(vs) >= 2 && len(vs) <= maxFlagValues {
			vars = append(vars, g)
		}
	}
	slices.SortFunc(vars, func(a, b *ssa.Global) int {
		return cmp.Or(cmp.Compare(len(values[a]), len(values[b])), cmp.Compare(a.RelString(nil), b.RelString(nil)))
	})
	var out []extraInput
	for _, g := range vars[:min(len(vars), maxWider)] {
		out = append(out, extraInput{g: g})
	}
	var fs []*ssa.Function
	for f, vs := range preds {
		if !called[f] && len(vs) == 2 {
			fs = append(fs, f)
		}
	}
	slices.SortFunc(fs, func(a, b *ssa.Function) int { return cmp.Compare(a.RelString(nil), b.RelString(nil)) })
	for _, f := range fs[:min(len(fs), maxPredicates)] {
		out = append(out, extraInput{f: f})
	}
	return out, nil
}

// lastStores returns the values the last stores to the package
// variables of want before event before wrote, in one scan back
// (maxStoreScan events at most), for those it finds.
func lastStores(t *trace.Trace, before trace.EventID, want map[*ssa.Global]bool) map[*ssa.Global]trace.Value {
	out := map[*ssa.Global]trace.Value{}
	for e := before - 1; e >= 0 && before-e <= maxStoreScan && len(out) < len(want); e-- {
		st, ok := t.Instr(e).(*ssa.Store)
		if !ok {
			continue
		}
		if g, ok := st.Addr.(*ssa.Global); ok && want[g] {
			if _, seen := out[g]; !seen {
				out[g] = t.Value(e)
			}
		}
	}
	return out
}

// flagType reports whether g holds a value of a basic type (a flag, an
// enumeration, a small number).
func flagType(g *ssa.Global) bool {
	p, ok := g.Type().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Basic)
	return ok
}
