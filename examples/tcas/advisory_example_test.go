package tcas_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/tcas"
)

// Advisory is Main with twelve int parameters and one int result, the
// shape a formula-based localizer can take as a test.
func ExampleAdvisory() {
	// t10 of the universe: 976 1 1 5378 390 1000 2 641 741 1 0 0.
	fmt.Println(tcas.Advisory(976, 1, 1, 5378, 390, 1000, 2, 641, 741, 1, 0, 0))
	// Output: 2
}
