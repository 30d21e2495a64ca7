package max3_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/max3"
	correct "github.com/faultloc/faultloc/examples/max3/correct"
)

// The failure-inducing input of the paper on both revisions.
func Example() {
	fmt.Println(correct.Max3(3, 2, 1), max3.Max3(3, 2, 1))
	// Output:
	// 3 1
}
