package pipeline

import (
	"context"

	"github.com/faultloc/faultloc/localize"
)

const taxPkg = "github.com/faultloc/faultloc/examples/tax"

// scorerFunc is a Scorer made of a function.
type scorerFunc func(ctx context.Context, f *localize.Failure) (localize.LineScores, error)

func (s scorerFunc) Score(ctx context.Context, f *localize.Failure) (localize.LineScores, error) {
	return s(ctx, f)
}

type refinerFunc func(ctx context.Context, rep *localize.Report, f *localize.Failure) error

func (r refinerFunc) Refine(ctx context.Context, rep *localize.Report, f *localize.Failure) error {
	return r(ctx, rep, f)
}

// caseSetRefinerFunc is a CaseSetRefiner made of a function.
type caseSetRefinerFunc func(ctx context.Context, reps []*localize.Report) error

func (r caseSetRefinerFunc) RefineAll(ctx context.Context, reps []*localize.Report) error {
	return r(ctx, reps)
}
