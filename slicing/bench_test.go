package slicing

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
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
