package slicing

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// ChopProblem describes a failing run to explain with a failure-inducing
// chop. Fail, Test and Run are required.
type ChopProblem[T comparable] struct {
	// Fail is the failing input.
	Fail []T
	// Pass is a passing input to isolate the failure-inducing difference
	// against (with [DDInputs], or position by position when Aligned).
	// Default (nil): no passing input; the failing input is simplified with
	// [DDMin] instead and the whole simplified input is marked.
	Pass []T
	// Aligned compares Pass and Fail position by position (they must have
	// the same length): a change replaces Pass's element at one position by
	// Fail's, as suits argument tuples. Default (false): the inputs are
	// aligned by a longest common subsequence and changes insert or delete
	// single elements ([Edits]), as suits strings and token lists.
	Aligned bool
	// Test runs the program on an input and says whether it fails; delta
	// debugging calls it on intermediate inputs, which may be invalid
	// (return Unresolved then).
	Test Probe[T]
	// Run runs the program on an input under the tracing interpreter.
	Run func(ctx context.Context, input []T) (*trace.Result, error)
	// Sources maps positions of the input to the events to mark for the
	// forward slice. Default (nil): [Graph.ElementReads] from the run's
	// inputs (the entry function's parameters), for an input passed as one
	// string or slice; use [Graph.InputEvents] for an input passed as
	// separate parameters.
	Sources func(g *Graph, positions []int) ([]trace.EventID, error)
	// Criteria returns the wrong output's events in the failing run, the
	// criteria of the backward slice. Default (nil): every result of the
	// entry function ([Output]), or the panic's criteria if it panicked
	// (see [FailedOutputs]). Use FailedOutputs with the failing test's
	// expected results to slice only the wrong ones.
	Criteria func(r *trace.Result) ([]trace.EventID, error)
	// DD configures delta debugging. Default (nil): the zero [DDOptions].
	DD *DDOptions
	// PerElement also computes a chop for each marked position alone (the
	// paper's experiment on the potential of finer input differences).
	// Default (false): one chop for all marked positions together.
	PerElement bool
}

// ElementChop is the chop of one marked input position (see
// [ChopProblem.PerElement]).
type ElementChop struct {
	Position int             // the position in the failing input
	Sources  []trace.EventID // its reading events
	Forward  *Slice          // their forward slice
	Chop     *Slice          // its intersection with the backward slice
}

// ChopReport is the outcome of [FailureInducingChop], with the sizes the
// chops paper reports (executed, backward slice, forward slice, chop),
// at instance level and in source lines.
type ChopReport[T comparable] struct {
	// Input is the failing input that was traced and sliced: DD's failing
	// input closest to Pass, or DDMin's simplification of Fail.
	Input []T
	// PassInput is DD's passing input closest to Input; nil without Pass.
	PassInput []T
	// Marked are the positions of Input that make the difference (all of
	// Input after DDMin, or when the difference only deletes elements).
	Marked []int
	// Edits is the failure-inducing difference when Pass was given and
	// Aligned was not: the edits that turn PassInput into Input.
	Edits []Edit[T]
	// Run is the traced failing run and Graph its dependence graph.
	Run   *trace.Result
	Graph *Graph
	// Sources and Criteria are the forward and backward slicing criteria.
	Sources, Criteria []trace.EventID
	// Backward, Forward and Chop are the backward slice of the criteria,
	// the forward slice of the sources and their intersection.
	Backward, Forward, Chop *Slice
	// LineChop is the statement-level chop of the paper: the lines in both
	// slices (a superset of Chop.Lines()).
	LineChop []trace.Line
	// Independent holds the backward slice's events that depend on no
	// input (not in the forward slice of all the run's inputs). The paper
	// adds them to the chop when a fault does not depend on the input (a
	// wrong constant); FallbackLines is LineChop plus their lines.
	Independent   *Slice
	FallbackLines []trace.Line
	// Executed is the number of distinct source lines the run executed.
	Executed int
	// DDStats counts the tests delta debugging ran.
	DDStats Stats
	// PerElement holds one chop per marked position when
	// ChopProblem.PerElement is set, in the order of Marked.
	PerElement []ElementChop
}

// String summarizes the report as one table row of the paper: the sizes in
// lines (and events) of the executed code, the backward and forward slices
// and the chop.
func (r *ChopReport[T]) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "exec %d lines (%d events), BS %d lines (%d), FS %d lines (%d), chop %d lines (%d events; %d lines by line intersection)",
		r.Executed, r.Graph.Len(), len(r.Backward.Lines()), r.Backward.Len(),
		len(r.Forward.Lines()), r.Forward.Len(), len(r.Chop.Lines()), r.Chop.Len(), len(r.LineChop))
	return sb.String()
}

// InputEvents returns the events of the run's inputs ([trace.Trace.Inputs],
// the entry function's parameters first) at the given positions: the
// sources for an input passed as separate parameters.
func (g *Graph) InputEvents(positions []int) ([]trace.EventID, error) {
	in := g.t.Inputs()
	out := make([]trace.EventID, 0, len(positions))
	for _, p := range positions {
		if p < 0 || p >= len(in) {
			return nil, fmt.Errorf("slicing: input position %d out of range (%d inputs)", p, len(in))
		}
		out = append(out, in[p])
	}
	return out, nil
}

// FailureInducingChop runs the pipeline of Gupta, He, Zhang and Gupta
// ("Locating Faulty Code Using Failure-Inducing Chops", ASE 2005):
//
//  1. find the failure-inducing input: with a passing input, isolate the
//     minimal failure-inducing difference with dd; without one, simplify
//     the failing input with ddmin;
//  2. run the failing input found, traced, and compute the forward dynamic
//     slice of the failure-inducing part of the input;
//  3. compute the backward dynamic slice of the wrong output in that run;
//  4. intersect them: the chop, at instance level and by lines.
//
// The report also carries the paper's fallback for faults that depend on
// no input (Independent, FallbackLines). Delta-debugging errors are
// returned with the report so far (nil before the first run).
func FailureInducingChop[T comparable](ctx context.Context, p *ChopProblem[T]) (*ChopReport[T], error) {
	if p == nil || p.Test == nil || p.Run == nil {
		return nil, errors.New("slicing: FailureInducingChop needs a ChopProblem with Test and Run")
	}
	rep := &ChopReport[T]{}
	switch {
	case p.Pass == nil:
		m, err := DDMin(ctx, p.Fail, p.Test, p.DD)
		rep.DDStats = m.Stats
		if err != nil {
			return nil, err
		}
		rep.Input = m.Min
		rep.Marked = indices(len(m.Min))
	case p.Aligned:
		if len(p.Pass) != len(p.Fail) {
			return nil, fmt.Errorf("slicing: aligned inputs differ in length (%d and %d)", len(p.Pass), len(p.Fail))
		}
		var diff []int
		for i := range p.Pass {
			if p.Pass[i] != p.Fail[i] {
				diff = append(diff, i)
			}
		}
		apply := func(pos []int) []T {
			in := append([]T(nil), p.Pass...)
			for _, i := range pos {
				in[i] = p.Fail[i]
			}
			return in
		}
		d, err := DD(ctx, diff, func(ctx context.Context, pos []int) Outcome {
			return p.Test(ctx, apply(pos))
		}, p.DD)
		rep.DDStats = d.Stats
		if err != nil {
			return nil, err
		}
		rep.Input, rep.PassInput, rep.Marked = apply(d.Fail), apply(d.Pass), d.Diff
	default:
		d, err := DDInputs(ctx, p.Pass, p.Fail, p.Test, p.DD)
		rep.DDStats = d.Stats
		if err != nil {
			return nil, err
		}
		rep.Input, rep.PassInput, rep.Edits, rep.Marked = d.Fail, d.Pass, d.Edits, d.Marked
		if len(rep.Marked) == 0 {
			rep.Marked = indices(len(d.Fail))
		}
	}

	res, err := p.Run(ctx, rep.Input)
	if err != nil {
		return nil, fmt.Errorf("slicing: running the failing input: %w", err)
	}
	if res == nil || res.Trace == nil {
		return nil, errors.New("slicing: the run of the failing input has no trace")
	}
	rep.Run = res
	g := NewGraph(res.Trace)
	rep.Graph = g
	rep.Executed = len(res.Trace.Lines())

	if p.Sources != nil {
		rep.Sources, err = p.Sources(g, rep.Marked)
	} else {
		rep.Sources, err = g.ElementReads(res.Trace.Inputs(), rep.Marked)
	}
	if err != nil {
		return rep, err
	}
	if p.Criteria != nil {
		rep.Criteria, err = p.Criteria(res)
	} else {
		rep.Criteria, err = defaultCriteria(res)
	}
	if err != nil {
		return rep, err
	}
	if rep.Backward, err = g.Backward(rep.Criteria...); err != nil {
		return rep, err
	}
	if rep.Forward, err = g.Forward(rep.Sources...); err != nil {
		return rep, err
	}
	rep.Chop, _ = rep.Forward.Intersect(rep.Backward)
	rep.LineChop = LineChop(rep.Forward, rep.Backward)
	if p.PerElement {
		for _, pos := range rep.Marked {
			var src []trace.EventID
			if p.Sources != nil {
				src, err = p.Sources(g, []int{pos})
			} else {
				src, err = g.ElementReads(res.Trace.Inputs(), []int{pos})
			}
			if err != nil {
				return rep, err
			}
			f, err := g.Forward(src...)
			if err != nil {
				return rep, err
			}
			c, _ := f.Intersect(rep.Backward)
			rep.PerElement = append(rep.PerElement, ElementChop{Position: pos, Sources: src, Forward: f, Chop: c})
		}
	}

	all, err := g.Forward(res.Trace.Inputs()...)
	if err != nil {
		return rep, err
	}
	rep.Independent, _ = rep.Backward.Minus(all)
	lines := map[trace.Line]bool{}
	for _, l := range rep.LineChop {
		lines[l] = true
	}
	for _, l := range rep.Independent.Lines() {
		lines[l] = true
	}
	for l := range lines {
		rep.FallbackLines = append(rep.FallbackLines, l)
	}
	sortLines(rep.FallbackLines)
	return rep, nil
}

// defaultCriteria are all results of the entry function, or the panicking
// event.
func defaultCriteria(r *trace.Result) ([]trace.EventID, error) {
	if r.Outcome == trace.Panicked && r.Panic != nil {
		if c := r.PanicEvents(); len(c) > 0 {
			return c, nil
		}
	}
	ret := EntryReturn(r.Trace)
	if ret == trace.NoEvent {
		return nil, fmt.Errorf("%w: the entry function did not return", ErrNoOutput)
	}
	var out []trace.EventID
	for i := range r.Trace.Instr(ret).(*ssa.Return).Results {
		e, err := Output(r.Trace, i)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		out = append(out, ret)
	}
	return out, nil
}
