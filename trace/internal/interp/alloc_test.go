package interp

import (
	"strings"
	"testing"
)

// RunOptions.MaxAlloc bounds what a program allocates: within the budget
// it runs as natively, and Result.Alloc says how much it allocated;
// beyond it the run ends with BudgetExceeded before the allocation is
// made.
func TestMaxAlloc(t *testing.T) {
	const budget = 1 << 20
	for _, tc := range []struct {
		name        string
		small, huge int
	}{
		{"HugeSlice", 1000, 1 << 16},
		{"AppendLoop", 1000, 1 << 16},
		{"ConcatLoop", 100, 1 << 12},
		{"MapLoop", 1000, 1 << 15},
		{"NewLoop", 1000, 1 << 15},
		{"BufferedChan", 1000, 1 << 16},
		{"Bytes", 100, 1 << 11},
		{"GoAlloc", 1000, 1 << 16}, // in a goroutine
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := runBad(t, tc.name, &RunOptions{MaxAlloc: budget, NoTrace: true}, Int(int64(tc.small)))
			if err != nil || res.Outcome != Returned || res.Returns[0].Int() <= 0 {
				t.Fatalf("%s(%d) = %v, %v; want it to return", tc.name, tc.small, res, err)
			}
			// Result.Alloc counts what it allocated, within the budget,
			// and a run of ten times as much counts more.
			small := res.Alloc
			if small <= 0 || small > budget {
				t.Errorf("%s(%d): Alloc %d, want in (0, %d]", tc.name, tc.small, small, budget)
			}
			if res, err := runBad(t, tc.name, &RunOptions{MaxAlloc: budget * 16, NoTrace: true}, Int(int64(10*tc.small))); err != nil || res.Outcome != Returned || res.Alloc <= small {
				t.Errorf("%s(%d): %v, %v, Alloc %d, want it to return having allocated more than %d", tc.name, 10*tc.small, res, err, res.Alloc, small)
			}
			res, err = runBad(t, tc.name, &RunOptions{MaxAlloc: budget, NoTrace: true}, Int(int64(tc.huge)))
			if err != nil || res.Outcome != BudgetExceeded || !strings.Contains(res.Failure, "allocations over 1048576 bytes") {
				t.Fatalf("%s(%d) = %v, %v; want allocations over budget", tc.name, tc.huge, res, err)
			}
		})
	}
	// The default budget (4 GiB) stops a program from asking the host for
	// 8 GiB of cells.
	res, err := runBad(t, "HugeSlice", nil, Int(1<<28))
	if err != nil || res.Outcome != BudgetExceeded || !strings.Contains(res.Failure, "allocations") {
		t.Fatalf("HugeSlice(1<<28) = %v, %v; want allocations over budget", res, err)
	}
}
