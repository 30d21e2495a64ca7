package repair

import (
	"context"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/localize/repair/internal/locate"
	"github.com/faultloc/faultloc/trace"
)

// guardData returns repair data built by hand: a site of kind k in a
// function of one int result, whose source is replaced, and runs of
// instances, each its environment and its value, original and angelic
// (a passing run keeps its own value only); the constants 0 and 1; a
// replay fails.
func guardData(k SiteKind, replaced string, runs []Run) *Data {
	intType := types.Typ[types.Int]
	sig := types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewVar(0, nil, "", intType)), false)
	d := &Data{Site: Site{Kind: k, Replaced: replaced, typ: intType, at: locate.Span{Once: true, Stmt: 0}, src: []byte("return " + replaced), fn: &ssa.Function{Signature: sig}}, Runs: runs,
		replays: map[string]bool{}, cases: map[string]trace.Case{}, Constants: []Binding{
			{Name: "0", Value: trace.Int(0), typ: types.Typ[types.UntypedInt]},
			{Name: "1", Value: trace.Int(1), typ: types.Typ[types.UntypedInt]},
		}}
	for i := range d.Runs {
		d.cases[d.Runs[i].Case] = failingCase(d.Runs[i].Case)
		for j := range d.Runs[i].Instances {
			in := &d.Runs[i].Instances[j]
			in.Key = trace.InstanceKey{Occ: int32(j)}
			for b := range in.Env {
				in.Env[b].typ = intType
				if in.Env[b].Value.Kind() == trace.KindBool {
					in.Env[b].typ = types.Typ[types.Bool]
				}
			}
			if !d.Runs[i].Failing {
				in.Keep = []trace.Value{in.Value}
			}
		}
	}
	return d
}

// failingCase is a case that fails whatever its run: the data decide
// what fits, and a replacement they leave undecided is refuted.
type failingCase string

func (c failingCase) Name() string { return string(c) }

func (c failingCase) Run(context.Context, *trace.RunOptions) (*trace.CaseResult, error) {
	return &trace.CaseResult{Result: &trace.Result{}, Ran: true, Failed: true}, nil
}

// env returns bindings of names to values, alternately.
func env(kv ...any) []Binding {
	var out []Binding
	for i := 0; i < len(kv); i += 2 {
		var v trace.Value
		switch x := kv[i+1].(type) {
		case int:
			v = trace.Int(int64(x))
		case bool:
			v = trace.Bool(x)
		}
		out = append(out, Binding{Name: kv[i].(string), Value: v})
	}
	return out
}

// TestGuardsNotTrivial checks that no guard's condition is trivially
// true or false and no guard returns what the statement returns: at an
// assignment of x, whose value in the failing run's data differs from
// the variable's (the angelic run's), no `if x != x`; before `return
// (u)`, where the failing run's second instance is approximate (its
// original value is the first instance's), no `if c { return u }`, which
// fits that data and changes nothing; the guards that do change the
// program are found.
func TestGuardsNotTrivial(t *testing.T) {
	for _, tc := range []struct {
		name     string
		kind     SiteKind
		replaced string
		runs     []Run
		want     Guard // a guard to find
	}{
		{"assignment", AssignmentSite, "x", []Run{
			{Case: "F", Failing: true, Rescued: true, Instances: []Instance{
				{Env: env("m", false, "n", 1, "x", 4), Value: trace.Int(7), Orig: trace.Int(3)},
				{Env: env("m", true, "n", 1, "x", 5), Value: trace.Int(7), Orig: trace.Int(5)},
			}},
			{Case: "P", Instances: []Instance{{Env: env("m", false, "n", 1, "x", 2), Value: trace.Int(2), Orig: trace.Int(2)}}},
		}, Guard{Cond: "m"}},
		{"return", ReturnSite, "(u)", []Run{
			{Case: "F", Failing: true, Rescued: true, Instances: []Instance{
				{Env: env("c", false, "u", 5, "w", 0), Value: trace.Int(5), Orig: trace.Int(5)},
				{Env: env("c", true, "u", 9, "w", 9), Value: trace.Int(9), Orig: trace.Int(5)},
			}},
			{Case: "P", Instances: []Instance{{Env: env("c", false, "u", 2, "w", 0), Value: trace.Int(2), Orig: trace.Int(2)}}},
		}, Guard{Cond: "c", Result: "w"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := guardData(tc.kind, tc.replaced, tc.runs)
			res, err := Synthesize(context.Background(), d, &SynthOptions{MaxFixes: 100})
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range res.Guards {
				if l, r, ok := strings.Cut(g.Cond, " "); ok && strings.HasSuffix(r, " "+l) {
					t.Errorf("guard %s: its condition compares %s with itself", g, l)
				}
				if g.Result == "u" || g.Result == "(u)" {
					t.Errorf("guard %s returns what the return does", g)
				}
			}
			if !slices.ContainsFunc(res.Guards, func(g Guard) bool {
				return g.Cond == tc.want.Cond && g.Result == tc.want.Result || g.Cond == tc.want.Cond && tc.want.Result == ""
			}) {
				t.Errorf("guards %v lack %s", res.Guards, tc.want)
			}
		})
	}
}

// TestGuardNegation checks that a guard's condition may be the negation
// of a condition of the largest size, one past MaxSize: with MaxSize 1,
// `!m` (true in the failing run, false in the passing one), not `m`.
func TestGuardNegation(t *testing.T) {
	d := guardData(AssignmentSite, "x", []Run{
		{Case: "F", Failing: true, Rescued: true, Instances: []Instance{
			{Env: env("m", false, "x", 4), Value: trace.Int(7), Orig: trace.Int(4)},
		}},
		{Case: "P", Instances: []Instance{{Env: env("m", true, "x", 2), Value: trace.Int(2), Orig: trace.Int(2)}}},
	})
	for _, size := range []int{1, 2} {
		res, err := Synthesize(context.Background(), d, &SynthOptions{MaxSize: size, MaxFixes: 100})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(res.Guards, func(g Guard) bool { return g.Cond == "!m" }) {
			t.Errorf("MaxSize %d: guards %v lack if !m", size, res.Guards)
		}
		if slices.ContainsFunc(res.Guards, func(g Guard) bool { return g.Cond == "m" }) {
			t.Errorf("MaxSize %d: guards %v have if m, true in the passing run", size, res.Guards)
		}
	}
}
