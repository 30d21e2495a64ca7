package triangle_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/triangle"
)

// The eight tests of the paper, run natively: T8 is the failing one.
func Example() {
	for _, tc := range triangle.Cases {
		got := triangle.Classify(tc.A, tc.B, tc.C)
		fmt.Println(tc.Name, got == tc.Want)
	}
	// Output:
	// T1 true
	// T2 true
	// T3 true
	// T4 true
	// T5 true
	// T6 true
	// T7 true
	// T8 false
}
