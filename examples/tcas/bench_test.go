package tcas

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkUniverse runs the fault-free port on all 1608 tests.
func BenchmarkUniverse(b *testing.B) {
	tests, err := Universe()
	if err != nil {
		b.Fatal(err)
	}
	want, err := Expected()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, tc := range tests {
			if got, _ := Run(Main, tc.Args); got != want[tc.Index] {
				b.Fatalf("%s: %v, want %v", tc.Name(), got, want[tc.Index])
			}
		}
	}
}

// BenchmarkMain runs Main on seeded random in-bounds inputs.
func BenchmarkMain(b *testing.B) {
	r := rand.New(rand.NewPCG(8, 41))
	inputs := make([][]int, 1024)
	for i := range inputs {
		inputs[i] = []int{r.IntN(1000), r.IntN(2), r.IntN(2), r.IntN(10000), r.IntN(1000), r.IntN(10000),
			r.IntN(4), r.IntN(1000), r.IntN(1000), r.IntN(3), r.IntN(3), r.IntN(2)}
	}
	counts := [3]int{}
	for i := 0; b.Loop(); i++ {
		out, err := Main(inputs[i%len(inputs)])
		if err != nil {
			b.Fatal(err)
		}
		counts[out]++
	}
	if counts[0]+counts[1]+counts[2] == 0 {
		b.Fatal("no run")
	}
}

// BenchmarkVersionSource applies the edits of every version.
func BenchmarkVersionSource(b *testing.B) {
	vs := Versions()
	for b.Loop() {
		for _, v := range vs {
			if _, err := v.Source(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
