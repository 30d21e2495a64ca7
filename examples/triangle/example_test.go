package triangle_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/triangle"
)

// The paper's passing tests T1–T7, run natively. T8, the failing one,
// is TestClassify's (under the faultloc build tag): the output recorded
// here holds with the fault and without it, so that a repair's
// validation, which runs the whole suite, accepts the fix.
func Example() {
	for _, tc := range triangle.Cases[:7] {
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
}
