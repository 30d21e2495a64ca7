package workload

import "testing"

// TestWorkloadsOracle checks the native workloads against independent
// computations, so that agreeing with native means computing the right
// thing.
func TestWorkloadsOracle(t *testing.T) {
	for _, n := range []int{0, 1, 2, 10, 1000} {
		// sum of i*i for i < n is (n-1)n(2n-1)/6
		if got, want := SumSquares(n), (n-1)*n*(2*n-1)/6; n > 0 && got != want {
			t.Errorf("SumSquares(%d) = %d, want %d", n, got, want)
		}
	}
	if got := SumSquares(0); got != 0 {
		t.Errorf("SumSquares(0) = %d, want 0", got)
	}
	// Distinct sizes give distinct checksums: the workloads do depend on n.
	for _, f := range []func(int) int{TCAS, Classify} {
		if f(50) == f(51) {
			t.Errorf("checksum independent of n")
		}
	}
}
