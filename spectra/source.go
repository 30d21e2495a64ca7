package spectra

import "context"

// A Sink receives what a [Source] collects. [*Matrix] is one.
type Sink interface {
	// AddElements declares elements of the program, executed or not.
	AddElements(elems ...Element)
	// Add records one test case and the elements it executed.
	Add(t TestRun, covered []Element) (int, error)
}

// A Source yields test cases with their outcomes and the program elements
// each executed: a native `go test` run ([GoTest]), interpreter traces, or
// anything a caller writes.
type Source interface {
	// Collect adds every test case to into, and the program's elements
	// that no test executed if the source knows them. It stops early with
	// ctx's error when ctx is cancelled.
	Collect(ctx context.Context, into Sink) error
}

var _ Sink = (*Matrix)(nil)

// Build returns a new matrix holding everything src collects. On error it
// returns what was collected so far along with the error.
func Build(ctx context.Context, src Source) (*Matrix, error) {
	m := NewMatrix()
	err := src.Collect(ctx, m)
	return m, err
}

// Runs is a [Source] made of ready test cases, for callers that computed
// coverage themselves.
type Runs []Run

// Run is one test case of [Runs].
type Run struct {
	Test     TestRun
	Elements []Element // the elements the test executed
}

// Collect adds the runs in order.
func (rs Runs) Collect(ctx context.Context, into Sink) error {
	for _, r := range rs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if _, err := into.Add(r.Test, r.Elements); err != nil {
			return err
		}
	}
	return nil
}
