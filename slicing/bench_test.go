package slicing

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// BenchmarkDDMin reports the number of tests ddmin needs ("tests/op") on
// standard cases: a failure caused by one element, by a scattered set of
// three, and by a contiguous block, at named sizes.
func BenchmarkDDMin(b *testing.B) {
	for _, n := range []int{64, 1000, 10000} {
		r := rand.New(rand.NewPCG(11, uint64(n)))
		cases := []struct {
			name string
			need []int
		}{
			{"one", []int{r.IntN(n)}},
			{"three", []int{r.IntN(n), r.IntN(n), r.IntN(n)}},
			{"block8", []int{n / 3, n/3 + 1, n/3 + 2, n/3 + 3, n/3 + 4, n/3 + 5, n/3 + 6, n/3 + 7}},
		}
		for _, c := range cases {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				need := map[int]bool{}
				for _, x := range c.need {
					need[x] = true
				}
				test := func(_ context.Context, cfg []int) Outcome {
					k := 0
					for _, x := range cfg {
						if need[x] {
							k++
						}
					}
					if k == len(need) {
						return Fail
					}
					return Pass
				}
				tests := 0
				for b.Loop() {
					res, err := DDMin(context.Background(), indices(n), test, nil)
					if err != nil || len(res.Min) != len(need) {
						b.Fatalf("DDMin = %v, %v", res.Min, err)
					}
					tests = res.Stats.Tests
				}
				b.ReportMetric(float64(tests), "tests/op")
			})
		}
	}
}

// BenchmarkDD reports the tests dd needs on the same cases.
func BenchmarkDD(b *testing.B) {
	for _, n := range []int{64, 1000, 10000} {
		r := rand.New(rand.NewPCG(12, uint64(n)))
		cases := []struct {
			name string
			need []int
		}{
			{"one", []int{r.IntN(n)}},
			{"three", []int{r.IntN(n), r.IntN(n), r.IntN(n)}},
		}
		for _, c := range cases {
			b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
				need := map[int]bool{}
				for _, x := range c.need {
					need[x] = true
				}
				test := func(_ context.Context, cfg []int) Outcome {
					k := 0
					for _, x := range cfg {
						if need[x] {
							k++
						}
					}
					if k == len(need) {
						return Fail
					}
					return Pass
				}
				tests := 0
				for b.Loop() {
					res, err := DD(context.Background(), indices(n), test, nil)
					if err != nil || len(res.Diff) != 1 {
						b.Fatalf("DD = %v, %v", res.Diff, err)
					}
					tests = res.Stats.Tests
				}
				b.ReportMetric(float64(tests), "tests/op")
			})
		}
	}
}

// syntheticCore builds a seeded random dependence graph of n events shaped
// like a trace: most dependences are recent (registers), some reach far back
// (loads of old stores), control parents are recent branches.
func syntheticCore(n int) *core {
	r := rand.New(rand.NewPCG(13, uint64(n)))
	c := &core{off: make([]int32, 1, n+1), ctrl: make([]int32, 0, n), flags: make([]uint8, 0, n), dep: make([]int32, 0, 2*n)}
	lastBranch := int32(-1)
	for e := range int32(n) {
		c.addEvent(lastBranch, 0)
		for range r.IntN(3) {
			if e == 0 {
				break
			}
			d := e - 1 - int32(r.IntN(int(min(e, 8))))
			if r.IntN(10) == 0 {
				d = int32(r.IntN(int(e)))
			}
			c.dep = append(c.dep, d)
		}
		c.seal()
		if r.IntN(8) == 0 {
			lastBranch = e
		}
	}
	return c
}

// BenchmarkBackwardSynthetic slices a synthetic graph of 10^6 events from
// its last event.
func BenchmarkBackwardSynthetic(b *testing.B) {
	const n = 1_000_000
	c := syntheticCore(n)
	size := 0
	for b.Loop() {
		size = c.backward([]int32{n - 1}, false).count()
	}
	if size == 0 {
		b.Fatal("empty slice")
	}
	b.ReportMetric(float64(size), "slice-events")
}

// longRecipe is an input of the chops subject whose run has about 10^6 events.
var longRecipe = strings.Repeat("chsm", 5_500)

// BenchmarkTraceSlice runs the chops subject on a recipe whose trace has
// about 10^6 events, then measures building the graph and slicing backward
// from the sweetness (reported separately: building the graph, with its
// memory per event; the backward slice; the relevant slice; building the
// graph and computing the potential dependences).
func BenchmarkTraceSlice(b *testing.B) {
	r := runTraced(b, "./examples/chops", chopsPkg, "Taste", trace.String(longRecipe))
	if r.Trace.Len() < 1_000_000 {
		b.Fatalf("trace has %d events, want at least 10^6", r.Trace.Len())
	}
	b.Run("NewGraph", func(b *testing.B) {
		var g *Graph
		for b.Loop() {
			g = NewGraph(r.Trace)
		}
		b.ReportMetric(float64(r.Trace.Len()), "events")
		b.ReportMetric(float64(g.bytes())/float64(g.Len()), "graph-bytes/event")
	})
	g := NewGraph(r.Trace)
	out, err := Output(r.Trace, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("Backward", func(b *testing.B) {
		size := 0
		for b.Loop() {
			s, _ := g.Backward(out)
			size = s.Len()
		}
		b.ReportMetric(float64(size), "slice-events")
	})
	g.Relevant(out) // computes the potential dependences once
	b.Run("Relevant", func(b *testing.B) {
		size := 0
		for b.Loop() {
			s, _ := g.Relevant(out)
			size = s.Len()
		}
		b.ReportMetric(float64(size), "slice-events")
	})
	b.Run("PotentialDeps", func(b *testing.B) {
		for b.Loop() {
			_ = NewGraph(r.Trace).computePotential(context.Background())
		}
	})
}

// BenchmarkDDMinParallel shows what parallel probes buy when each test is
// slow (a 200µs sleep standing in for running a program): wall time per
// DDMin and tests run, sequentially and with 4 probes at once.
func BenchmarkDDMinParallel(b *testing.B) {
	need := map[int]bool{5: true, 40: true, 41: true}
	test := func(_ context.Context, cfg []int) Outcome {
		time.Sleep(200 * time.Microsecond)
		k := 0
		for _, x := range cfg {
			if need[x] {
				k++
			}
		}
		if k == len(need) {
			return Fail
		}
		return Pass
	}
	for _, par := range []int{1, 4} {
		b.Run(fmt.Sprintf("parallel=%d", par), func(b *testing.B) {
			tests := 0
			for b.Loop() {
				r, err := DDMin(context.Background(), indices(64), test, &DDOptions{Parallel: par})
				if err != nil || len(r.Min) != 3 {
					b.Fatalf("DDMin = %v, %v", r.Min, err)
				}
				tests = r.Stats.Tests
			}
			b.ReportMetric(float64(tests), "tests/op")
		})
	}
}
