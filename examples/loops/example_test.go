package loops_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/examples/loops"
)

// The cases whose names end in "Fails" are the failing ones.
func Example() {
	for _, c := range loops.Cases {
		got := loops.Run(c)
		fmt.Println(c.Name, got == c.Want, strings.HasSuffix(c.Name, "Fails") == (got != c.Want))
	}
	// Output:
	// SumZeroFails false true
	// SumFails false true
	// IsqrtTen true true
	// IsqrtTwoFails false true
	// IsqrtZeroFails false true
	// SearchFirst true true
	// SearchLastFails false true
	// SearchMissing true true
}
