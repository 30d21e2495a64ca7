package chops_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/chops"
)

// The failing run of the chops example: the bitterness is right, the
// sweetness is one too high.
func Example() {
	fmt.Println(chops.Taste("ccmh"))
	fmt.Println(chops.Spec("ccmh"))
	// Output:
	// 3 4
	// 3 3
}
