package spectra_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/faultloc/faultloc/spectra"
)

func line(n int) spectra.Element { return spectra.Element{File: "max.go", Line: n} }

// A hand-made suite over four lines: the failing test alone executes line
// 3, so every formula puts it first; SAT-TAR's rank counts the elements to
// examine, ties resolved against the developer.
func Example() {
	m, _ := spectra.Build(context.Background(), spectra.Runs{
		{Test: spectra.TestRun{Name: "TestA", Failed: false}, Elements: []spectra.Element{line(1), line(2), line(4)}},
		{Test: spectra.TestRun{Name: "TestB", Failed: false}, Elements: []spectra.Element{line(1), line(4)}},
		{Test: spectra.TestRun{Name: "TestC", Failed: true}, Elements: []spectra.Element{line(1), line(3), line(4)}},
	})
	f, _ := spectra.Lookup("tarantula")
	r := m.Rank(f, nil)
	r.WriteText(os.Stdout, "", math.Inf(-1))
	exam, _ := r.Exam(line(3))
	fmt.Printf("EXAM %.2f\n", exam)
	// Output:
	// max.go:3: 1.0000 1
	// max.go:1: 0.5000 3
	// max.go:4: 0.5000 3
	// max.go:2: 0.0000 4
	// EXAM 0.25
}

// D* divides by ep + nf, which is zero for an element that every failing
// test and no passing test executed: such an element is the strongest
// suspect, and DStar says so with +Inf instead of dividing by zero.
func ExampleDStar() {
	d2 := spectra.DStar(2)
	fmt.Println(d2(2, 1, 1, 3)) // 2²/(1+1)
	fmt.Println(d2(3, 0, 0, 4)) // ep + nf = 0, ef > 0
	fmt.Println(d2(0, 0, 3, 4)) // executed by no test
	// Output:
	// 2
	// +Inf
	// 0
}

// Tests can be added one at a time, as SAT-TAR's rounds do, and the
// ranking recomputed after each; a suspect set (for example the lines of
// an unsat core) raises its members' scores.
func ExampleMatrix_Rank_incremental() {
	m := spectra.NewMatrix()
	m.AddElements(line(1), line(2), line(3))
	f, _ := spectra.Lookup("tarantula")
	show := func() {
		var s []string
		for _, e := range m.Rank(f, &spectra.Options{Suspects: []spectra.Element{line(2)}}).Entries {
			s = append(s, fmt.Sprintf("%d:%.2f/%v", e.Element.Line, e.Score, e.Rank))
		}
		fmt.Println(strings.Join(s, " "))
	}
	m.Add(spectra.TestRun{Name: "failing", Failed: true}, []spectra.Element{line(1), line(2), line(3)})
	show()
	m.Add(spectra.TestRun{Name: "passing", Failed: false}, []spectra.Element{line(1), line(3)})
	show()
	// Output:
	// 2:2.00/1 1:1.00/3 3:1.00/3
	// 2:2.00/1 1:0.50/3 3:0.50/3
}

// Quality tells how well a suite can localize at all; ambiguity groups are
// elements no formula can separate.
func ExampleMatrix_Quality() {
	m, _ := spectra.Build(context.Background(), spectra.Runs{
		{Test: spectra.TestRun{Name: "t1", Failed: false}, Elements: []spectra.Element{line(1), line(2)}},
		{Test: spectra.TestRun{Name: "t2", Failed: true}, Elements: []spectra.Element{line(1), line(2), line(3)}},
	})
	q := m.Quality()
	fmt.Printf("density %.2f diversity %.2f uniqueness %.2f DDU %.2f\n", q.Density, q.Diversity, q.Uniqueness, q.DDU)
	fmt.Println(m.AmbiguityGroups())
	// Output:
	// density 0.83 diversity 1.00 uniqueness 0.67 DDU 0.22
	// [[max.go:1 max.go:2]]
}

// A formula of one's own is a plain function of the four counters.
func ExampleFormula() {
	m, _ := spectra.Build(context.Background(), spectra.Runs{
		{Test: spectra.TestRun{Name: "ok", Failed: false}, Elements: []spectra.Element{line(1)}},
		{Test: spectra.TestRun{Name: "bad", Failed: true}, Elements: []spectra.Element{line(1), line(2)}},
	})
	onlyFailing := spectra.Formula{Name: "only-failing", Score: func(ef, ep, nf, np float64) float64 {
		if ep == 0 && ef > 0 {
			return 1
		}
		return 0
	}}
	for _, e := range m.Rank(onlyFailing, nil).Entries {
		fmt.Println(e.Element, e.Score, e.Rank)
	}
	// Output:
	// max.go:2 1 1
	// max.go:1 0 2
}

// GoTest runs a package's own tests natively, one case at a time, and
// records each case's lines. The triangle subject's failing case is T8;
// its fault is on line 23, fourth by Tarantula.
func ExampleGoTest() {
	src := &spectra.GoTest{
		Patterns: []string{"./examples/triangle"},
		Dir:      "..",                 // the module root
		Tags:     []string{"faultloc"}, // the subjects' failing tests need it
	}
	m, err := spectra.Build(context.Background(), src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.NumTests(), "cases,", m.Failed(), "failing,", m.NumElements(), "lines")
	f, _ := spectra.Lookup("tarantula")
	for _, e := range m.Rank(f, nil).Entries[:4] {
		fmt.Printf("triangle.go:%d %.4f %v\n", e.Element.Line, e.Score, e.Rank)
	}
	// Output:
	// 9 cases, 1 failing, 13 lines
	// triangle.go:32 0.8000 1
	// triangle.go:31 0.7273 2
	// triangle.go:30 0.6667 3
	// triangle.go:23 0.5714 4
}
