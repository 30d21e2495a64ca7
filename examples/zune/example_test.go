package zune_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/zune"
)

// The six tests of the paper, run natively: T6 is the failing one.
func Example() {
	for _, tc := range zune.Cases {
		fmt.Println(tc.Name, zune.Year(tc.Days), tc.Want)
	}
	// Output:
	// T1 1980 1980
	// T2 1980 1980
	// T3 1980 1980
	// T4 1981 1981
	// T5 1981 1981
	// T6 1981 1982
}
