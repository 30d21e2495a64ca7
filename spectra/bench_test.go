package spectra

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples"
)

// genSuite returns a seeded synthetic suite: elements lines in functions of
// 100 lines; each test executes 30 random whole functions (3% of the
// program, a unit-test-like spread) and fails with probability 1/20.
func genSuite(tests, elements int, seed uint64) (ids [][]int, outcomes []bool) {
	rng := rand.New(rand.NewPCG(seed, 7))
	const fnLen, perTest = 100, 30
	nfn := max(1, elements/fnLen)
	ids = make([][]int, tests)
	outcomes = make([]bool, tests)
	for t := range tests {
		row := make([]int, 0, perTest*fnLen)
		for range perTest {
			f := rng.IntN(nfn)
			for l := f * fnLen; l < min(elements, (f+1)*fnLen); l++ {
				row = append(row, l)
			}
		}
		ids[t] = row
		if rng.IntN(20) == 0 {
			outcomes[t] = true
		}
	}
	return ids, outcomes
}

func genMatrix(b *testing.B, tests, elements int) *Matrix {
	ids, outcomes := genSuite(tests, elements, 1)
	m := NewMatrix()
	for e := range elements {
		m.Intern(Element{File: fmt.Sprintf("f%03d.go", e/1000), Line: e%1000 + 1})
	}
	for t := range tests {
		if _, err := m.AddIndices(TestRun{Name: fmt.Sprint("T", t), Failed: outcomes[t]}, ids[t]); err != nil {
			b.Fatal(err)
		}
	}
	return m
}

var sizes = []struct{ tests, elements int }{{100, 1000}, {1000, 10000}, {10000, 100000}}

var sinkRank float64

// BenchmarkRank ranks a whole matrix with Tarantula (with its confidence
// key) and the worst tie policy.
func BenchmarkRank(b *testing.B) {
	for _, s := range sizes {
		b.Run(fmt.Sprintf("tests=%d/elements=%d", s.tests, s.elements), func(b *testing.B) {
			m := genMatrix(b, s.tests, s.elements)
			f, _ := Lookup("tarantula")
			b.ResetTimer()
			for b.Loop() {
				r := m.Rank(f, nil)
				sinkRank += r.Entries[0].Score + r.Entries[len(r.Entries)-1].Rank
			}
		})
	}
}

// BenchmarkAdd builds the matrix: one AddIndices per test.
func BenchmarkAdd(b *testing.B) {
	for _, s := range sizes {
		b.Run(fmt.Sprintf("tests=%d/elements=%d", s.tests, s.elements), func(b *testing.B) {
			ids, outcomes := genSuite(s.tests, s.elements, 1)
			for b.Loop() {
				m := NewMatrix()
				for e := range s.elements {
					m.Intern(Element{Line: e + 1})
				}
				for t := range s.tests {
					m.AddIndices(TestRun{Name: fmt.Sprint("T", t), Failed: outcomes[t]}, ids[t])
				}
				sinkRank += float64(m.Failed())
			}
		})
	}
}

// BenchmarkQuality computes DDU and ambiguity groups.
func BenchmarkQuality(b *testing.B) {
	for _, s := range sizes[:2] {
		b.Run(fmt.Sprintf("tests=%d/elements=%d", s.tests, s.elements), func(b *testing.B) {
			m := genMatrix(b, s.tests, s.elements)
			for b.Loop() {
				sinkRank += m.Quality().DDU
			}
		})
	}
}

// BenchmarkGoTest measures native collection on examples/triangle (nine
// cases); per-case is the wall time of the per-case runs divided by the
// cases, build the one-off compilation of the test binary.
func BenchmarkGoTest(b *testing.B) {
	for b.Loop() {
		g := &GoTest{Patterns: []string{"."}, Dir: "../examples/triangle", Tags: []string{examples.Tag}}
		m, err := Build(context.Background(), g)
		if err != nil || m.NumTests() != 9 {
			b.Fatal(m.NumTests(), err)
		}
		b.ReportMetric(float64(g.Stats.PerCase().Microseconds()), "µs/case")
		b.ReportMetric(float64(g.Stats.Build.Milliseconds()), "ms-build")
	}
}
