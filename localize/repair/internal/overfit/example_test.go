package overfit_test

import (
	"fmt"

	"github.com/faultloc/faultloc/localize/repair/internal/overfit"
)

// Signs reads a patch's overfitting signs from its text: a named
// constant replaced by a literal shows one, a bound moved by one none.
func ExampleSigns() {
	fmt.Println(overfit.Signs("wordSize", "65", nil, 0, 0))
	fmt.Println(overfit.Signs("i < n", "i <= n", nil, 0, 0))
	fmt.Println(overfit.Signs("", "if i > 1 { return }", nil, 0, 0))
	// Output:
	// [literal for a name]
	// []
	// [guard on a magic number]
}
