package foo_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/foo"
)

// The paper's failing test: Foo(3, 5) should be 2.
func Example() {
	fmt.Println(foo.Foo(3, 5))
	// Output:
	// 8
}
